/**
 * What the desk makes of a failed request (docs/desk.md): a 401 ends the desk (the session is over); any other
 * answer's sentence is the server's own, shown as it is (a 400's, a 409's); no answer at all is the network's.
 */
import { BookingRejected } from '../core/bookingErrors'
import { DESK_TEXTS } from '../core/deskWire'

/** The request answered 401: no session (expired, ended elsewhere, or never begun). */
export const isSessionEnded = (error: unknown): boolean => error instanceof BookingRejected && error.status === 401

/** The sentence a failed action shows: the server's, or DESK_TEXTS.actionFailed when there is none. */
export function deskErrorText(error: unknown): string {
  return error instanceof BookingRejected && error.serverMessage ? error.serverMessage : DESK_TEXTS.actionFailed
}
