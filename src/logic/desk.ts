import { deskMachine } from '../../machines/desk'
import { deskBoardActors } from '../lib/api/deskBoardActors'
import { focusAfterRender, focusByIdAfterRender } from '../lib/dom/focus'

/** The ids the desk's focus moves between: the dialog's field, each call's "Cancel call", the board's heading. */
export const DESK_IDS = {
  reason: 'desk-cancel-reason',
  cancelButton: (uid: string) => `desk-cancel-${uid}`,
  upcoming: 'desk-upcoming-heading',
} as const

/** The desk machine with its requests and its focus: the sign-in machine invokes it as `desk` once signed in. */
export const deskLogic = deskMachine.provide({
  actors: deskBoardActors,
  actions: {
    focusReason: () => focusByIdAfterRender(DESK_IDS.reason),
    // A cancelled call has left the list with its button: the list's heading takes the focus instead.
    returnFocus: (_, params) => focusAfterRender(null, ...(params.uid ? [DESK_IDS.cancelButton(params.uid)] : []), DESK_IDS.upcoming),
  },
})
