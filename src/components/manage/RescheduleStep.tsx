import { useMemo } from 'react'
import { manageCopy } from '../../content/manageBooking'
import { describeTimeZone, formatCall, nowInstant } from '../../lib/time'
import { STEP_HEADING_ID } from '../../logic/manageBooking'
import { DaySlots } from '../booking/DaySlots'
import { primaryButton } from '../sections/ui'
import { StepFooter } from './StepFooter'
import { StepHeading } from './StepHeading'
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
      <StepFooter
        manage={manage}
        buttonClass={primaryButton}
        confirm={{ label: copy.confirm, busyLabel: copy.saving, busy: manage.saving, enabled: can.confirmReschedule, onClick: manage.confirmReschedule }}
        retryLabel={copy.retry}
        backLabel={copy.back}
      />
    </>
  )
}
