/** The built-in scheduler's changes of an existing booking (reschedule, cancel) and its view for the manage page. */
import { BOOKING_ERRORS } from '../../core/bookingWire'
import { isBookingUid, MANAGE_MESSAGES, type BookingView, type CancelResponse } from '../../core/manageWire'
import type { BookingResponse } from '../../core/bookingWire'
import type { Temporal } from 'temporal-polyfill'
import type { Clock } from '../api/context'
import type { ServerConfig } from '../config'
import type { BookingStore, ChangeResult, MailsFor } from '../db/store'
import { bookingMails } from '../mail/bookingMails'
import { calendarJob } from '../calendar/caldavWriter'
import type { MailKind } from '../mail/message'
import { mailSettings } from '../mail/settings'
import type { Availability } from './availability'
import { toResponse } from './bookingResponse'
import type { BookRequest, Outcome, Refusal } from './scheduler'
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

const notFound: Refusal = { ok: false, status: 404, message: MANAGE_MESSAGES.notFound }

export function bookingChanges({ config, store, clock, availability, onMailQueued, newId, isFree }: ChangeContext) {
  const settings = mailSettings(config)

  /** The visitor's and the agency's messages about a change, made inside its transaction. */
  // With CalDAV, one more outbox job brings the host's calendar up to date (issue 24).
  const writesCalendar = config.CALDAV_URL !== undefined
  const mailsFor =
    (kind: MailKind, now: ReturnType<Clock>): MailsFor =>
    (booking, previous) => [
      ...bookingMails({ kind, booking, previous, settings, now: now.toString(), newId }),
      ...(writesCalendar ? [calendarJob(kind, settings, newId)] : []),
    ]

  /** A refused change in words; `moving` says whether it was a reschedule. */
  function refusal(result: Exclude<ChangeResult, { ok: true }>, moving: boolean): Refusal {
    if (result.reason === 'not_found') return notFound
    if (result.reason === 'slot_taken') return { ok: false, status: 409, message: BOOKING_ERRORS.slotTaken }
    if (result.reason === 'cancelled')
      return { ok: false, status: 400, message: moving ? MANAGE_MESSAGES.cancelledReschedule : MANAGE_MESSAGES.alreadyCancelled }
    return { ok: false, status: 400, message: moving ? MANAGE_MESSAGES.pastReschedule : MANAGE_MESSAGES.pastCancel }
  }

  return {
    mailsFor,

    /** Moves the booking of `uid` to the request's start: same uid, sequence + 1, the old slot free. */
    async reschedule(uid: string, { request, start, end }: BookRequest): Promise<Outcome<BookingResponse>> {
      if (!isBookingUid(uid)) return notFound
      const now = clock()
      if (outOfBoundsReason(availability, now, start) !== undefined)
        return { ok: false, status: 400, message: BOOKING_ERRORS.outOfBounds }
      const moving = await store.find(uid)
      if (moving && !(await isFree(start, now, Date.parse(moving.startTime))))
        return { ok: false, status: 409, message: BOOKING_ERRORS.slotTaken }
      if (request._isDryRun) {
        const row = moving
        if (!row) return notFound
        if (row.status !== 'ACCEPTED') return refusal({ ok: false, reason: 'cancelled' }, true)
        if (Date.parse(row.startTime) <= now.epochMilliseconds) return refusal({ ok: false, reason: 'past' }, true)
        const taken = await store.takenStarts(row.host, start, end)
        if (taken.size > 0) return { ok: false, status: 409, message: BOOKING_ERRORS.slotTaken }
        return { ok: true, status: 200, body: toResponse({ ...row, startTime: toIsoUtc(start), endTime: toIsoUtc(end) }) }
      }
      const result = await store.reschedule(uid, { start, end }, now, mailsFor('rescheduled', now))
      if (!result.ok) return refusal(result, true)
      onMailQueued()
      return { ok: true, status: 200, body: toResponse(result.booking) }
    },

    /** Cancels the booking of `uid`: its slot is free at once. */
    async cancel(uid: string, reason: string | undefined): Promise<Outcome<CancelResponse>> {
      if (!isBookingUid(uid)) return notFound
      const now = clock()
      const result = await store.cancel(uid, reason || undefined, now, mailsFor('cancelled', now))
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
      const status = row.status === 'CANCELLED' ? 'CANCELLED' : 'ACCEPTED'
      return {
        ok: true,
        status: 200,
        body: {
          uid: row.uid,
          title: row.title,
          startTime: row.startTime,
          endTime: row.endTime,
          status,
          timeZone: row.timeZone,
          name: row.name,
          user: { username: row.host },
          canChange: status === 'ACCEPTED' && Date.parse(row.startTime) > clock().epochMilliseconds,
        },
      }
    },
  }
}
