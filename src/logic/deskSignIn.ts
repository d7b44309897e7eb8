import { fromPromise } from 'xstate'
import type { DeskView, LinkRequest, SessionRequest } from '../../core/deskWire'
import { deskSignInMachine } from '../../machines/deskSignIn'
import { fetchDesk, openSession, requestLink } from '../lib/api/deskApi'
import { deskLogic } from './desk'
import { focusAndReveal, focusInPageContent } from '../lib/dom/focus'

/** The ids of the desk page's step heading, its address field and its alert (one step shows at a time). */
export const DESK_HEADING_ID = 'desk-step-heading'
export const DESK_EMAIL_ID = 'desk-email'
export const DESK_ALERT_ID = 'desk-alert'

export const deskSignInLogic = deskSignInMachine.provide({
  actors: {
    loadDesk: fromPromise<DeskView>(({ signal }) => fetchDesk(signal)),
    openSession: fromPromise<void, SessionRequest>(({ input, signal }) => openSession(input, signal)),
    requestLink: fromPromise<void, LinkRequest>(({ input, signal }) => requestLink(input, signal)),
    // The board with its own effects provided, as every actor the frame runs is provided here.
    desk: deskLogic,
  },
  actions: {
    // The router's own entry state is kept: only the address loses its fragment.
    forgetLinkInAddress: () => window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`),
    focusStepHeading: () => focusInPageContent(DESK_HEADING_ID),
    focusEmailField: () => focusAndReveal(DESK_EMAIL_ID),
    focusAlert: () => focusInPageContent(DESK_ALERT_ID),
  },
})
