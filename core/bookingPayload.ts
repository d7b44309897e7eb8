/** Builds the body of POST /api/book/event exactly as DESIGN §3 / SPEC §7 give it. Pure. */
import { Temporal } from 'temporal-polyfill'
import { BOOKING_LENGTH_MINUTES, type BookingRequest } from './bookingWire'

export interface BookingIdentity {
  /** The host handle, sent as `user`. */
  host: string
  eventTypeId: number
  eventTypeSlug: string
}

export interface BookingInput {
  name: string
  email: string
  /** The chosen slot, an ISO instant. */
  slot: string
  /** The visitor's IANA zone. */
  timeZone: string
}

/** Local time with its UTC offset, without the zone name: 2026-11-23T10:00:00+13:00. */
function localWithOffset(zoned: Temporal.ZonedDateTime): string {
  return zoned.toString({ timeZoneName: 'never', smallestUnit: 'second' })
}

export function buildBookingPayload(input: BookingInput, identity: BookingIdentity): BookingRequest {
  const start = Temporal.Instant.from(input.slot).toZonedDateTimeISO(input.timeZone)
  // Exact-time addition: across a daylight-saving change the offset of `end` follows the zone.
  const end = start.add({ minutes: BOOKING_LENGTH_MINUTES })
  return {
    responses: { name: input.name.trim(), email: input.email.trim(), guests: [] },
    user: identity.host,
    start: localWithOffset(start),
    end: localWithOffset(end),
    eventTypeId: identity.eventTypeId,
    eventTypeSlug: identity.eventTypeSlug,
    timeZone: input.timeZone,
    language: 'en',
    metadata: {},
    hasHashedBookingLink: false,
    routedTeamMemberIds: null,
    skipContactOwner: false,
    _isDryRun: false,
    dub_id: null,
  }
}
