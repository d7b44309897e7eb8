/**
 * The model options of the deskSignIn path tests, shared by the machine level (vitest) and the UI level
 * (Playwright): the desk as the server answers it, the link's token, and one sample per guard branch of every
 * answer, each with the sentence the page must show. The sentences are written out here, not read from the
 * wire, so a changed sentence there is noticed. Pure: no Playwright and no vitest here.
 */
import { BookingRejected } from '../../../../core/bookingErrors'
import type { DeskView } from '../../../../core/deskWire'
import type { AnySnapshot, ModelOptions } from '../../support/machineModel'

/** The sign-in link's token, as the mailed link carries it in its fragment. */
export const TOKEN = 'Zk3x9QeV7mB2nR8tY4uW1aLcD6'

export const HOST_EMAIL = 'host@kiwiautomate.example'
/** Refused by the field: no dot in its domain. */
export const BAD_EMAIL = 'host@kiwiautomate'

/** The desk as GET /api/desk answers it: one upcoming call. */
export const VIEW: DeskView = {
  email: HOST_EMAIL,
  timeZone: 'Pacific/Auckland',
  upcoming: [
    {
      uid: 'desk-call-1',
      startTime: '2026-03-04T21:00:00.000Z',
      endTime: '2026-03-04T21:15:00.000Z',
      name: 'Aroha Ngata',
      email: 'aroha@example.com',
      timeZone: 'Pacific/Auckland',
      notes: null,
      joinUrl: 'https://meet.example.com/abc',
      phone: null,
      cameFrom: null,
      bookedBy: 'form',
      brief: null,
      noShow: false,
      inTimeOff: false,
    },
  ],
  past: [],
  timeOff: [],
}

/** The desk's words the page shows (core/deskWire.ts DESK_TEXTS and src/content/desk.ts), written out. */
export const DESK_SIGN_IN_TEXTS = {
  signInHeading: 'Sign in to the desk',
  emailLabel: 'Email address',
  sendLink: 'Email me a sign-in link',
  sending: 'Sending…',
  linkSent: 'If this address may sign in to the desk, a sign-in link is on its way to it. The link works once, within 15 minutes.',
  emailInvalid: 'Please enter a valid email address.',
  checking: 'Opening the desk…',
  openingLink: 'Signing you in…',
  checkFailedHeading: 'The desk could not be opened',
  loadFailed: 'The calls could not be loaded. Please check your connection and try again.',
  openFailedHeading: 'The link could not be opened',
  notSetUpHeading: 'The desk is not set up',
  notSetUp: 'The desk is not set up. Set DESK_EMAILS (or HOST_EMAIL) to the addresses that may sign in, then restart the server.',
  linkRefused: 'This sign-in link has been used or has expired. Please ask for a new one.',
  askNewLink: 'Ask for a new link',
  tooManyLinks: 'Too many sign-in links have been asked for. Please try again later.',
  actionFailed: 'That did not go through. Please check your connection and try again.',
  signedOut: 'You have signed out of the desk.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  retry: 'Retry',
} as const

/** How a request of the page can fail: the error the fake rejects with, how the server (or the network) answers, the sentence shown. */
export interface DeskFailure {
  error: unknown
  answer: { status: number; body: string } | 'network'
  text: string
}

const failure = (status: number, body: { message: string; code?: string } | undefined, text: string): DeskFailure => ({
  error: new BookingRejected(status, body?.message, body?.code),
  answer: { status, body: body === undefined ? '' : JSON.stringify(body) },
  text,
})

const network = (text: string): DeskFailure => ({ error: new TypeError('Failed to fetch'), answer: 'network', text })

const notSetUp = () => failure(404, { message: DESK_SIGN_IN_TEXTS.notSetUp, code: 'not_set_up' }, DESK_SIGN_IN_TEXTS.notSetUp)

/** GET /api/desk: no session, no desk, or a failure with no sentence (never a bare status on screen). */
export const CHECK_FAILURES = {
  signedOut: failure(401, { message: 'Please sign in to the desk.', code: 'signed_out' }, ''),
  notSetUp: notSetUp(),
  failed: failure(503, undefined, DESK_SIGN_IN_TEXTS.loadFailed),
} as const

/** POST /api/desk/session: the link refused, no desk, the network, and another refusal with the server's own sentence. */
export const OPEN_FAILURES = {
  linkRefused: failure(400, { message: DESK_SIGN_IN_TEXTS.linkRefused, code: 'link_refused' }, DESK_SIGN_IN_TEXTS.linkRefused),
  notSetUp: notSetUp(),
  network: network(DESK_SIGN_IN_TEXTS.actionFailed),
  refused: failure(403, { message: 'This request came from another site.' }, 'This request came from another site.'),
} as const

/** POST /api/desk/link: rate limited (the desk's own sentence, whatever the server's), the network, and the server's sentence. */
export const LINK_FAILURES = {
  limited: failure(429, { message: 'Too many requests. Please try again in a minute.' }, DESK_SIGN_IN_TEXTS.tooManyLinks),
  network: network(DESK_SIGN_IN_TEXTS.actionFailed),
  refused: failure(400, { message: DESK_SIGN_IN_TEXTS.emailInvalid }, DESK_SIGN_IN_TEXTS.emailInvalid),
} as const

const ALL_FAILURES: readonly DeskFailure[] = [...Object.values(CHECK_FAILURES), ...Object.values(OPEN_FAILURES), ...Object.values(LINK_FAILURES)]

export function deskFailureOf(error: unknown): DeskFailure {
  const found = ALL_FAILURES.find((f) => f.error === error)
  if (!found) throw new Error('Not one of the sampled desk failures.')
  return found
}

/** How the board ends: signed out by the host, or the session ended on the server. */
export const BOARD_ENDINGS = [DESK_SIGN_IN_TEXTS.signedOut, DESK_SIGN_IN_TEXTS.sessionEnded] as const

const errorSamples = (id: string, failures: Record<string, DeskFailure>) => Object.values(failures).map(({ error }) => ({ type: `xstate.error.actor.${id}`, error }))

/**
 * The page's model. A snapshot's vertex is its state and what the form holds and says (the address, its sentence,
 * the failure's, the ended session's); the view and the token come from the samples and are followed by the executors.
 */
export const deskSignInModel: ModelOptions = {
  input: { clock: () => 0 },
  samples: {
    OPENED: ['', TOKEN].map((token) => ({ type: 'OPENED', token })),
    EMAIL_CHANGED: [BAD_EMAIL, HOST_EMAIL].map((value) => ({ type: 'EMAIL_CHANGED', value })),
    'xstate.done.actor.loadDesk': [{ type: 'xstate.done.actor.loadDesk', output: VIEW }],
    'xstate.error.actor.loadDesk': errorSamples('loadDesk', CHECK_FAILURES),
    'xstate.error.actor.openSession': errorSamples('openSession', OPEN_FAILURES),
    'xstate.error.actor.requestLink': errorSamples('requestLink', LINK_FAILURES),
    'xstate.done.actor.desk': BOARD_ENDINGS.map((sentence) => ({ type: 'xstate.done.actor.desk', output: { sentence } })),
  },
  serializeState: (s: AnySnapshot) => {
    const { email, emailError, error, notice } = s.context as Record<string, unknown>
    return JSON.stringify({ value: s.value, email, emailError, error, notice })
  },
}
