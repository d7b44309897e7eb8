/** The built-in scheduler's changes of an existing booking (reschedule, cancel) and its view for the manage page. */
import { changeNoticeMessage, isBookingUid, MANAGE_MESSAGES, type BookingView, type CancelResponse } from '../../core/manageWire'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import { changeRefusal, rescheduleRefusal, tooLateToChange } from '../db/bookingChanges'
import type { BookingRow } from '../db/rows'
import type { BookingStore, ClientLimit, MailsFor } from '../db/store'
import { Temporal } from 'temporal-polyfill'
import { bookingMails } from '../mail/bookingMails'
import { calendarJob } from '../calendar/caldavWriter'
import type { ChangeKind } from '../db/mailMessage'
import { reminderMails } from '../mail/reminderMails'
import { mailSettings } from '../mail/settings'
import type { Availability } from './availability'
import type { CallLocation } from '../../core/callLocation'
import { locationFields } from './bookingResponse'
import { refuse } from '../refusals'
import type { BookRequest, Outcome } from './scheduler'
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
export function toView(row: BookingRow, now: Temporal.Instant, iCalUID: string, notice?: ChangeNotice, location?: CallLocation): BookingView {
  const status = row.status === 'CANCELLED' ? 'CANCELLED' : 'ACCEPTED'
  const upcoming = status === 'ACCEPTED' && Date.parse(row.startTime) > now.epochMilliseconds
  return {
    uid: row.uid,
    title: row.title,
    startTime: row.startTime,
    endTime: row.endTime,
    status,
    timeZone: row.timeZone,
    name: row.name,
    user: { username: row.host },
    canChange: upcoming,
    iCalUID,
    // A cancelled call has nowhere to happen. The view names a phone call but not the number: the uid lets anyone
    // holding it read the view, and the number is the visitor's own (the booking's answer and emails carry it).
    ...(location && status === 'ACCEPTED' ? (location.type === 'video' ? locationFields(location) : { location: 'phone', metadata: {} }) : {}),
    // From `closesAt` on the page shows the sentence instead of its buttons (and the API refuses with it).
    ...(upcoming && notice && notice.minutes > 0
      ? { changeNotice: { closesAt: toIsoUtc(Temporal.Instant.from(row.startTime).subtract({ minutes: notice.minutes })), message: notice.message } }
      : {}),
  }
}

/** SCHEDULE_CHANGE_NOTICE_MINUTES and its sentence (changeNoticeMessage, with HOST_EMAIL), as the view carries it. */
export interface ChangeNotice {
  minutes: number
  message: string
}

const notFound = refuse('notFound')

export function bookingChanges({ config, store, clock, availability, onMailQueued, newId, isFree }: ChangeContext) {
  const settings = mailSettings(config, store.calendarSecret)
  const notice: ChangeNotice = {
    minutes: config.SCHEDULE_CHANGE_NOTICE_MINUTES,
    message: changeNoticeMessage(config.SCHEDULE_CHANGE_NOTICE_MINUTES, config.HOST_EMAIL),
  }
  const view = (row: BookingRow, now: Temporal.Instant) => toView(row, now, settings.calendarUid(row.id), notice, settings.location(row))

  /** The visitor's and the agency's messages about a change, made inside its transaction. */
  // With CalDAV, one more outbox job brings the host's calendar up to date.
  const writesCalendar = config.CALDAV_URL !== undefined
  const reminders = { visitor: config.REMINDERS, host: config.HOST_REMINDER }
  const mailsFor =
    (kind: ChangeKind, now: ReturnType<Clock>): MailsFor =>
    (booking, previous) => [
      ...bookingMails({ kind, booking, previous, settings, now: now.toString(), newId }),
      ...(writesCalendar ? [calendarJob(kind, settings, newId)] : []),
      // A booking and a move plan the reminders of the (new) time; the change drops any older ones.
      ...(kind === 'cancelled' ? [] : reminderMails({ booking, plan: reminders, settings, now: now.toString(), newId })),
    ]

  /** A call moved to `start` must not land inside its own notice period: it could not be changed again. */
  const movableTo = (start: Temporal.Instant, now: Temporal.Instant) =>
    start.epochMilliseconds - notice.minutes * 60_000 > now.epochMilliseconds

  return {
    mailsFor,
    notice,
    movableTo,

    /** Whether the active booking of `uid` is inside its notice period (or has started): no slot may be offered to move it. */
    async tooLateToMove(uid: string, now: Temporal.Instant): Promise<boolean> {
      const row = isBookingUid(uid) ? await store.find(uid) : undefined
      return row?.status === 'ACCEPTED' && tooLateToChange(row, now, notice.minutes, 'rescheduled') !== undefined
    },

    /** Moves the booking of `uid` to the request's start: same uid, sequence + 1, the old slot free. */
    async reschedule(uid: string, { request, start, end, clients }: BookRequest): Promise<Outcome<BookingView>> {
      if (!isBookingUid(uid)) return notFound
      const now = clock()
      if (outOfBoundsReason(availability, now, start) !== undefined || !movableTo(start, now))
        return refuse('outOfBounds')
      const moving = await store.find(uid)
      if (moving && !(await isFree(start, now, Date.parse(moving.startTime))))
        return refuse('slotTaken')
      if (request._isDryRun) {
        const row = moving
        if (!row) return notFound
        const refused = changeRefusal(row, now, notice.minutes, 'rescheduled') ?? rescheduleRefusal(row, start, config.MAX_RESCHEDULES_PER_BOOKING)
        if (refused) return refused
        const taken = await store.takenStarts(row.host, start, end)
        if (taken.size > 0) return refuse('slotTaken')
        return { ok: true, status: 200, body: view({ ...row, startTime: toIsoUtc(start), endTime: toIsoUtc(end) }, now) }
      }
      const to = { start, end, maxReschedules: config.MAX_RESCHEDULES_PER_BOOKING }
      const result = await store.reschedule(uid, to, { now, clients, changeNoticeMinutes: notice.minutes }, mailsFor('rescheduled', now))
      if (!result.ok) return result
      onMailQueued()
      return { ok: true, status: 200, body: view(result.booking, now) }
    },

    /** Cancels the booking of `uid`: its slot is free at once. */
    async cancel(uid: string, reason: string | undefined, clients: readonly ClientLimit[]): Promise<Outcome<CancelResponse>> {
      if (!isBookingUid(uid)) return notFound
      const now = clock()
      const result = await store.cancel(uid, reason || undefined, { now, clients, changeNoticeMinutes: notice.minutes }, mailsFor('cancelled', now))
      if (!result.ok) return result
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
