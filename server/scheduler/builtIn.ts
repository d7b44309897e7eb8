import { randomUUID } from 'node:crypto'
import type { Temporal } from 'temporal-polyfill'
import { BOOKING_LENGTH_MINUTES, type BookingResponse, type SlotsResponse } from '../../core/bookingWire'
import type { BookingView, CancelResponse } from '../../core/manageWire'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import { availabilityFromConfig } from './availability'
import { bookingChanges, type ChangeContext } from './builtInChanges'
import { refuse, type Refusal } from '../refusals'
import type { Scheduler, SlotsRequest } from './scheduler'
import { freeSlots, groupSlotsByDate, type SlotFilter } from './slots'
import { timeOffDays } from './timeOff'
import { createSlotsCache } from './slotsCache'
import { JsonBody } from '../runtime/jsonBody'
import type { CalendarBusy } from '../calendar/busyTimes'
import type { Logger } from '../log/logger'
import { slotFilters } from './slotFilter'

/** Nothing keeps a slot but its own booking. */
const noFilter: SlotFilter = { busy: [], fullDays: new Set() }

/** `filter` with the days of time off as days without room. */
const withTimeOff = (filter: SlotFilter, off: ReadonlySet<string>): SlotFilter =>
  off.size === 0 ? filter : { busy: filter.busy, fullDays: new Set([...filter.fullDays, ...off]) }

/** A slots answer without slots: a call inside its notice period cannot be moved. */
const NO_SLOTS = new JsonBody(JSON.stringify({ result: { data: { json: { slots: {} } } } } satisfies SlotsResponse))

/**
 * The range and zone of a request, as the slots cache's key holds them: made once per validated input
 * (server/http/api/slotsRoute.ts keeps those, so a repeated request brings the same object).
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
  log,
}: {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  onMailQueued?: () => void
  newId?: () => string
  /** The host's calendars, when any source is configured. */
  calendar?: CalendarBusy
  /** Told when email codes turn on or off (docs/design.md#email-codes). */
  log?: Pick<Logger, 'info'>
}): Scheduler<BookingResponse | BookingView, CancelResponse, BookingView> {
  const availability = availabilityFromConfig(config)
  const host = config.BOOKING_HOST
  const filters = slotFilters({ config, store, availability, calendar })
  const zone = availability.timeZone
  /** Whether `start` is free of busy times, on a day with room and not in time off (`except`: the start of the call being moved). */
  const isFree = async (start: Temporal.Instant, now: Temporal.Instant, except?: number) => {
    const end = start.add({ minutes: BOOKING_LENGTH_MINUTES })
    const filter = filters.active ? await filters.forRange(start, end, except) : noFilter
    if (filter === undefined) return false
    const off = await timeOffDays(store, zone, start, start)
    return freeSlots(availability, now, start, end, new Set(), withTimeOff(filter, off)).length === 1
  }
  const context: ChangeContext = { config, store, clock, availability, onMailQueued, newId, isFree, log }
  const changes = bookingChanges(context)
  const slotsCache = createSlotsCache<JsonBody | undefined>(store.changes)

  /** Refuses another host or event type before any work (the slots input names them). */
  const refuseOther = ({ input }: SlotsRequest): Refusal | undefined => {
    if (!input.usernameList.includes(host)) return refuse('unknownHost')
    if (input.eventTypeSlug !== config.BOOKING_EVENT_TYPE_SLUG) return refuse('unknownEventType')
    return undefined
  }
  /** The free starts in [from, to), or undefined while a calendar source cannot be read. */
  const free = async (from: Temporal.Instant, to: Temporal.Instant, now: Temporal.Instant): Promise<Temporal.Instant[] | undefined> => {
    if (!filters.active) {
      const taken = await store.takenStarts(host, from, to)
      const off = await timeOffDays(store, zone, from, to)
      return freeSlots(availability, now, from, to, taken, off.size > 0 ? withTimeOff(noFilter, off) : undefined)
    }
    const filter = await filters.forRange(from, to)
    // Our own calls are among the filter's busy times.
    return filter && freeSlots(availability, now, from, to, new Set(), withTimeOff(filter, await timeOffDays(store, zone, from, to)))
  }
  // While a calendar source cannot be read: the picker shows its load failure and Retry.
  const unreadable = refuse('calendarUnreadable')

  return {
    async slots(request) {
      const refused = refuseOther(request)
      if (refused) return refused
      const { input, from, to } = request
      const now = clock()
      // Moving a call: none inside its notice period, and no move into a new one.
      const moving = input.rescheduleUid && changes.notice.minutes > 0 ? input.rescheduleUid : undefined
      if (moving && (await changes.tooLateToMove(moving, now))) return { ok: true, status: 200, body: NO_SLOTS }
      const noticeFilters = moving !== undefined && changes.notice.minutes > config.SCHEDULE_MIN_NOTICE_MINUTES
      // A calendar refresh changes the version: answers computed before it are not served again.
      const key = `${calendar?.version() ?? 0}/${rangeKey(request)}${noticeFilters ? '/move' : ''}`
      const body = await slotsCache.get(key, now, async () => {
        const starts = await free(from, to, now)
        if (!starts) return undefined
        const offered = noticeFilters ? starts.filter((start) => changes.movableTo(start, now)) : starts
        const answer: SlotsResponse = { result: { data: { json: { slots: groupSlotsByDate(offered, input.timeZone) } } } }
        return new JsonBody(JSON.stringify(answer))
      })
      if (!body) return unreadable
      return { ok: true, status: 200, body }
    },

    async freeSlots(request) {
      const refused = refuseOther(request)
      if (refused) return refused
      const starts = await free(request.from, request.to, clock())
      return starts ? { ok: true, status: 200, body: starts } : unreadable
    },

    book: (request) => changes.book(request),
    cancel: (request) => changes.cancel(request.uid, request.cancellationReason ?? undefined, request.clients, request.by),
    booking: (uid) => changes.view(uid),
  }
}
