/** Builds the body of POST /api/book/event exactly as docs/design.md#wire give it. Pure. */
import { Temporal } from 'temporal-polyfill'
import { normalizeNotes } from './bookingFields'
import { BOOKING_LENGTH_MINUTES, type BookingRequest } from './bookingWire'
import { leadRequestFields } from './leadWire'
import type { LeadSource } from './leadSource'
import type { RescheduleRequest } from './manageWire'

export interface BookingIdentity {
  /** The host handle, sent as `user`. */
  host: string
  eventTypeId: number
  eventTypeSlug: string
}

/** The chosen slot and the visitor's zone: what places a call in time. */
export interface SlotChoice {
  /** The chosen slot, an ISO instant. */
  slot: string
  /** The visitor's IANA zone. */
  timeZone: string
}

export interface BookingInput extends SlotChoice {
  name: string
  email: string
  /** The optional note: sent as `responses.notes` only when it has text. */
  notes?: string
  /** Where the call happens, as Cal.com's booker sends it; left out, the host's first offered location applies. */
  location?: { value: string; optionValue?: string }
  /** The code emailed to the address when the server asked for one (docs/design.md#email-codes). */
  emailVerificationCode?: string
  /** The visitor reads times in the 24-hour clock; left out, nothing is said and emails use the 12-hour one. */
  hour24?: boolean
  /** Where the lead came from (core/leadSource.ts): Cal.com's `tracking` and `metadata` strings; left out or null, nothing. */
  lead?: LeadSource | null
}

export interface RescheduleInput extends SlotChoice {
  /** The uid of the booking that moves to `slot`. */
  rescheduleUid: string
}

/** Local time with its UTC offset, without the zone name: 2026-11-23T10:00:00+13:00. */
function localWithOffset(zoned: Temporal.ZonedDateTime): string {
  return zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' })
}

/** Every field of the body but the visitor's `responses`: host, event type, and the call's times in the visitor's zone. */
function callFields({ slot, timeZone }: SlotChoice, identity: BookingIdentity): Omit<BookingRequest, 'responses'> {
  const start = Temporal.Instant.from(slot).toZonedDateTimeISO(timeZone)
  // Exact-time addition: across a daylight-saving change the offset of `end` follows the zone.
  const end = start.add({ minutes: BOOKING_LENGTH_MINUTES })
  return {
    user: identity.host,
    start: localWithOffset(start),
    end: localWithOffset(end),
    eventTypeId: identity.eventTypeId,
    eventTypeSlug: identity.eventTypeSlug,
    timeZone,
    language: 'en',
    metadata: {},
    hasHashedBookingLink: false,
    routedTeamMemberIds: null,
    skipContactOwner: false,
    _isDryRun: false,
    dub_id: null,
  }
}

/**
 * The visitor's clock, in Cal.com's free-form `metadata` (strings only there), so a real Cal.com accepts it
 * unchanged; the built-in scheduler writes the visitor's emails in it (docs/email.md#times).
 */
const TIME_FORMAT_KEY = 'timeFormat'
const clockMetadata = (hour24: boolean): Record<string, string> => ({ [TIME_FORMAT_KEY]: hour24 ? '24' : '12' })

/** Whether a booking's `metadata` asks for the 24-hour clock. */
export const wantsHour24 = (metadata: Record<string, unknown>): boolean => metadata[TIME_FORMAT_KEY] === '24'

export function buildBookingPayload(input: BookingInput, identity: BookingIdentity): BookingRequest {
  const notes = normalizeNotes(input.notes ?? '')
  const lead = leadRequestFields(input.lead ?? {})
  const metadata = { ...(input.hour24 === undefined ? {} : clockMetadata(input.hour24)), ...lead.metadata }
  return {
    responses: {
      name: input.name.trim(),
      email: input.email.trim(),
      guests: [],
      ...(notes ? { notes } : {}),
      ...(input.location ? { location: input.location } : {}),
    },
    ...callFields(input, identity),
    metadata,
    ...(lead.tracking ? { tracking: lead.tracking } : {}),
    ...(input.emailVerificationCode ? { emailVerificationCode: input.emailVerificationCode } : {}),
  }
}

/**
 * Cal.com's reschedule: the same body for the new time, with `rescheduleUid`. No `responses`: the
 * attendee stays the booking's own, and the manage page never learns the email address.
 */
export function buildReschedulePayload(input: RescheduleInput, identity: BookingIdentity): RescheduleRequest {
  return { ...callFields(input, identity), rescheduleUid: input.rescheduleUid }
}
