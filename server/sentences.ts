/**
 * The server's own book of sentences (docs/design.md#errors): what only the server says, one sentence per code.
 * What the browser shows too is in core/ (core/bookingWire.ts WIRE_MESSAGES, core/manageWire.ts MANAGE_MESSAGES);
 * what the voice assistant reads out is in server/voice/sentences.ts. Codes are for branching; a sentence is
 * only ever sent, never compared.
 */
import { BOOKING_LENGTH_MINUTES } from '../core/bookingWire'

export const SERVER_SENTENCES = {
  // Any request (server/http/).
  tooLarge: 'The request is too large.',
  notJsonContentType: 'The request body must be JSON, sent with Content-Type: application/json.',
  serverError: 'Something went wrong on our side. Please try again.',
  starting: 'The server is starting. Please try again in a moment.',
  // The database or its disk is out (docs/operations.md#outages): answered 503 with Retry-After.
  unavailable: 'Bookings are unavailable for a moment on our side. Please try again shortly.',
  notFound: 'Not found',
  methodNotAllowed: 'Method Not Allowed',
  bearerRequired: 'A valid bearer token is required.',
  unauthorized: 'Unauthorized',
  // The booking routes' requests (server/scheduler/validation.ts).
  notJson: 'The booking request must be JSON.',
  wrongHost: 'This host cannot be booked here.',
  wrongEventType: 'This call type cannot be booked here.',
  length: `The call must end ${BOOKING_LENGTH_MINUTES} minutes after it starts.`,
  missingInput: 'The time slot request is missing its input.',
  // The calendar: the host's (built-in) or Cal.com's (server/scheduler/).
  calendarUnreadable: 'The host’s calendar cannot be read right now. Please try again in a few minutes.',
  calendarTimeout: 'The calendar service did not answer in time. Please try again.',
  calendarUnreachable: 'The calendar service cannot be reached. Please try again later.',
  calendarAnswerUnreadable: 'The calendar service sent an answer we could not read. Please try again later.',
  calendarFailing: 'The calendar service could not complete the request. Please try again later.',
} as const

export type ServerSentence = keyof typeof SERVER_SENTENCES

/** More guests than BOOKING_MAX_GUESTS. */
export const guestsSentence = (max: number): string =>
  max === 0 ? 'A call cannot be booked with guests here.' : `A call can be booked with at most ${max} guest${max === 1 ? '' : 's'}.`

/** A Cal.com refusal without a message of its own. */
export const calendarStatusSentence = (status: number): string => `The calendar service could not complete the request (status ${status}).`

/** A number of a country outside BOOKING_PHONE_COUNTRIES. */
export function phoneCountriesSentence(countries: readonly string[]): string {
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  return `We call numbers in ${new Intl.ListFormat('en', { type: 'conjunction' }).format(countries.map((code) => names.of(code) ?? code))} only. Please enter one of those.`
}
