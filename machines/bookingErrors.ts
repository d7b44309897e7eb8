/** What the visitor reads when a booking fails (SPEC §8). Pure. */
import { BOOKING_ERRORS } from '../src/lib/bookingWire'

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
  network: 'Failed to complete booking. Please try again.',
} as const

/** True when the server said the slot is taken: the form clears the choice and reloads the day. */
export function isSlotTaken(error: unknown): boolean {
  return error instanceof BookingRejected && error.serverMessage === BOOKING_ERRORS.slotTaken
}

export function bookingErrorText(error: unknown): string {
  if (!(error instanceof BookingRejected)) return BOOKING_ERROR_TEXTS.network
  if (error.serverMessage === BOOKING_ERRORS.slotTaken) return BOOKING_ERROR_TEXTS.slotTaken
  if (error.serverMessage) return error.serverMessage
  return `Booking failed: ${error.status}`
}
