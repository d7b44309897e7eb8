import type { Temporal } from 'temporal-polyfill'
import type { LeadSource } from '../../core/leadSource'

/** A booking as the store reads it (SELECT_BOOKING in sql.ts) and as it is written. */
export interface BookingRow {
  id: number
  uid: string
  host: string
  eventTypeId: number
  title: string
  /** ISO UTC instants with milliseconds. */
  startTime: string
  endTime: string
  name: string
  email: string
  guests: string[]
  timeZone: string
  language: string
  /** 'ACCEPTED' or 'CANCELLED'. */
  status: string
  createdAt: string
  /** The invite's SEQUENCE: + 1 on every reschedule and on the cancellation. */
  sequence: number
  cancelledAt: string | null
  cancellationReason: string | null
  rescheduledAt: string | null
  /** Where the call was before its last reschedule. */
  previousStartTime: string | null
  /** What the visitor wants to discuss: for the agency only, never in a log. */
  notes: string | null
  /** The number the agency calls (E.164) for a phone call; null: a video call. For the agency only, never in a log. */
  phone: string | null
  /** Booked with the code emailed to its address (docs/design.md#email-codes). */
  emailVerified: boolean
  /** The visitor read the times in the 24-hour clock: their emails write them so (docs/email.md#times). */
  hour24: boolean
  /**
   * Where the lead came from (docs/booking.md#where-a-lead-came-from): for the agency only, never the visitor's
   * mails or the manage page; null when the booking carried none.
   */
  leadSource: LeadSource | null
  /** The host marked on the desk that the visitor did not come (docs/desk.md); rows made by hand may leave it out. */
  noShow?: boolean
}

export interface NewBooking {
  uid: string
  host: string
  eventTypeId: number
  title: string
  start: Temporal.Instant
  end: Temporal.Instant
  name: string
  email: string
  guests: string[]
  timeZone: string
  language: string
  /** The visitor's note; undefined or empty: none. */
  notes?: string
  /** E.164, for a phone call; undefined: a video call. */
  phone?: string
  /** The visitor's 24-hour clock; undefined: the 12-hour one. */
  hour24?: boolean
  /** Where the lead came from; undefined: not known. */
  leadSource?: LeadSource
}

/** An instant as SELECT_BOOKING reads it: ISO UTC with milliseconds. */
const isoOf = (instant: Temporal.Instant) => new Date(instant.epochMilliseconds).toISOString()

/**
 * The rows a change leaves, as the store will read them: the scheduler makes a change's outbox jobs from them before
 * the change's transaction, which writes the jobs with the change (server/db/bookingChanges.ts).
 */
export const rowAfter = {
  /** A new booking of id `b.id`, inserted at `now`. */
  booked: (b: NewBooking & { id: number }, now: Temporal.Instant, emailVerified: boolean): BookingRow => ({
    id: b.id,
    uid: b.uid,
    host: b.host,
    eventTypeId: b.eventTypeId,
    title: b.title,
    startTime: isoOf(b.start),
    endTime: isoOf(b.end),
    name: b.name,
    email: b.email,
    guests: b.guests,
    timeZone: b.timeZone,
    language: b.language,
    status: 'ACCEPTED',
    createdAt: isoOf(now),
    sequence: 0,
    cancelledAt: null,
    cancellationReason: null,
    rescheduledAt: null,
    previousStartTime: null,
    notes: b.notes || null,
    phone: b.phone ?? null,
    emailVerified,
    hour24: b.hour24 ?? false,
    leadSource: b.leadSource ?? null,
    noShow: false,
  }),
  /** `row` moved to [start, end) at `now`. */
  rescheduled: (row: BookingRow, to: { start: Temporal.Instant; end: Temporal.Instant }, now: Temporal.Instant): BookingRow => ({
    ...row,
    startTime: isoOf(to.start),
    endTime: isoOf(to.end),
    sequence: row.sequence + 1,
    rescheduledAt: isoOf(now),
    previousStartTime: row.startTime,
  }),
  /** `row` cancelled at `now`. */
  cancelled: (row: BookingRow, reason: string | undefined, now: Temporal.Instant): BookingRow => ({
    ...row,
    status: 'CANCELLED',
    sequence: row.sequence + 1,
    cancelledAt: isoOf(now),
    cancellationReason: reason ?? null,
  }),
}
