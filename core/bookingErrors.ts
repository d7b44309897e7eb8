/**
 * What the visitor reads when a booking, a move or a cancellation fails (docs/design.md#errors): the browser's
 * book of sentences for failures the server words with a code (Cal.com's) or not at all. The server's own
 * sentences are shown as they are (core/bookingWire.ts WIRE_MESSAGES, core/manageWire.ts MANAGE_MESSAGES).
 */
import { BOOKING_ERRORS, isCalcomCode, WIRE_MESSAGES, type CalcomCode } from './bookingWire'
import { EMAIL_CODE_ANSWERS } from './emailVerification'

/**
 * A booking request the server answered with a non-OK status; `message` is the body's, if any, and `code` the
 * email-code step's (core/emailVerification.ts), which the form branches on.
 */
export class BookingRejected extends Error {
  readonly status: number
  readonly serverMessage: string | undefined
  readonly serverCode: string | undefined
  /** The challenge of a 403 `proof_of_work_required`, as it came (core/proofOfWork.ts checks it). */
  readonly challenge: unknown

  constructor(status: number, serverMessage: string | undefined, serverCode?: string, challenge?: unknown) {
    super(serverMessage ?? `Booking failed: ${status}`)
    this.name = 'BookingRejected'
    this.status = status
    this.serverMessage = serverMessage
    this.serverCode = serverCode
    this.challenge = challenge
  }
}

/**
 * Where a refusal leaves the email-code step (docs/design.md#email-codes): `asked` when a code went to the address
 * (enter it), `pending` when one went there less than a minute ago (enter that one: the step starts again if the
 * form had left it, say after the dialog was closed), `refused` when the code or the request for one was turned
 * down (its sentence shows at the code field).
 */
export function emailCodeStep(error: unknown): 'asked' | 'pending' | 'refused' | undefined {
  if (!(error instanceof BookingRejected) || error.serverCode === undefined) return undefined
  if (error.serverCode === EMAIL_CODE_ANSWERS.required) return 'asked'
  if (error.serverCode === EMAIL_CODE_ANSWERS.resendLimit) return 'pending'
  return (Object.values(EMAIL_CODE_ANSWERS) as string[]).includes(error.serverCode) ? 'refused' : undefined
}

export const BOOKING_ERROR_TEXTS = {
  slotTaken: 'This time slot is no longer available. Please select another time.',
  outOfBounds: 'That time can no longer be booked. Please choose another time.',
  /** Another of Cal.com's codes (`event_type_not_found_error`): a code is never shown as is. */
  otherCode: 'That time could not be booked. Please choose another time or try again.',
  network: 'Failed to complete booking. Please try again.',
} as const

export type BookingErrorCode = keyof typeof BOOKING_ERROR_TEXTS

/** Every code the API can answer with, and the sentence a visitor reads instead (no code reaches the screen). */
const CODE_TEXTS: Readonly<Record<CalcomCode, string>> = {
  [BOOKING_ERRORS.slotTaken]: BOOKING_ERROR_TEXTS.slotTaken,
  [BOOKING_ERRORS.outOfBounds]: BOOKING_ERROR_TEXTS.outOfBounds,
}

/** The sentence of a server's `message`: a known code's, `fallback` for another code, else the message as is. */
const readable = (message: string, fallback: string): string =>
  (CODE_TEXTS as Readonly<Record<string, string>>)[message] ?? (isCalcomCode(message) ? fallback : message)

/** True when the server said the slot is taken: the form clears the choice and reloads the day. */
export function isSlotTaken(error: unknown): boolean {
  return error instanceof BookingRejected && error.serverMessage === BOOKING_ERRORS.slotTaken
}

export function bookingErrorText(error: unknown): string {
  if (!(error instanceof BookingRejected)) return BOOKING_ERROR_TEXTS.network
  if (error.serverMessage) return readable(error.serverMessage, BOOKING_ERROR_TEXTS.otherCode)
  return `Booking failed: ${error.status}`
}

/** The manage page's sentences, for failures the server gives no readable sentence for. */
export const MANAGE_ERROR_TEXTS = {
  load: 'We could not load your booking. Please check your connection and try again.',
  cancel: 'We could not cancel your call. Please try again.',
  reschedule: 'We could not move your call. Please try again.',
} as const

export type ManageErrorCode = keyof typeof MANAGE_ERROR_TEXTS

/** An unknown or malformed uid: the manage page shows the same "not found" whatever exists. */
export function isBookingNotFound(error: unknown): boolean {
  return error instanceof BookingRejected && error.status === 404
}

/**
 * The notice period's refusal: 409 with the server's sentence (changeNoticeMessage). The other 409 of a
 * move, a taken slot, comes with a code, never a sentence.
 */
export function isChangeNoticeRefusal(error: unknown): boolean {
  return error instanceof BookingRejected && error.status === 409 && Boolean(error.serverMessage) && !isCalcomCode(error.serverMessage!)
}

/**
 * What the visitor reads when cancelling or moving a call fails: a known code's sentence, the
 * server's own sentence as is, and never a code or a bare status.
 */
export function manageErrorText(error: unknown, action: 'cancel' | 'reschedule'): string {
  const fallback = MANAGE_ERROR_TEXTS[action]
  if (!(error instanceof BookingRejected)) return fallback
  const message = error.serverMessage
  if (message) return readable(message, fallback)
  return error.status === 429 ? WIRE_MESSAGES.rateLimited : fallback
}
