/**
 * The built-in scheduler's one write path (docs/design.md#server): a booking, a reschedule and a cancellation side by
 * side, and the manage page's view. Each change's side effects (the mails, the reminders, the CalDAV write, the
 * webhook events) are made here as outbox jobs, from the row as the change will leave it (rowAfter), and handed to the
 * store, which writes them in the change's own transaction.
 */
import { randomUUID } from 'node:crypto'
import type { BookingResponse } from '../../core/bookingWire'
import { wantsHour24 } from '../../core/bookingPayload'
import { leadSourceOf } from '../../core/leadWire'
import { changeNoticeMessage, isBookingUid, MANAGE_MESSAGES, type BookingView, type CancelResponse } from '../../core/manageWire'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import { changeRefusal, rescheduleRefusal, tooLateToChange, type Outdated } from '../db/bookingChanges'
import { rowAfter, type BookingRow, type NewBooking } from '../db/rows'
import type { BookingStore, ChangeJobs, ChangeResult, ClientLimit } from '../db/store'
import { Temporal } from 'temporal-polyfill'
import { bookingMails } from '../mail/bookingMails'
import { calendarJob } from '../calendar/caldavWriter'
import type { ChangeKind, NewMailJob } from '../db/mailMessage'
import { emailKey } from '../limits/keys'
import type { Logger } from '../log/logger'
import { reminderMails } from '../mail/reminderMails'
import { mailSettings } from '../mail/settings'
import { changeEvents, payloadSettings, type ChangedBy } from '../webhooks/bookingPayload'
import { EVENT_TYPE_TITLE } from '../webhooks/eventType'
import type { Availability } from './availability'
import type { CallLocation } from '../../core/callLocation'
import { locationFields, toResponse } from './bookingResponse'
import { emailCodes } from './emailCodes'
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
  /** Told when email codes turn on or off (docs/design.md#email-codes). */
  log?: Pick<Logger, 'info'>
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

export function bookingChanges({ config, store, clock, availability, onMailQueued, newId, isFree, log }: ChangeContext) {
  const host = config.BOOKING_HOST
  const settings = mailSettings(config, store.calendarSecret)
  const payloads = payloadSettings(config, settings)
  const codes = emailCodes({ config, store, newId, log })
  const notice: ChangeNotice = {
    minutes: config.SCHEDULE_CHANGE_NOTICE_MINUTES,
    message: changeNoticeMessage(config.SCHEDULE_CHANGE_NOTICE_MINUTES, config.HOST_EMAIL),
  }
  const view = (row: BookingRow, now: Temporal.Instant) => toView(row, now, settings.calendarUid(row.id), notice, settings.location(row))

  // With CalDAV, one more outbox job brings the host's calendar up to date.
  const writesCalendar = config.CALDAV_URL !== undefined
  const reminders = { visitor: config.REMINDERS, host: config.HOST_REMINDER }
  /** A change's outbox jobs: the visitor's, the agency's and each guest's messages, the calendar's write, the reminders. */
  const jobsFor = (kind: ChangeKind, booking: BookingRow, previous: BookingRow | undefined, now: Temporal.Instant): NewMailJob[] => [
    ...bookingMails({ kind, booking, previous, settings, now: now.toString(), newId }),
    ...(writesCalendar ? [calendarJob(kind, settings, newId)] : []),
    // A booking and a move plan the reminders of the (new) time; the change drops any older ones.
    ...(kind === 'cancelled' ? [] : reminderMails({ booking, plan: reminders, settings, now: now.toString(), newId })),
  ]
  /** The jobs of a change of `row` into `after`, valid while the row stays at its sequence. */
  const madeOf = (kind: ChangeKind, after: BookingRow, row: BookingRow, now: Temporal.Instant, by?: ChangedBy): ChangeJobs => ({
    sequence: row.sequence,
    jobs: jobsFor(kind, after, row, now),
    events: changeEvents(kind, after, row, { settings: payloads, now, newId, by }),
  })
  /**
   * Runs a change of the booking of `uid` with its jobs made from `row`, and again from the row as it is now
   * whenever another change came first (each adds 1 to the sequence, and a booking changes a few times at most).
   */
  async function onCurrentRow(
    uid: string,
    row: BookingRow | undefined,
    change: (row: BookingRow) => Promise<ChangeResult>,
  ): Promise<Exclude<ChangeResult, Outdated>> {
    for (let current = row; ; current = await store.find(uid)) {
      if (!current) return notFound
      const result = await change(current)
      if (result.ok || !('outdated' in result)) return result
    }
  }

  /** A booking's answer: the same for the request that made it and for that request sent again. */
  const answered = (booking: BookingRow): Outcome<BookingResponse> => ({
    ok: true,
    status: 200,
    body: toResponse(booking, settings.location(booking), settings.calendarUid(booking.id)),
  })

  /**
   * A request sent again with the code that booked it (its answer was lost on the way): the booking it made, as
   * Cal.com answers a booker who books the same slot again, when it is still at the request's start; nothing is
   * written or mailed. Else the code is spent (a new one is needed), as for any other request.
   */
  async function bookedAlready(uid: string | undefined, start: Temporal.Instant): Promise<Outcome<BookingResponse>> {
    const booking = uid === undefined ? undefined : await store.find(uid)
    if (booking?.status === 'ACCEPTED' && booking.host === host && Date.parse(booking.startTime) === start.epochMilliseconds) return answered(booking)
    return refuse('codeExpired')
  }

  /** A call moved to `start` must not land inside its own notice period: it could not be changed again. */
  const movableTo = (start: Temporal.Instant, now: Temporal.Instant) =>
    start.epochMilliseconds - notice.minutes * 60_000 > now.epochMilliseconds

  /** Moves the booking of `uid` to the request's start: same uid, sequence + 1, the old slot free. */
  async function reschedule(uid: string, { request, start, end, clients }: BookRequest): Promise<Outcome<BookingView>> {
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
    const limits = { now, clients, changeNoticeMinutes: notice.minutes }
    const result = await onCurrentRow(uid, moving, (row) =>
      store.reschedule(uid, to, limits, madeOf('rescheduled', rowAfter.rescheduled(row, to, now), row, now)),
    )
    if (!result.ok) return result
    onMailQueued()
    return { ok: true, status: 200, body: view(result.booking, now) }
  }

  return {
    notice,
    movableTo,

    /** Books (or dry-runs) a new call, or moves the booking of the request's `rescheduleUid`. */
    async book(request: BookRequest): Promise<Outcome<BookingResponse | BookingView>> {
      const { start, end, clients } = request
      if (request.request.rescheduleUid) return reschedule(request.request.rescheduleUid, request)
      const { responses } = request.request
      if (!responses) return refuse('missingResponses')
      const now = clock()
      if (outOfBoundsReason(availability, now, start) !== undefined)
        return refuse('outOfBounds')
      // The host's calendar, buffers and daily cap, checked again at booking time (the slot may have gone since).
      if (!(await isFree(start, now))) return refuse('slotTaken')

      const { name, email, guests, notes } = responses
      // Where the lead came from, for the agency (docs/booking.md#where-a-lead-came-from).
      const leadSource = leadSourceOf(request.request)
      const booking: NewBooking = {
        uid: randomUUID(),
        host,
        eventTypeId: config.BOOKING_EVENT_TYPE_ID,
        title: `${EVENT_TYPE_TITLE} between ${config.BOOKING_HOST_NAME} and ${name}`,
        start,
        end,
        name,
        email,
        guests,
        timeZone: request.request.timeZone,
        language: request.request.language,
        notes: notes || undefined,
        ...(request.phone ? { phone: request.phone } : {}),
        ...(wantsHour24(request.request.metadata) ? { hour24: true } : {}),
        ...(leadSource ? { leadSource } : {}),
      }
      if (request.request._isDryRun) {
        // Cal.com's dry run: the slot checked, nothing written.
        const taken = await store.takenStarts(host, start, end)
        if (taken.size > 0) return refuse('slotTaken')
        // Nothing is written: without a booking id there is no room yet, so no location.
        return { ok: true, status: 200, body: toResponse(rowAfter.booked({ ...booking, id: 0 }, now, false)) }
      }
      // Floods (docs/design.md#email-codes): a code to check, or the hour to count in the booking's transaction.
      const asking = {
        email,
        code: request.request.emailVerificationCode,
        channel: request.channel ?? 'web',
        clients,
        ownerNetwork: request.ownerNetwork,
        proof: request.request.altcha,
      }
      const admitted = await codes.admit(asking, now)
      if (!admitted.ok) {
        if (admitted.code === 'codeRequired') onMailQueued()
        return admitted
      }
      if ('bookedAs' in admitted) return bookedAlready(admitted.bookedAs, start)
      // The id first, so that the jobs are made from the row as it will be.
      const numbered = { ...booking, id: await store.newBookingId() }
      const row = rowAfter.booked(numbered, now, admitted.gate.codeId !== undefined)
      const result = await store.insert(numbered, {
        limits: { now, emailKey: emailKey(email), maxUpcomingPerEmail: config.MAX_UPCOMING_PER_EMAIL, clients },
        jobs: jobsFor('booked', row, undefined, now),
        events: changeEvents('booked', row, undefined, { settings: payloads, now, newId }),
        gate: admitted.gate,
      })
      codes.observe(result)
      if (result.ok) {
        onMailQueued()
        return answered(result.booking)
      }
      // The same request twice at once: the other one used the code meanwhile.
      const { codeId } = admitted.gate
      if (result.code === 'codeExpired' && codeId !== undefined) return bookedAlready(await store.emailCodes.bookingOf(codeId), start)
      if (result.code !== 'codeRequired') return result
      // No slot is held meanwhile: the same request with the code books, if the slot is still free then.
      const asked = await codes.ask(asking, now)
      if (asked.code === 'codeRequired') onMailQueued()
      return asked
    },

    /** Whether the active booking of `uid` is inside its notice period (or has started): no slot may be offered to move it. */
    async tooLateToMove(uid: string, now: Temporal.Instant): Promise<boolean> {
      const row = isBookingUid(uid) ? await store.find(uid) : undefined
      return row?.status === 'ACCEPTED' && tooLateToChange(row, now, notice.minutes, 'rescheduled') !== undefined
    },

    /** Cancels the booking of `uid`: its slot is free at once. `by`: who cancelled, as the webhooks' `cancelledBy` names them. */
    async cancel(uid: string, reason: string | undefined, clients: readonly ClientLimit[], by: ChangedBy = 'visitor'): Promise<Outcome<CancelResponse>> {
      if (!isBookingUid(uid)) return notFound
      const now = clock()
      // The host cancels from the desk up to the start (docs/desk.md): no notice period applies to them.
      const limits = { now, clients, changeNoticeMinutes: by === 'host' ? 0 : notice.minutes }
      const why = reason || undefined
      const cancelledBy = by === 'host' ? 'host' : undefined
      const result = await onCurrentRow(uid, await store.find(uid), (row) => {
        const after = { ...rowAfter.cancelled(row, why, now), ...(cancelledBy ? { cancelledBy } : {}) }
        return store.cancel(uid, why, limits, madeOf('cancelled', after, row, now, by), cancelledBy)
      })
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
