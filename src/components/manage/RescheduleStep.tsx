import { manageCopy } from '../../content/manageBooking'
import { formatCall } from '../../lib/time/format'
import { STEP_HEADING_ID } from '../../logic/manageBooking'
import { DaySlots } from '../booking/DaySlots'
import { TimeSettings } from '../booking/TimeSettings'
import { primaryButton } from '../sections/ui'
import { StepFooter } from './StepFooter'
import { StepHeading } from './StepHeading'
import type { ManageBookingView } from './useManageBooking'

const copy = manageCopy.reschedule

/** Moving the call: the booking form's day picker and slot grid; also while saving, and after it failed (Retry). */
export function RescheduleStep({ manage }: { manage: ManageBookingView }) {
  const { booking, can, display } = manage
  return (
    <>
      <StepHeading>{copy.heading}</StepHeading>
      {booking ? (
        <p className="text-slate-300">
          {copy.current} <span className="font-semibold text-white">{formatCall(booking.startTime, booking.endTime, display)}</span>
        </p>
      ) : null}
      <div role="group" aria-labelledby={STEP_HEADING_ID} className="flex flex-col gap-3">
        <DaySlots slots={manage.slots} display={display} selected={manage.chosen} readOnly={!can.chooseSlot} onChoose={manage.chooseSlot} />
        <TimeSettings
          timeZone={manage.timeZone}
          hour24={manage.hour24}
          enabled={can.changeTime}
          onTimeZone={manage.chooseTimeZone}
          onHour24={manage.changeClock}
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
