import { fromPromise } from 'xstate'
import type { DeskView, HostCancelRequest, TimeOffRequest } from '../../core/deskWire'
import { deskMachine } from '../../machines/desk'
import { addTimeOff, cancelCall, fetchDesk, markNoShow, removeTimeOff, signOut } from '../lib/api/deskApi'
import { focusAfterRender, focusByIdAfterRender } from '../lib/dom/focus'

/** The ids the desk's focus moves between: the dialog's field, each call's "Cancel call", the board's heading. */
export const DESK_IDS = {
  reason: 'desk-cancel-reason',
  cancelButton: (uid: string) => `desk-cancel-${uid}`,
  upcoming: 'desk-upcoming-heading',
} as const

/** The desk machine with its requests and its focus: the sign-in machine invokes it as `desk` once signed in. */
export const deskLogic = deskMachine.provide({
  actors: {
    loadDesk: fromPromise<DeskView>(({ signal }) => fetchDesk(signal)),
    cancelCall: fromPromise<DeskView, { uid: string } & HostCancelRequest>(({ input: { uid, ...request }, signal }) => cancelCall(uid, request, signal)),
    markNoShow: fromPromise<DeskView, { uid: string; noShow: boolean; rebook: boolean }>(({ input: { uid, ...request }, signal }) => markNoShow(uid, request, signal)),
    addTimeOff: fromPromise<DeskView, TimeOffRequest>(({ input, signal }) => addTimeOff(input, signal)),
    removeTimeOff: fromPromise<DeskView, { id: string }>(({ input, signal }) => removeTimeOff(input.id, signal)),
    signOut: fromPromise<void>(({ signal }) => signOut(signal)),
  },
  actions: {
    focusReason: () => focusByIdAfterRender(DESK_IDS.reason),
    // A cancelled call has left the list with its button: the list's heading takes the focus instead.
    returnFocus: (_, params) => focusAfterRender(null, ...(params.uid ? [DESK_IDS.cancelButton(params.uid)] : []), DESK_IDS.upcoming),
  },
})
