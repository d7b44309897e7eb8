import { Temporal } from 'temporal-polyfill'
import { BOOKING_LENGTH_MINUTES } from '../../core/bookingWire'
import { publicHolidays, type HolidayCheck } from '../calendar/holidays'
import type { ServerConfig } from '../config'

/** The host's bookable hours, from configuration (docs/design.md#server). */
export interface Availability {
  /** The host's IANA zone: the hours below are wall-clock times there. */
  timeZone: string
  /** ISO weekdays, 1 = Monday. */
  days: readonly number[]
  /** Minutes since midnight, host's zone. */
  startMinute: number
  endMinute: number
  /** The slot grid; a call lasts BOOKING_LENGTH_MINUTES. */
  slotMinutes: number
  minNoticeMinutes: number
  daysAhead: number
  /** Public holidays (SCHEDULE_HOLIDAYS): no slots on them. */
  isHoliday: HolidayCheck
}

export function availabilityFromConfig(config: ServerConfig): Availability {
  return {
    timeZone: config.SCHEDULE_TIME_ZONE,
    days: config.SCHEDULE_DAYS,
    startMinute: config.SCHEDULE_START,
    endMinute: config.SCHEDULE_END,
    slotMinutes: config.SCHEDULE_SLOT_MINUTES,
    minNoticeMinutes: config.SCHEDULE_MIN_NOTICE_MINUTES,
    daysAhead: config.SCHEDULE_DAYS_AHEAD,
    isHoliday: publicHolidays(config.SCHEDULE_HOLIDAYS),
  }
}

/** Earliest and latest bookable start at `now`: minimum notice, and the window of days ahead. */
export function bookableWindow(
  availability: Availability,
  now: Temporal.Instant,
): { earliest: Temporal.Instant; latest: Temporal.Instant } {
  return {
    earliest: now.add({ minutes: availability.minNoticeMinutes }),
    latest: now.toZonedDateTimeISO(availability.timeZone).add({ days: availability.daysAhead }).toInstant(),
  }
}

const timeAt = (minute: number) => new Temporal.PlainTime(Math.floor(minute / 60), minute % 60)

/**
 * The slot start at `minute` of `date` in the host's zone, or undefined when that wall time does not
 * exist that day (a daylight-saving gap) or is the second pass of a repeated (fall-back) hour.
 */
function slotAt(availability: Availability, date: Temporal.PlainDate, minute: number): Temporal.ZonedDateTime | undefined {
  const time = timeAt(minute)
  const zoned = date.toZonedDateTime({ timeZone: availability.timeZone, plainTime: time })
  if (Temporal.PlainTime.compare(zoned.toPlainTime(), time) !== 0 || !zoned.toPlainDate().equals(date)) return undefined
  return zoned
}

const grids = new WeakMap<Availability, Map<string, readonly Temporal.Instant[]>>()

/** Every slot start of one day of the host's calendar, ignoring notice, window and bookings (memoised per day). */
export function slotGridOn(availability: Availability, date: Temporal.PlainDate): readonly Temporal.Instant[] {
  let byDate = grids.get(availability)
  if (!byDate) grids.set(availability, (byDate = new Map()))
  const key = date.toString()
  let grid = byDate.get(key)
  if (!grid) {
    grid = computeGrid(availability, date)
    if (byDate.size >= 1000) byDate.clear()
    byDate.set(key, grid)
  }
  return grid
}

function computeGrid(availability: Availability, date: Temporal.PlainDate): Temporal.Instant[] {
  if (!availability.days.includes(date.dayOfWeek) || availability.isHoliday(date)) return []
  const { startMinute, slotMinutes } = availability
  const last = availability.endMinute - BOOKING_LENGTH_MINUTES
  const count = Math.floor((last - startMinute) / slotMinutes) + 1
  const first = slotAt(availability, date, startMinute)
  const lastSlot = slotAt(availability, date, startMinute + (count - 1) * slotMinutes)
  // The usual day: one offset from the first slot to the last, so the grid is plain instant steps.
  if (first && lastSlot && first.offsetNanoseconds === lastSlot.offsetNanoseconds) {
    const base = first.toInstant()
    return Array.from({ length: count }, (_, k) => base.add({ minutes: k * slotMinutes }))
  }
  // A daylight-saving change inside the hours: wall time by wall time.
  const starts: Temporal.Instant[] = []
  for (let k = 0; k < count; k++) {
    const zoned = slotAt(availability, date, startMinute + k * slotMinutes)
    if (zoned) starts.push(zoned.toInstant())
  }
  return starts
}

/** Whether `start` is a slot start of the host's grid (weekday not a holiday, hours, step, whole minutes). */
export function isOnSlotGrid(availability: Availability, start: Temporal.Instant): boolean {
  const zoned = start.toZonedDateTimeISO(availability.timeZone)
  if (!availability.days.includes(zoned.dayOfWeek) || availability.isHoliday(zoned.toPlainDate())) return false
  if (zoned.second !== 0 || zoned.millisecond !== 0 || zoned.microsecond !== 0 || zoned.nanosecond !== 0) return false
  const minute = zoned.hour * 60 + zoned.minute
  const { startMinute, slotMinutes } = availability
  if (
    minute < startMinute ||
    minute > availability.endMinute - BOOKING_LENGTH_MINUTES ||
    (minute - startMinute) % slotMinutes !== 0
  )
    return false
  return slotAt(availability, zoned.toPlainDate(), minute)?.toInstant().equals(start) ?? false
}
