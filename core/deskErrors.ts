/**
 * How the desk's machines read a failed request (docs/desk.md): the wire's codes and statuses told apart
 * (core/deskWire.ts), and the sentence shown for the rest. The desk API's own sentences are shown as they are;
 * a failure with none (the network, an answer that is not the API's) gets the desk's sentence for it.
 */
import { BookingRejected } from './bookingErrors'
import { DESK_TEXTS, type DeskCode } from './deskWire'

const answeredWith = (error: unknown, status: number, code: DeskCode): boolean =>
  error instanceof BookingRejected && error.status === status && error.serverCode === code

/** 401: no session, or it has ended. */
export const isSignedOut = (error: unknown): boolean => answeredWith(error, 401, 'signed_out')

/** 404 with its code: no address may sign in (DESK_EMAILS and HOST_EMAIL unset). */
export const isNotSetUp = (error: unknown): boolean => answeredWith(error, 404, 'not_set_up')

/** 400 with its code: the sign-in link was used, has expired or was never issued. */
export const isLinkRefused = (error: unknown): boolean => answeredWith(error, 400, 'link_refused')

/** 429: too many requests from this address or network. */
export const isRateLimited = (error: unknown): boolean => error instanceof BookingRejected && error.status === 429

/** The sentence of a failed request: the API's own, or `fallback` when it gave none (the network failed). */
export function deskErrorText(error: unknown, fallback: string = DESK_TEXTS.actionFailed): string {
  return error instanceof BookingRejected && error.serverMessage ? error.serverMessage : fallback
}
