/** The built-in scheduler's changes of an existing booking (reschedule, cancel) and its view for the manage page. */
import { isBookingUid, MANAGE_MESSAGES, type BookingView, type CancelResponse } from '../../core/manageWire'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import { rescheduleRefusal } from '../db/bookingChanges'
import type { BookingRow } from '../db/rows'
import type { BookingStore, ChangeResult, ClientLimit, MailsFor } from '../db/store'
import type { Temporal } from 'temporal-polyfill'
import { bookingMails } from '../mail/bookingMails'
import { calendarJob } from '../calendar/caldavWriter'
import type { MailKind } from '../mail/message'
import { mailSettings } from '../mail/settings'
import type { Availability } from './availability'
import { refuse, type BookRequest, type Outcome, type Refusal } from './scheduler'
import { outOfBoundsReason, toIsoUtc } from './slots'

export interface ChangeContext {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  availability: Availability
  onMailQueued: () => void
  newId: () => string
  /** Whether a start is clear of the host's busy times and on a day with room; `except`: the start of the call being moved. */
  isFree: (start: Temporal.Instant, now: Temporal.Instant, except?: number) => Promise<boolean>
}

/**
 * A booking as anyone holding its uid may read it: the manage page's view, also the answer of every
 * reschedule (dry run or not). No email address, guests or attendees: the uid is a capability, not an identity.
 */
export function toView(row: BookingRow, now: Temporal.Instant, iCalUID: string): BookingView {
  const status = row.status === 'CANCELLED' ? 'CANCELLED' : 'ACCEPTED'
  return {
    uid: row.uid,
    title: row.title,
    startTime: row.startTime,
    endTime: row.endTime,
    status,
    timeZone: row.timeZone,
    name: row.name,
    user: { username: row.host },
    canChange: status === 'ACCEPTED' && Date.parse(row.startTime) > now.epochMilliseconds,
    iCalUID,
  }
}

const notFound = refuse('notFound')

/** A daily cap reached (the client network's, or a voice call's own): when to try again, and the limit's sentence. */
export const dailyLimit = ({ retryAfterSeconds, message }: { retryAfterSeconds: number; message: string | undefined }): Refusal => ({
  ok: false,
  code: 'dailyLimit',
  retryAfterSeconds,
  ...(message === undefined ? {} : { limitMessage: message }),
})

export function bookingChanges({ config, store, clock, availability, onMailQueued, newId, isFree }: ChangeContext) {
  const settings = mailSettings(config, store.calendarSecret)
  const view = (row: BookingRow, now: Temporal.Instant) => toView(row, now, settings.calendarUid(row.id))

  /** The visitor's and the agency's messages about a change, made inside its transaction. */
  // With CalDAV, one more outbox job brings the host's calendar up to date (issue 24).
  const writesCalendar = config.CALDAV_URL !== undefined
  const mailsFor =
    (kind: MailKind, now: ReturnType<Clock>): MailsFor =>
    (booking, previous) => [
      ...bookingMails({ kind, booking, previous, settings, now: now.toString(), newId }),
      ...(writesCalendar ? [calendarJob(kind, settings, newId)] : []),
    ]

  /** A refused change as a code; `moving` says whether it was a reschedule. */
  function refusal(result: Exclude<ChangeResult, { ok: true }>, moving: boolean): Refusal {
    if (result.reason === 'not_found') return notFound
    if (result.reason === 'slot_taken') return refuse('slotTaken')
    if (result.reason === 'cancelled') return refuse(moving ? 'cancelledReschedule' : 'alreadyCancelled')
    if (result.reason === 'client_limit') return dailyLimit(result)
    if (result.reason === 'same_start') return refuse('sameStart')
    if (result.reason === 'too_many_reschedules') return refuse('rescheduleLimit')
    return refuse(moving ? 'pastReschedule' : 'pastCancel')
  }

  return {
    mailsFor,

    /** Moves the booking of `uid` to the request's start: same uid, sequence + 1, the old slot free. */
    async reschedule(uid: string, { request, start, end, clients }: BookRequest): Promise<Outcome<BookingView>> {
      if (!isBookingUid(uid)) return notFound
      const now = clock()
      if (outOfBoundsReason(availability, now, start) !== undefined)
        return refuse('outOfBounds')
      const moving = await store.find(uid)
      if (moving && !(await isFree(start, now, Date.parse(moving.startTime))))
        return refuse('slotTaken')
      if (request._isDryRun) {
        const row = moving
        if (!row) return notFound
        if (row.status !== 'ACCEPTED') return refusal({ ok: false, reason: 'cancelled' }, true)
        if (Date.parse(row.startTime) <= now.epochMilliseconds) return refusal({ ok: false, reason: 'past' }, true)
        const refused = rescheduleRefusal(row, start, config.MAX_RESCHEDULES_PER_BOOKING)
        if (refused) return refusal({ ok: false, reason: refused }, true)
        const taken = await store.takenStarts(row.host, start, end)
        if (taken.size > 0) return refuse('slotTaken')
        return { ok: true, status: 200, body: view({ ...row, startTime: toIsoUtc(start), endTime: toIsoUtc(end) }, now) }
      }
      const to = { start, end, maxReschedules: config.MAX_RESCHEDULES_PER_BOOKING }
      const result = await store.reschedule(uid, to, { now, clients }, mailsFor('rescheduled', now))
      if (!result.ok) return refusal(result, true)
      onMailQueued()
      return { ok: true, status: 200, body: view(result.booking, now) }
    },

    /** Cancels the booking of `uid`: its slot is free at once. */
    async cancel(uid: string, reason: string | undefined, clients: readonly ClientLimit[]): Promise<Outcome<CancelResponse>> {
      if (!isBookingUid(uid)) return notFound
      const now = clock()
      const result = await store.cancel(uid, reason || undefined, { now, clients }, mailsFor('cancelled', now))
      if (!result.ok) return refusal(result, false)
      onMailQueued()
      return {
        ok: true,
        status: 200,
        body: {
          success: true,
          message: MANAGE_MESSAGES.cancelled,
          bookingId: result.booking.id,
          bookingUid: result.booking.uid,
          onlyRemovedAttendee: false,
        },
      }
    },

    /** What the manage page shows: no email address, the uid being the capability. */
    async view(uid: string): Promise<Outcome<BookingView>> {
      if (!isBookingUid(uid)) return notFound
      const row = await store.find(uid)
      if (!row) return notFound
      return { ok: true, status: 200, body: view(row, clock()) }
    },
  }
}
