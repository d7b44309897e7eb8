/** What the visitor reads when a booking fails (docs/design.md#errors): Cal.com's codes become sentences. */
import { BOOKING_ERRORS } from './bookingWire'

/** A booking request the server answered with a non-OK status; `message` is the body's, if any. */
export class BookingRejected extends Error {
  readonly status: number
  readonly serverMessage: string | undefined

  constructor(status: number, serverMessage: string | undefined) {
    super(serverMessage ?? `Booking failed: ${status}`)
    this.name = 'BookingRejected'
    this.status = status
    this.serverMessage = serverMessage
  }
}

export const BOOKING_ERROR_TEXTS = {
  slotTaken: 'This time slot is no longer available. Please select another time.',
  outOfBounds: 'That time can no longer be booked. Please choose another time.',
  otherCode: 'That time could not be booked. Please choose another time or try again.',
  network: 'Failed to complete booking. Please try again.',
} as const

/** Every code the API can answer with, and the sentence a visitor reads instead (no code reaches the screen). */
const CODE_TEXTS: Record<string, string> = {
  [BOOKING_ERRORS.slotTaken]: BOOKING_ERROR_TEXTS.slotTaken,
  [BOOKING_ERRORS.outOfBounds]: BOOKING_ERROR_TEXTS.outOfBounds,
}

/** Cal.com answers some refusals with a code (`event_type_not_found_error`), not a sentence: never shown as is. */
const isErrorCode = (message: string): boolean => /^[a-z0-9]+(_[a-z0-9]+)+$/.test(message)

/** True when the server said the slot is taken: the form clears the choice and reloads the day. */
export function isSlotTaken(error: unknown): boolean {
  return error instanceof BookingRejected && error.serverMessage === BOOKING_ERRORS.slotTaken
}

export function bookingErrorText(error: unknown): string {
  if (!(error instanceof BookingRejected)) return BOOKING_ERROR_TEXTS.network
  if (error.serverMessage) return CODE_TEXTS[error.serverMessage] ?? (isErrorCode(error.serverMessage) ? BOOKING_ERROR_TEXTS.otherCode : error.serverMessage)
  return `Booking failed: ${error.status}`
}

/** The manage page's sentences (issue 11), for failures the server gives no readable sentence for. */
export const MANAGE_ERROR_TEXTS = {
  load: 'We could not load your booking. Please check your connection and try again.',
  cancel: 'We could not cancel your call. Please try again.',
  reschedule: 'We could not move your call. Please try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
} as const

/** Cal.com's codes are snake_case words (`no_available_users_found_error`); its sentences are not. */
const looksLikeCode = (message: string) => /^[a-z0-9]+(_[a-z0-9]+)+$/.test(message)

/** An unknown or malformed uid: the manage page shows the same "not found" whatever exists. */
export function isBookingNotFound(error: unknown): boolean {
  return error instanceof BookingRejected && error.status === 404
}

/**
 * The notice period's refusal (issue 25): 409 with the server's sentence (changeNoticeMessage). The other 409 of a
 * move, a taken slot, comes with a code, never a sentence.
 */
export function isChangeNoticeRefusal(error: unknown): boolean {
  return error instanceof BookingRejected && error.status === 409 && Boolean(error.serverMessage) && !looksLikeCode(error.serverMessage!)
}

/**
 * What the visitor reads when cancelling or moving a call fails: a known code's sentence, the
 * server's own sentence as is, and never a code or a bare status.
 */
export function manageErrorText(error: unknown, action: 'cancel' | 'reschedule'): string {
  const fallback = MANAGE_ERROR_TEXTS[action]
  if (!(error instanceof BookingRejected)) return fallback
  const message = error.serverMessage
  if (message) return CODE_TEXTS[message] ?? (looksLikeCode(message) ? fallback : message)
  return error.status === 429 ? MANAGE_ERROR_TEXTS.rateLimited : fallback
}
