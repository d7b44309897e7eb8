/**
 * The model options of the manageBooking path tests, shared by the machine level (vitest) and the UI
 * level (Playwright): the booking form's instant, zone and day of slots (./bookingModel), one booking
 * in each shape the page tells apart, and one sample per guard branch of every answer. Pure: no
 * Playwright and no vitest here.
 */
import { BookingRejected } from '../../../../core/bookingErrors'
import type { BookingView } from '../../../../core/manageWire'
import type { ManageBookingInput } from '../../../../machines/manageBooking'
import { bookingPayload } from '../../../support/bookingPayload'
import type { AnySnapshot, ModelOptions } from '../../support/machineModel'
import { CHOSEN, IDENTITY, NAME, NOW, OTHER_ZONE, TIME_ZONE } from './bookingModel'

export const UID = '3f0c1a52-7d4e-4c3b-9a61-2b8e5d7f9c10'

/** The notice period's sentences (core/manageWire changeNoticeMessage): as the view carries it, and as the server's 409 says it. */
export const NOTICE = 'Calls can be cancelled or moved online until 1 hour before they start, so this one can no longer be changed here. To change it, please reply to your confirmation email.'
export const NOTICE_REFUSAL = 'Calls can be cancelled or moved online until 1 hour before they start, so this one can no longer be changed here. To change it, please email hello@kiwiautomate.co.nz.'

/** Thursday 5 March 2026, 10:00 to 10:15 in Auckland (NZDT); changes close an hour before, two days after NOW. */
export const UPCOMING: BookingView = {
  uid: UID,
  title: `Quick Chat between Kiwi Automate and ${NAME}`,
  startTime: '2026-03-04T21:00:00.000Z',
  endTime: '2026-03-04T21:15:00.000Z',
  status: 'ACCEPTED',
  timeZone: TIME_ZONE,
  name: NAME,
  user: { username: IDENTITY.host },
  canChange: true,
  changeNotice: { closesAt: '2026-03-04T20:00:00.000Z', message: NOTICE },
}
export const UPCOMING_LABEL = 'Thursday, 5 March 2026, 10:00 am to 10:15 am'
export const UPCOMING_START_LABEL = 'Thursday, 5 March 2026, 10:00 am'

/** Already cancelled; and past (Monday 2 March, 10:00), still ACCEPTED: neither can change. */
export const CANCELLED: BookingView = { ...UPCOMING, status: 'CANCELLED', canChange: false }
const { changeNotice: _notice, ...withoutNotice } = UPCOMING
export const PAST: BookingView = { ...withoutNotice, startTime: '2026-03-01T21:00:00.000Z', endTime: '2026-03-01T21:15:00.000Z', canChange: false }

/** Today at 9:30 (half an hour after NOW): the page opens inside its notice period. */
export const NOTICE_BEGUN: BookingView = {
  ...UPCOMING,
  startTime: '2026-03-02T20:30:00.000Z',
  endTime: '2026-03-02T20:45:00.000Z',
  changeNotice: { closesAt: '2026-03-02T19:30:00.000Z', message: NOTICE },
}
export const NOTICE_BEGUN_LABEL = 'Tuesday, 3 March 2026, 9:30 am to 9:45 am'

/** The move's answer: the booking's view at the chosen slot (today, 12:00 to 12:15), same uid. */
export const MOVED: BookingView = {
  ...UPCOMING,
  startTime: '2026-03-02T23:00:00.000Z',
  endTime: '2026-03-02T23:15:00.000Z',
  changeNotice: { closesAt: '2026-03-02T22:00:00.000Z', message: NOTICE },
}
export const MOVED_LABEL = 'Tuesday, 3 March 2026, 12:00 pm to 12:15 pm'
export const MOVED_START_LABEL = 'Tuesday, 3 March 2026, 12:00 pm'

/** POST /api/book/event for the move: the hand-written booking body (never built by the code under test) for the new time, without responses, with rescheduleUid. */
const { responses: _responses, ...movedCall } = bookingPayload({ start: '2026-03-03T12:00:00+13:00', end: '2026-03-03T12:15:00+13:00', timeZone: TIME_ZONE })
export const RESCHEDULE_REQUEST = { ...movedCall, rescheduleUid: UID }

export const REASON = 'Something came up at work, sorry!'

/** The texts of the page (src/content/manageBooking.ts) and of core/bookingErrors.ts. */
export const MANAGE_TEXTS = {
  loading: 'Loading your booking…',
  loadFailedHeading: 'We could not load your booking',
  loadFailed: 'We could not load your booking. Please check your connection and try again.',
  notFoundHeading: 'Booking not found',
  notFound: 'This booking was not found. Check the link in your confirmation email, or book a new call.',
  loadedHeading: 'Your call is booked',
  cancelledHeading: 'This call was cancelled',
  pastHeading: 'This call is in the past',
  confirmCancelHeading: 'Cancel this call?',
  cancelDoneHeading: 'Your call is cancelled',
  rescheduleHeading: 'Choose a new time',
  rescheduledHeading: 'Your call has moved',
  noticeHeading: 'Your call is coming up',
  zone: 'Pacific/Auckland (New Zealand Daylight Time)',
} as const

/**
 * How a request of the page can fail: the error the fake rejects with, the text the visitor reads,
 * how the server (or the network) answers at the UI level, and whether the slot was taken.
 */
export interface ManageFailure {
  error: unknown
  text: string
  answer: { status: number; body: string } | 'network'
  slotTaken: boolean
  /** The notice period began: the page shows `text` instead of the buttons. */
  notice: boolean
}

const failure = (status: number, message: string | undefined, text: string, slotTaken = false): ManageFailure => ({
  error: new BookingRejected(status, message),
  text,
  answer: { status, body: message === undefined ? '' : JSON.stringify({ message }) },
  slotTaken,
  notice: false,
})

const network = (text: string): ManageFailure => ({ error: new TypeError('Failed to fetch'), text, answer: 'network', slotTaken: false, notice: false })

/** The server's 409 inside the notice period (a distinct error per request, so each sample is its own). */
const noticeRefusal = (): ManageFailure => ({ ...failure(409, NOTICE_REFUSAL, NOTICE_REFUSAL), notice: true })

export const LOAD_FAILURES = {
  notFound: failure(404, 'This booking was not found.', MANAGE_TEXTS.notFound),
  failed: failure(503, undefined, MANAGE_TEXTS.loadFailed),
} as const

export const CANCEL_FAILURES: readonly ManageFailure[] = [
  // A server sentence is shown as it is.
  failure(400, 'This call has already started or taken place, so it can no longer be cancelled.', 'This call has already started or taken place, so it can no longer be cancelled.'),
  network('We could not cancel your call. Please try again.'),
  noticeRefusal(),
]

export const RESCHEDULE_FAILURES: readonly ManageFailure[] = [
  failure(409, 'no_available_users_found_error', 'This time slot is no longer available. Please select another time.', true),
  // No message: never a bare status on screen.
  failure(502, undefined, 'We could not move your call. Please try again.'),
  noticeRefusal(),
]

/** A move the server refuses with its own sentence, not the page's fallback (sampled at the machine level). */
export const MOVE_REFUSED = failure(400, 'This call has already started or taken place, so it can no longer be moved.', 'This call has already started or taken place, so it can no longer be moved.')

const ALL_FAILURES = [...Object.values(LOAD_FAILURES), ...CANCEL_FAILURES, ...RESCHEDULE_FAILURES, MOVE_REFUSED]

export function manageFailureOf(error: unknown): ManageFailure {
  const found = ALL_FAILURES.find((f) => f.error === error)
  if (!found) throw new Error('Not one of the sampled manage failures.')
  return found
}

/** The answer of GET /api/booking/{uid} a sample stands for, by its output. */
export const LOAD_ANSWERS = [UPCOMING, CANCELLED, PAST, NOTICE_BEGUN] as const

/** The model's clock stands at NOW (the levels move theirs: a SimulatedClock, page.clock). */
export const manageInput: ManageBookingInput = { uid: UID, timeZone: TIME_ZONE, hour24: false, now: NOW, clock: () => Date.parse(NOW), identity: IDENTITY }

/**
 * The page's model. A snapshot's vertex is its state, whether a time is chosen and whether a reason
 * is typed (what the guards and the requests depend on); the zone and the clock are left out, so a
 * path changes them only at its end (they change labels, not where the machine goes); the booking's own fields come from the
 * samples and are followed by the executors.
 */
export const manageModel: ModelOptions = {
  input: manageInput,
  samples: {
    REASON_CHANGED: [{ type: 'REASON_CHANGED', value: REASON }],
    SLOT_CHOSEN: [{ type: 'SLOT_CHOSEN', slot: CHOSEN.time }],
    TIME_ZONE_CHOSEN: [{ type: 'TIME_ZONE_CHOSEN', timeZone: OTHER_ZONE }],
    CLOCK_CHANGED: [{ type: 'CLOCK_CHANGED', hour24: true }],
    'xstate.done.actor.loadBooking': LOAD_ANSWERS.map((output) => ({ type: 'xstate.done.actor.loadBooking', output })),
    'xstate.error.actor.loadBooking': Object.values(LOAD_FAILURES).map(({ error }) => ({ type: 'xstate.error.actor.loadBooking', error })),
    'xstate.done.actor.cancelBooking': [{ type: 'xstate.done.actor.cancelBooking', output: undefined }],
    'xstate.error.actor.cancelBooking': CANCEL_FAILURES.map(({ error }) => ({ type: 'xstate.error.actor.cancelBooking', error })),
    'xstate.done.actor.rescheduleBooking': [{ type: 'xstate.done.actor.rescheduleBooking', output: MOVED }],
    'xstate.error.actor.rescheduleBooking': RESCHEDULE_FAILURES.map(({ error }) => ({ type: 'xstate.error.actor.rescheduleBooking', error })),
  },
  serializeState: (s: AnySnapshot) =>
    JSON.stringify({ value: s.value, chosen: s.context.chosen !== null, reason: s.context.reason !== '' }),
}
