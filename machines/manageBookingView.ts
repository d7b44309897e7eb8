/**
 * What the manage page's view reads of its machine's snapshot: pure selectors beside the machine (its own file, so
 * the machine's mutation score measures the machine alone). `can` says whether the machine takes a control's event
 * now, so a view never decides that itself.
 */
import { manageStep, reasonError, type ManageBookingSnapshot } from './manageBooking'

export const manageBookingView = {
  step: manageStep,
  booking: (s: ManageBookingSnapshot) => s.context.booking,
  timeZone: (s: ManageBookingSnapshot) => s.context.timeZone,
  hour24: (s: ManageBookingSnapshot) => s.context.hour24,
  reason: (s: ManageBookingSnapshot) => s.context.reason,
  reasonError,
  chosen: (s: ManageBookingSnapshot) => s.context.chosen,
  movedFrom: (s: ManageBookingSnapshot) => s.context.movedFrom,
  error: (s: ManageBookingSnapshot) => s.context.error,
  notice: (s: ManageBookingSnapshot) => s.context.notice,
  cancelling: (s: ManageBookingSnapshot) => s.matches('cancelling'),
  saving: (s: ManageBookingSnapshot) => s.matches({ rescheduling: 'saving' }),
  slots: (s: ManageBookingSnapshot) => s.children.slots,
  joinWindow: (s: ManageBookingSnapshot) => s.children.joinWindow,
} as const

/** Whether the machine takes each control's event now. */
export const manageBookingControls = {
  retry: (s: ManageBookingSnapshot) => s.can({ type: 'RETRY' }),
  startCancel: (s: ManageBookingSnapshot) => s.can({ type: 'START_CANCEL' }),
  startReschedule: (s: ManageBookingSnapshot) => s.can({ type: 'START_RESCHEDULE' }),
  back: (s: ManageBookingSnapshot) => s.can({ type: 'BACK' }),
  editReason: (s: ManageBookingSnapshot) => s.can({ type: 'REASON_CHANGED', value: '' }),
  confirmCancel: (s: ManageBookingSnapshot) => s.can({ type: 'CONFIRM_CANCEL' }),
  chooseSlot: (s: ManageBookingSnapshot) => s.can({ type: 'SLOT_CHOSEN', slot: '' }),
  confirmReschedule: (s: ManageBookingSnapshot) => s.can({ type: 'CONFIRM_RESCHEDULE' }),
  changeTime: (s: ManageBookingSnapshot) => s.can({ type: 'CLOCK_CHANGED', hour24: false }),
} as const
