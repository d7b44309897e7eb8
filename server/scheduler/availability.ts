import { Temporal } from 'temporal-polyfill'
import { BOOKING_LENGTH_MINUTES } from '../../src/lib/bookingWire'
import type { ServerConfig } from '../config'

/** The host's bookable hours, from configuration (DESIGN §4). */
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

/**
 * Every slot start of one day of the host's calendar, ignoring notice, window and bookings. A wall
 * time that does not exist that day (a daylight-saving gap) or repeats (the second pass of a
 * fall-back hour) gives no second slot.
 */
export function slotGridOn(availability: Availability, date: Temporal.PlainDate): Temporal.Instant[] {
  if (!availability.days.includes(date.dayOfWeek)) return []
  const starts: Temporal.Instant[] = []
  const last = availability.endMinute - BOOKING_LENGTH_MINUTES
  for (let minute = availability.startMinute; minute <= last; minute += availability.slotMinutes) {
    const time = new Temporal.PlainTime(Math.floor(minute / 60), minute % 60)
    const zoned = date.toZonedDateTime({ timeZone: availability.timeZone, plainTime: time })
    if (Temporal.PlainTime.compare(zoned.toPlainTime(), time) !== 0 || !zoned.toPlainDate().equals(date)) continue
    starts.push(zoned.toInstant())
  }
  return starts
}
