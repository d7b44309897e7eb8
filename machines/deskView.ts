/**
 * What the desk's views read of its machine's snapshot: pure selectors beside the machine (its own file, so the
 * machine's mutation score measures the machine alone). `can` says whether the machine takes a control's event
 * now, so a view never decides that itself.
 */
import { isPlainLines } from '../core/bookingFields'
import { DESK_TEXTS, type DeskCall } from '../core/deskWire'
import { normaliseLineBreaks } from '../core/manageWire'
import type { DeskSnapshot } from './desk'
import { callsByDay } from './deskCalls'

export const deskView = {
  view: (s: DeskSnapshot) => s.context.view,
  now: (s: DeskSnapshot) => s.context.now,
  upcomingDays: (s: DeskSnapshot) => callsByDay(s.context.view.upcoming, s.context.view.timeZone),
  pastDays: (s: DeskSnapshot) => callsByDay(s.context.view.past, s.context.view.timeZone),
  /** The call whose cancel dialog is open, while it is. */
  dialogCall: (s: DeskSnapshot): DeskCall | null =>
    s.matches({ loaded: 'cancelDialog' }) ? (s.context.view.upcoming.find((call) => call.uid === s.context.cancelling) ?? null) : null,
  reason: (s: DeskSnapshot) => s.context.reason,
  /** The reason field's message while it holds what the server would refuse (docs/design.md#one-text-rule), or null. */
  reasonError: (s: DeskSnapshot): string | null => (isPlainLines(normaliseLineBreaks(s.context.reason)) ? null : DESK_TEXTS.reasonInvalid),
  sendingCancel: (s: DeskSnapshot) => s.matches({ loaded: { cancelDialog: 'sending' } }),
  /** The uid whose no-show change is in flight. */
  marking: (s: DeskSnapshot) => (s.matches({ loaded: 'marking' }) ? (s.context.marking?.uid ?? null) : null),
  timeOffForm: (s: DeskSnapshot) => s.context.timeOff,
  addingTimeOff: (s: DeskSnapshot) => s.matches({ loaded: 'addingTimeOff' }),
  removingTimeOff: (s: DeskSnapshot) => (s.matches({ loaded: 'removingTimeOff' }) ? s.context.removing : null),
  signingOut: (s: DeskSnapshot) => s.matches({ loaded: 'signingOut' }),
  error: (s: DeskSnapshot) => s.context.error,
  status: (s: DeskSnapshot) => s.context.status,
} as const

/** Whether the machine takes each control's event now (per call or entry where it names one). */
export const deskControls = {
  cancel: (s: DeskSnapshot, uid: string) => s.can({ type: 'CANCEL_CALL', uid }),
  /** Whether "Mark no-show" is on now (it shows once the call has started: deskCalls' hasStarted). */
  markNoShow: (s: DeskSnapshot, uid: string) => s.can({ type: 'MARK_NO_SHOW', uid, rebook: true }),
  undoNoShow: (s: DeskSnapshot, uid: string) => s.can({ type: 'UNDO_NO_SHOW', uid }),
  editReason: (s: DeskSnapshot) => s.can({ type: 'REASON_CHANGED', value: '' }),
  confirmCancel: (s: DeskSnapshot) => s.can({ type: 'CONFIRM_CANCEL' }),
  keepCall: (s: DeskSnapshot) => s.can({ type: 'KEEP_CALL' }),
  editTimeOff: (s: DeskSnapshot) => s.can({ type: 'TIME_OFF_CHANGED', field: 'label', value: '' }),
  addTimeOff: (s: DeskSnapshot) => s.can({ type: 'ADD_TIME_OFF' }),
  removeTimeOff: (s: DeskSnapshot, id: string) => s.can({ type: 'REMOVE_TIME_OFF', id }),
  signOut: (s: DeskSnapshot) => s.can({ type: 'SIGN_OUT' }),
} as const
