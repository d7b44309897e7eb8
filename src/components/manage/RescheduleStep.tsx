import { useMemo } from 'react'
import { manageCopy } from '../../content/manageBooking'
import { describeTimeZone, formatCall, nowInstant } from '../../lib/time'
import { STEP_HEADING_ID } from '../../logic/manageBooking'
import { DaySlots } from '../booking/DaySlots'
import { primaryButton, secondaryButton } from '../sections/ui'
import { StepHeading } from './StepHeading'
import { actionRow, alertBox, alertSlot, waiting } from './styles'
import type { ManageBookingView } from './useManageBooking'

const copy = manageCopy.reschedule

/** Moving the call: the booking form's day picker and slot grid; also while saving, and after it failed (Retry). */
export function RescheduleStep({ manage }: { manage: ManageBookingView }) {
  const { booking, can, timeZone } = manage
  const zone = useMemo(() => describeTimeZone(timeZone, nowInstant()), [timeZone])
  return (
    <>
      <StepHeading>{copy.heading}</StepHeading>
      {booking ? (
        <p className="text-slate-300">
          {copy.current} <span className="font-semibold text-white">{formatCall(booking.startTime, booking.endTime, timeZone)}</span>
        </p>
      ) : null}
      <div role="group" aria-labelledby={STEP_HEADING_ID} className="flex flex-col gap-3">
        <p className="text-xs text-slate-300">
          {manageCopy.summary.zone} {zone}
        </p>
        <DaySlots
          slots={manage.slots}
          timeZone={timeZone}
          selected={manage.chosen}
          readOnly={!can.chooseSlot}
          onChoose={manage.chooseSlot}
        />
      </div>
      {/* Always present, so the message is announced when it appears. */}
      <div role="alert" className={alertSlot}>{manage.error ? <p className={alertBox}>{manage.error}</p> : null}</div>
      <div className={actionRow}>
        {can.retry ? (
          <button type="button" className={primaryButton} onClick={manage.retry}>
            {copy.retry}
          </button>
        ) : (
          <button
            type="button"
            className={`${primaryButton} ${waiting} disabled:opacity-50`}
            disabled={!can.confirmReschedule}
            onClick={manage.confirmReschedule}
          >
            {manage.saving ? copy.saving : copy.confirm}
          </button>
        )}
        <button type="button" className={`${secondaryButton} disabled:opacity-50`} disabled={!can.back} onClick={manage.back}>
          {copy.back}
        </button>
      </div>
    </>
  )
}
