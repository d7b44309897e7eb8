import { secondaryButton } from '../sections/ui'
import { actionRow, alertBox, alertSlot, waiting } from './styles'
import type { ManageBookingView } from './useManageBooking'

export interface StepFooterProps {
  manage: ManageBookingView
  /** The main action's look (the site's primary button, or the danger one for cancelling). */
  buttonClass: string
  /** The main action: its label, its label while the request is in flight, whether the machine takes it now. */
  confirm: { label: string; busyLabel: string; busy: boolean; enabled: boolean; onClick: () => void }
  retryLabel: string
  backLabel: string
}

/**
 * The end of the cancel and reschedule steps: the failure's sentence, then the main action (Retry
 * once it failed) and the way back, each enabled as the machine says.
 */
export function StepFooter({ manage, buttonClass, confirm, retryLabel, backLabel }: StepFooterProps) {
  return (
    <>
      {/* Always present, so the message is announced when it appears. */}
      <div role="alert" className={alertSlot}>
        {manage.error ? <p className={alertBox}>{manage.error}</p> : null}
      </div>
      <div className={actionRow}>
        {manage.can.retry ? (
          <button type="button" className={buttonClass} onClick={manage.retry}>
            {retryLabel}
          </button>
        ) : (
          <button type="button" className={`${buttonClass} ${waiting} disabled:opacity-50`} disabled={!confirm.enabled} onClick={confirm.onClick}>
            {confirm.busy ? confirm.busyLabel : confirm.label}
          </button>
        )}
        <button type="button" className={`${secondaryButton} disabled:opacity-50`} disabled={!manage.can.back} onClick={manage.back}>
          {backLabel}
        </button>
      </div>
    </>
  )
}
