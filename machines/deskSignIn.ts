/**
 * The desk's frame (/desk, docs/desk.md): whether the host is signed in, and signing in by a link mailed to
 * them. The page opens (OPENED, with the token of a sign-in link when it came by one: `#link=<token>`), the
 * link is traded for a session, the session is checked, and once signed in the desk's board runs as the
 * child `desk` until it ends (signed out, or the session ended), with its sentence shown above the form.
 * Requests and focus are declared here and provided by src/logic/deskSignIn.ts.
 */
import * as v from 'valibot'
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { deskErrorText, isLinkRefused, isNotSetUp, isRateLimited, isSignedOut } from '../core/deskErrors'
import { DESK_TEXTS, LinkRequestSchema, type DeskView, type LinkRequest, type SessionRequest } from '../core/deskWire'
import { deskMachine } from './desk'
import { providedByApp } from './providedByApp'

export interface DeskSignInContext {
  /** Reads the current instant (epoch ms): the board's "now" (the Join link, Mark no-show). */
  clock: () => number
  /** The sign-in link's token, from the address the page opened with (empty without one); kept for a retry once it is gone from there. */
  token: string
  /** The desk as the server answered it, for the board to start from. */
  view: DeskView | null
  /** The sign-in form's address, as typed. */
  email: string
  /** The address field's sentence, after a refused submit. */
  emailError: string | null
  /** The sentence of the last failed request. */
  error: string | null
  /** How the last session ended (signed out, or ended by the server), shown above the form. */
  notice: string | null
}

export type DeskSignInInput = Pick<DeskSignInContext, 'clock'>

export type DeskSignInEvent =
  /** The page has opened: `token` is the sign-in link's, or empty when the address carried none. */
  | { type: 'OPENED'; token: string }
  | { type: 'EMAIL_CHANGED'; value: string }
  | { type: 'SEND_LINK' }
  /** Checking the session or opening the link failed: the same request again. */
  | { type: 'RETRY' }
  /** The link was refused: back to the form. */
  | { type: 'ASK_NEW_LINK' }

/** The address field's sentence for `email` (LinkRequestSchema's own, so the page refuses what the server would), or null. */
function emailSentence(email: string): string | null {
  const checked = v.safeParse(LinkRequestSchema, { email })
  return checked.success ? null : checked.issues[0].message
}

export const deskSignInMachine = setup({
  types: {
    input: {} as DeskSignInInput,
    context: {} as DeskSignInContext,
    events: {} as DeskSignInEvent,
    children: {} as { loadDesk: 'loadDesk'; openSession: 'openSession'; requestLink: 'requestLink'; desk: 'desk' },
  },
  actors: {
    loadDesk: fromPromise<DeskView>(() => providedByApp('loadDesk')),
    openSession: fromPromise<void, SessionRequest>(() => providedByApp('openSession')),
    requestLink: fromPromise<void, LinkRequest>(() => providedByApp('requestLink')),
    desk: deskMachine,
  },
  guards: {
    cameByLink: ({ event }) => {
      assertEvent(event, 'OPENED')
      return event.token !== ''
    },
    emailValid: ({ context }) => emailSentence(context.email) === null,
    signedOut: (_, params: { error: unknown }) => isSignedOut(params.error),
    notSetUp: (_, params: { error: unknown }) => isNotSetUp(params.error),
    linkRefused: (_, params: { error: unknown }) => isLinkRefused(params.error),
  },
  actions: {
    storeToken: assign(({ event }) => {
      assertEvent(event, 'OPENED')
      return { token: event.token }
    }),
    /** The token leaves the address bar (and the history) at once: a link works once, and the address may be shared. */
    forgetLinkInAddress: () => providedByApp('forgetLinkInAddress'),
    storeView: assign((_, params: { view: DeskView }) => ({ view: params.view, notice: null, error: null })),
    /** Once the field has been refused, its sentence follows what is typed, and goes when the address is good. */
    setEmail: assign(({ context, event }) => {
      assertEvent(event, 'EMAIL_CHANGED')
      return { email: event.value, emailError: context.emailError === null ? null : emailSentence(event.value) }
    }),
    refuseEmail: assign(({ context }) => ({ emailError: emailSentence(context.email) })),
    clearError: assign({ error: null }),
    storeLinkError: assign((_, params: { error: unknown }) => ({
      error: isRateLimited(params.error) ? DESK_TEXTS.tooManyLinks : deskErrorText(params.error),
    })),
    storeOpenError: assign((_, params: { error: unknown }) => ({ error: deskErrorText(params.error) })),
    /** The board has ended: its sentence shows above the form, and nothing of the desk stays behind. */
    endSession: assign((_, params: { sentence: string }) => ({ notice: params.sentence, view: null, email: '', emailError: null, error: null })),
    /** Each new step takes the focus to its heading, so a keyboard or screen reader user starts there. */
    focusStepHeading: () => providedByApp('focusStepHeading'),
    /** A refused address: the field, with its sentence, takes the focus. */
    focusEmailField: () => providedByApp('focusEmailField'),
    /** A failed request while the form stays: its alert takes the focus. */
    focusAlert: () => providedByApp('focusAlert'),
  },
}).createMachine({
  id: 'deskSignIn',
  context: ({ input }) => ({ clock: input.clock, token: '', view: null, email: '', emailError: null, error: null, notice: null }),
  initial: 'opening',
  states: {
    /** The prerendered shell, until the page has opened in the browser. */
    opening: {
      on: {
        OPENED: [
          { guard: 'cameByLink', target: 'openingLink', actions: ['storeToken', 'forgetLinkInAddress'] },
          { target: 'checking' },
        ],
      },
    },
    openingLink: {
      entry: 'clearError',
      invoke: {
        id: 'openSession',
        src: 'openSession',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'checking',
        onError: [
          { guard: { type: 'linkRefused', params: ({ event }) => ({ error: event.error }) }, target: 'linkRefused' },
          { guard: { type: 'notSetUp', params: ({ event }) => ({ error: event.error }) }, target: 'notSetUp' },
          { target: 'openFailed', actions: { type: 'storeOpenError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** The link could not be opened (the network, most likely): Retry sends the same token again. */
    openFailed: {
      entry: 'focusStepHeading',
      on: { RETRY: 'openingLink' },
    },
    /** Used, expired or unknown: the sentence, and the way on. */
    linkRefused: {
      entry: 'focusStepHeading',
      on: { ASK_NEW_LINK: { target: 'signedOut', actions: 'focusStepHeading' } },
    },
    checking: {
      invoke: {
        id: 'loadDesk',
        src: 'loadDesk',
        onDone: { target: 'signedIn', actions: { type: 'storeView', params: ({ event }) => ({ view: event.output }) } },
        onError: [
          { guard: { type: 'signedOut', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut', actions: 'focusStepHeading' },
          { guard: { type: 'notSetUp', params: ({ event }) => ({ error: event.error }) }, target: 'notSetUp' },
          { target: 'checkFailed' },
        ],
      },
    },
    checkFailed: {
      entry: 'focusStepHeading',
      on: { RETRY: 'checking' },
    },
    /** No address may sign in: the sentence says which setting turns the desk on. */
    notSetUp: {
      entry: 'focusStepHeading',
    },
    /**
     * The form: an address, and a link asked for it. The focus goes to its heading when it comes anew, or to the
     * alert when a request failed (set on the transitions in, not here, so one does not undo the other).
     */
    signedOut: {
      on: {
        EMAIL_CHANGED: { actions: 'setEmail' },
        SEND_LINK: [
          // A good address has no sentence: typing it cleared the field's (setEmail).
          { guard: 'emailValid', target: 'sending' },
          { actions: ['refuseEmail', 'focusEmailField'] },
        ],
      },
    },
    /** The request is in flight: the field is read-only and the button waits. */
    sending: {
      entry: 'clearError',
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        input: ({ context }) => v.parse(LinkRequestSchema, { email: context.email }),
        onDone: 'sent',
        // The form stays as it was, with the failure's sentence.
        onError: { target: 'signedOut', actions: [{ type: 'storeLinkError', params: ({ event }) => ({ error: event.error }) }, 'focusAlert'] },
      },
    },
    /** The same sentence for every address: nobody learns who may sign in. */
    sent: {
      entry: 'focusStepHeading',
    },
    /** The board runs; when it ends, the form comes back with its sentence. */
    signedIn: {
      invoke: {
        id: 'desk',
        src: 'desk',
        input: ({ context }) => ({ view: context.view!, clock: context.clock }),
        onDone: {
          target: 'signedOut',
          actions: [{ type: 'endSession', params: ({ event }) => ({ sentence: event.output.sentence }) }, 'focusStepHeading'],
        },
      },
    },
  },
})

export type DeskSignInSnapshot = SnapshotFrom<typeof deskSignInMachine>
