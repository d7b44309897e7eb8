/**
 * What keeps a grid slot from being offered besides its own booking: the host's busy
 * times (calendar sources and our own calls) widened by the buffers, and days that already hold
 * SCHEDULE_MAX_CALLS_PER_DAY calls. Built per slots answer (cached) and per booking (checked again).
 */
import { Temporal } from 'temporal-polyfill'
import { BOOKING_LENGTH_MINUTES } from '../../core/bookingWire'
import { BusyTimes, type CalendarBusy } from '../calendar/busyTimes'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import type { Availability } from './availability'
import type { SlotFilter } from './slots'

const CALL_MS = BOOKING_LENGTH_MINUTES * 60_000

export interface SlotFilters {
  /** Whether anything beyond taken starts can keep a slot (else the scheduler skips the filter). */
  active: boolean
  /** The filter for slots in [from, to); undefined when a calendar cannot be read. `except`: a call's start to leave out (its reschedule). */
  forRange(from: Temporal.Instant, to: Temporal.Instant, except?: number): Promise<SlotFilter | undefined>
}

export function slotFilters({
  config,
  store,
  availability,
  calendar,
}: {
  config: ServerConfig
  store: BookingStore
  availability: Availability
  calendar: CalendarBusy | undefined
}): SlotFilters {
  const beforeMs = config.SCHEDULE_BUFFER_BEFORE_MINUTES * 60_000
  const afterMs = config.SCHEDULE_BUFFER_AFTER_MINUTES * 60_000
  const maxPerDay = config.SCHEDULE_MAX_CALLS_PER_DAY
  const zone = availability.timeZone
  // The calendar's busy times change once per refresh: widened once per change, not per answer.
  let widenedFrom: BusyTimes | undefined
  let widened = BusyTimes.none

  return {
    active: calendar !== undefined || beforeMs > 0 || afterMs > 0 || maxPerDay !== undefined,
    async forRange(from, to, except) {
      const calendarBusy = calendar ? calendar.busy() : BusyTimes.none
      if (!calendarBusy) return undefined
      if (calendarBusy !== widenedFrom) {
        widened = calendarBusy.widened(beforeMs, afterMs)
        widenedFrom = calendarBusy
      }
      // Whole days of the host's zone (for the daily count), and the calls whose buffers reach into the range.
      const margin = Math.max(beforeMs, afterMs) + CALL_MS
      const firstDay = from.toZonedDateTimeISO(zone).startOfDay().toInstant().subtract({ milliseconds: margin })
      const lastDay = to.toZonedDateTimeISO(zone).startOfDay().add({ days: 1 }).toInstant().add({ milliseconds: margin })
      const starts = [...(await store.takenStarts(config.BOOKING_HOST, firstDay, lastDay))].filter((ms) => ms !== except)
      const calls = BusyTimes.of(starts.map((start) => ({ start, end: start + CALL_MS }))).widened(beforeMs, afterMs)
      const fullDays = new Set<string>()
      if (maxPerDay !== undefined) {
        const perDay = new Map<string, number>()
        for (const start of starts) {
          const day = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(zone).toPlainDate().toString()
          const count = (perDay.get(day) ?? 0) + 1
          perDay.set(day, count)
          if (count >= maxPerDay) fullDays.add(day)
        }
      }
      return { busy: [widened, calls], fullDays }
    },
  }
}
