import { randomUUID } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import { BOOKING_ERRORS, BOOKING_LENGTH_MINUTES, WIRE_MESSAGES, type BookingResponse, type SlotsResponse } from '../../core/bookingWire'
import { DAILY_LIMIT_MESSAGE, upcomingLimitMessage, type BookingView, type CancelResponse } from '../../core/manageWire'
import type { Clock } from '../api/context'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import { emailKey } from '../limits/keys'
import { availabilityFromConfig } from './availability'
import { calendarUid } from '../calendarUid'
import { toResponse } from './bookingResponse'
import { bookingChanges, type ChangeContext } from './builtInChanges'
import type { Scheduler, SlotsRequest } from './scheduler'
import { freeSlots, groupSlotsByDate, outOfBoundsReason, toIsoUtc } from './slots'
import { createSlotsCache } from './slotsCache'
import { JsonBody } from '../jsonBody'
import type { CalendarBusy } from '../calendar/busyTimes'
import { slotFilters } from './slotFilter'

/** The slots answer while a calendar source cannot be read: the picker shows its load failure and Retry. */
export const CALENDAR_UNREADABLE = 'The host’s calendar cannot be read right now. Please try again in a few minutes.'

/**
 * The range and zone of a request, as the slots cache's key holds them: made once per validated input
 * (server/api/slotsRoute.ts keeps those, so a repeated request brings the same object).
 */
const rangeKeys = new WeakMap<SlotsRequest, string>()
function rangeKey(request: SlotsRequest): string {
  let key = rangeKeys.get(request)
  if (key === undefined) {
    key = `${request.from.epochNanoseconds}/${request.to.epochNanoseconds}/${request.input.timeZone}`
    rangeKeys.set(request, key)
  }
  return key
}

/** The built-in scheduler (docs/design.md#server): slots are the configured availability minus the stored bookings. */
export function createBuiltInScheduler({
  config,
  store,
  clock,
  onMailQueued = () => undefined,
  newId = randomUUID,
  calendar,
}: {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  onMailQueued?: () => void
  newId?: () => string
  /** The host's calendars (issue 24), when any source is configured. */
  calendar?: CalendarBusy
}): Scheduler<BookingResponse | BookingView, CancelResponse, BookingView> {
  const availability = availabilityFromConfig(config)
  const host = config.BOOKING_HOST
  const filters = slotFilters({ config, store, availability, calendar })
  /** Whether `start` is free of busy times and on a day with room (`except`: the start of the call being moved). */
  const isFree = async (start: Temporal.Instant, now: Temporal.Instant, except?: number) => {
    if (!filters.active) return true
    const end = start.add({ minutes: BOOKING_LENGTH_MINUTES })
    const filter = await filters.forRange(start, end, except)
    return filter !== undefined && freeSlots(availability, now, start, end, new Set(), filter).length === 1
  }
  const context: ChangeContext = { config, store, clock, availability, onMailQueued, newId, isFree }
  const changes = bookingChanges(context)
  const slotsCache = createSlotsCache<JsonBody | undefined>(store.changes)

  return {
    async slots(request) {
      const { input, from, to } = request
      if (!input.usernameList.includes(host)) return { ok: false, status: 400, message: WIRE_MESSAGES.user }
      if (input.eventTypeSlug !== config.BOOKING_EVENT_TYPE_SLUG)
        return { ok: false, status: 400, message: WIRE_MESSAGES.eventTypeSlug }
      const now = clock()
      // A calendar refresh changes the version: answers computed before it are not served again.
      const key = `${calendar?.version() ?? 0}/${rangeKey(request)}`
      const body = await slotsCache.get(key, now, async () => {
        let free: Temporal.Instant[]
        if (filters.active) {
          const filter = await filters.forRange(from, to)
          if (!filter) return undefined
          // Our own calls are among the filter's busy times.
          free = freeSlots(availability, now, from, to, new Set(), filter)
        } else {
          free = freeSlots(availability, now, from, to, await store.takenStarts(host, from, to))
        }
        const answer: SlotsResponse = { result: { data: { json: { slots: groupSlotsByDate(free, input.timeZone) } } } }
        return new JsonBody(JSON.stringify(answer))
      })
      if (!body) return { ok: false, status: 503, message: CALENDAR_UNREADABLE }
      return { ok: true, status: 200, body }
    },

    async book(request) {
      const { start, end, clients } = request
      if (request.request.rescheduleUid) return changes.reschedule(request.request.rescheduleUid, request)
      const { responses } = request.request
      if (!responses) return { ok: false, status: 400, message: WIRE_MESSAGES.responses }
      const now = clock()
      if (outOfBoundsReason(availability, now, start) !== undefined)
        return { ok: false, status: 400, message: BOOKING_ERRORS.outOfBounds }
      // The host's calendar, buffers and daily cap, checked again at booking time (the slot may have gone since).
      if (!(await isFree(start, now))) return { ok: false, status: 409, message: BOOKING_ERRORS.slotTaken }

      const { name, email, guests } = responses
      const booking = {
        uid: randomUUID(),
        host,
        eventTypeId: config.BOOKING_EVENT_TYPE_ID,
        title: `15 Min Call between ${host} and ${name}`,
        start,
        end,
        name,
        email,
        guests,
        timeZone: request.request.timeZone,
        language: request.request.language,
      }
      if (request.request._isDryRun) {
        // Cal.com's dry run: the slot checked, nothing written.
        const taken = await store.takenStarts(host, start, end)
        if (taken.size > 0) return { ok: false, status: 409, message: BOOKING_ERRORS.slotTaken }
        const body = toResponse({
          ...booking,
          id: 0,
          startTime: toIsoUtc(start),
          endTime: toIsoUtc(end),
          status: 'ACCEPTED',
          createdAt: toIsoUtc(now),
          sequence: 0,
          cancelledAt: null,
          cancellationReason: null,
          rescheduledAt: null,
          previousStartTime: null,
        })
        return { ok: true, status: 200, body }
      }
      const result = await store.insert(booking, {
        limits: {
          now,
          emailKey: emailKey(email),
          maxUpcomingPerEmail: config.MAX_UPCOMING_PER_EMAIL,
          clients,
        },
        mails: changes.mailsFor('booked', now),
      })
      if (result.ok) {
        onMailQueued()
        return { ok: true, status: 200, body: toResponse(result.booking, calendarUid(store.calendarSecret, result.booking.id, host)) }
      }
      if (result.reason === 'email_limit')
        return { ok: false, status: 409, message: upcomingLimitMessage(config.MAX_UPCOMING_PER_EMAIL, config.BOOKING_HOST_NAME) }
      if (result.reason === 'client_limit')
        return { ok: false, status: 429, message: result.message ?? DAILY_LIMIT_MESSAGE, retryAfterSeconds: result.retryAfterSeconds }
      return { ok: false, status: 409, message: BOOKING_ERRORS.slotTaken }
    },

    cancel: (request) => changes.cancel(request.uid, request.cancellationReason ?? undefined, request.clients),
    booking: (uid) => changes.view(uid),
  }
}
