/**
 * Where a call happens, and the sentences that name it: the same words in the success message, the emails,
 * the invites and the manage page. Phone numbers are kept in E.164 (`+6421555012`); `formatPhone` writes them
 * as people read them.
 */
import type { CallKind } from './browserSettings'

export type { CallKind }

/** A video call's join link, or the number the agency calls (the visitor's, E.164). */
export type CallLocation = { type: 'video'; url: string } | { type: 'phone'; phone: string }

export const CALL_LOCATION_TEXT = {
  /** Before the link in the success message and on the manage page. */
  joinByVideo: 'Join by video:',
  /** The line near the top of every email, and the manage page's button. */
  joinTheCall: 'Join the call',
  /** The RFC 7986 CONFERENCE label. */
  conferenceLabel: 'Join the call',
} as const

/** What the visitor reads when the agency calls them. */
export const weWillCallYou = (formatted: string): string => `We'll call you on ${formatted}`

/** What the agency reads of a phone call (its emails, the invite's LOCATION, its feed). */
export const phoneCallOn = (formatted: string): string => `Phone call: ${formatted}`

/** The invite's LOCATION and the calendar links' location field: the link, or whom the agency calls. */
export function locationLine(location: CallLocation, formatPhone: (e164: string) => string = (n) => n): string {
  return location.type === 'video' ? location.url : phoneCallOn(formatPhone(location.phone))
}

/**
 * The join link of an answer (a booking or the manage view): `metadata.videoCallUrl`, else `location` when it is
 * a link (Cal.com may name an integration there instead). Only https links: anything else is not shown as one.
 */
export function joinLinkOf(answer: { location?: string | null; metadata?: { videoCallUrl?: string | null } | null }): string | undefined {
  const link = answer.metadata?.videoCallUrl ?? answer.location
  return link && /^https:\/\/\S+$/.test(link) ? link : undefined
}
