import { BoundedMap } from '../runtime/boundedMap'
import { Temporal } from 'temporal-polyfill'
import { BOOKING_LENGTH_MINUTES } from '../../core/bookingWire'
import type { BusyTimes } from '../calendar/busyTimes'
import { bookableWindow, isOnSlotGrid, slotGridOn, type Availability } from './availability'

const { compare } = Temporal.Instant
const CALL_MS = BOOKING_LENGTH_MINUTES * 60_000

/** What else keeps a slot from being offered. */
export interface SlotFilter {
  /** The host's busy times (calendars, calls), already widened by the buffers: several sets, so none is merged per request. */
  busy: readonly BusyTimes[]
  /** Dates (YYYY-MM-DD, host's zone) that hold SCHEDULE_MAX_CALLS_PER_DAY calls already. */
  fullDays: ReadonlySet<string>
}

/**
 * Slot starts in [from, to) that are bookable at `now`, not taken (epoch milliseconds of taken
 * starts), and, with a `filter`, overlapping no busy time and not on a full day.
 */
export function freeSlots(
  availability: Availability,
  now: Temporal.Instant,
  from: Temporal.Instant,
  to: Temporal.Instant,
  taken: ReadonlySet<number>,
  filter?: SlotFilter,
): Temporal.Instant[] {
  const { earliest, latest } = bookableWindow(availability, now)
  const lower = compare(from, earliest) > 0 ? from : earliest
  const upperExclusive = to
  if (compare(lower, upperExclusive) >= 0 || compare(lower, latest) > 0) return []
  const zone = availability.timeZone
  let date = lower.toZonedDateTimeISO(zone).toPlainDate()
  const lastInstant = compare(latest, upperExclusive) < 0 ? latest : upperExclusive
  const lastDate = lastInstant.toZonedDateTimeISO(zone).toPlainDate()
  const result: Temporal.Instant[] = []
  while (Temporal.PlainDate.compare(date, lastDate) <= 0) {
    const full = filter?.fullDays.has(date.toString()) ?? false
    for (const start of full ? [] : slotGridOn(availability, date)) {
      if (compare(start, lower) < 0 || compare(start, upperExclusive) >= 0 || compare(start, latest) > 0) continue
      const ms = start.epochMilliseconds
      if (taken.has(ms)) continue
      if (filter?.busy.some((busy) => busy.overlaps(ms, ms + CALL_MS))) continue
      result.push(start)
    }
    date = date.add({ days: 1 })
  }
  return result
}

/** Why a start cannot be booked at `now`, or undefined when it is a bookable slot boundary. */
export function outOfBoundsReason(
  availability: Availability,
  now: Temporal.Instant,
  start: Temporal.Instant,
): string | undefined {
  const { earliest, latest } = bookableWindow(availability, now)
  if (compare(start, now) < 0) return 'in the past'
  if (compare(start, earliest) < 0) return 'inside the minimum notice'
  if (compare(start, latest) > 0) return 'beyond the booking window'
  return isOnSlotGrid(availability, start) ? undefined : 'not a slot boundary inside availability'
}

/** Cal.com's slot map: date keys in the requested zone, UTC instants, empty days absent. */
export function groupSlotsByDate(slots: readonly Temporal.Instant[], timeZone: string): Record<string, { time: string }[]> {
  const days: Record<string, { time: string }[]> = {}
  const dateKey = dateKeyFormatter(timeZone)
  for (const slot of slots) {
    const key = dateKey(slot)
    ;(days[key] ??= []).push({ time: toIsoUtc(slot) })
  }
  return days
}

/** `2026-11-22T21:00:00.000Z`, the form Cal.com (and Date#toISOString) writes. */
export function toIsoUtc(instant: Temporal.Instant): string {
  const ms = instant.epochMilliseconds
  let text = isoCache.get(ms)
  if (text === undefined) {
    text = instant.toString({ fractionalSecondDigits: 3 })
    isoCache.set(ms, text)
  }
  return text
}

/**
 * The polyfill's formatting is the dearest part of a slots answer, and the same few thousand slot
 * instants come back in every answer: formatted strings are memoised, in bounded maps.
 */
const isoCache = new BoundedMap<number, string>(50_000)
const dateKeyCache = new BoundedMap<string, string>(50_000)

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * The calendar date of an instant in a zone, as YYYY-MM-DD: the same answer as
 * `instant.toZonedDateTimeISO(zone).toPlainDate().toString()`, read from a cached native Intl
 * formatter because the polyfill's zone lookups dominate a slots answer otherwise.
 */
function dateKeyFormatter(timeZone: string): (instant: Temporal.Instant) => string {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      calendar: 'iso8601',
      numberingSystem: 'latn',
    })
    if (formatters.size > 500) formatters.clear()
    formatters.set(timeZone, formatter)
  }
  const format = formatter
  return (instant) => {
    const cacheKey = `${timeZone}|${instant.epochMilliseconds}`
    const cached = dateKeyCache.get(cacheKey)
    if (cached !== undefined) return cached
    const parts: Record<string, string> = {}
    for (const { type, value } of format.formatToParts(instant.epochMilliseconds)) parts[type] = value
    const key = `${(parts.year ?? '').padStart(4, '0')}-${parts.month}-${parts.day}`
    dateKeyCache.set(cacheKey, key)
    return key
  }
}
