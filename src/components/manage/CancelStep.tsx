import { useId } from 'react'
import { CANCELLATION_REASON_MAX_LENGTH } from '../../../core/manageWire'
import { manageCopy } from '../../content/manageBooking'
import { formatCall } from '../../lib/time/format'
import { fieldError, fieldInput, fieldLabel } from '../booking/styles'
import { StepHeading } from './StepHeading'
import { StepFooter } from './StepFooter'
import { dangerButton } from './styles'
import type { ManageBookingView } from './useManageBooking'

const copy = manageCopy.cancel

/** Confirming the cancellation, with an optional reason; also while it is sent, and after it failed (Retry). */
export function CancelStep({ manage }: { manage: ManageBookingView }) {
  const id = useId()
  const reasonId = `${id}-reason`
  const hintId = `${id}-reason-hint`
  const errorId = `${id}-reason-error`
  const { booking, can } = manage
  return (
    <>
      <StepHeading>{copy.heading}</StepHeading>
      <p className="text-slate-300">
        {booking ? (
          <>
            {copy.booked} <span className="font-semibold text-white">{formatCall(booking.startTime, booking.endTime, manage.display)}</span>{' '}
          </>
        ) : null}
        {copy.text}
      </p>
      <div>
        <label htmlFor={reasonId} className={fieldLabel}>
          {copy.reasonLabel}
        </label>
        <textarea
          id={reasonId}
          name="cancellationReason"
          rows={3}
          maxLength={CANCELLATION_REASON_MAX_LENGTH}
          value={manage.reason}
          readOnly={!can.editReason}
          aria-invalid={manage.reasonError ? true : undefined}
          aria-describedby={manage.reasonError ? `${hintId} ${errorId}` : hintId}
          onChange={(e) => manage.changeReason(e.currentTarget.value)}
          className={`${fieldInput} min-h-24 resize-y ${manage.reasonError ? 'border-rose-400/70' : 'border-white/15'}`}
        />
        <p id={hintId} className="mt-1.5 flex justify-between gap-4 text-sm text-slate-400">
          <span>{copy.reasonHint}</span>
          <span aria-hidden="true" className="tabular-nums">
            {manage.reason.length}/{CANCELLATION_REASON_MAX_LENGTH}
          </span>
        </p>
        <p id={errorId} aria-live="polite" className={fieldError}>
          {manage.reasonError}
        </p>
      </div>
      <StepFooter
        manage={manage}
        buttonClass={dangerButton}
        confirm={{ label: copy.confirm, busyLabel: copy.confirming, busy: manage.cancelling, enabled: can.confirmCancel, onClick: manage.confirmCancel }}
        retryLabel={copy.retry}
        backLabel={copy.keep}
      />
    </>
  )
}
