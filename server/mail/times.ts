/**
 * Dates and times as the emails write them, in a given zone: "Tuesday 24 November 2026, 10:00 am".
 * Written out here rather than with Intl, whose output (spaces, "at", am/pm) differs between ICU
 * versions: a subject line must not change with the Node version.
 */
import { Temporal } from 'temporal-polyfill'
import { readableZone } from '../../core/zoneName'

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

const zoned = (iso: string, zone: string) => Temporal.Instant.from(iso).toZonedDateTimeISO(zone)

/** 10:00 am, 12:15 pm, 12:00 am; or in the 24-hour clock 10:00, 12:15, 00:00 (docs/email.md#times). */
function clock(time: Temporal.ZonedDateTime, hour24: boolean): string {
  const minutes = String(time.minute).padStart(2, '0')
  if (hour24) return `${String(time.hour).padStart(2, '0')}:${minutes}`
  const hour = time.hour % 12 === 0 ? 12 : time.hour % 12
  return `${hour}:${minutes} ${time.hour < 12 ? 'am' : 'pm'}`
}

/** Tuesday 24 November 2026 */
function longDate(time: Temporal.ZonedDateTime): string {
  return `${WEEKDAYS[time.dayOfWeek - 1]} ${time.day} ${MONTHS[time.month - 1]} ${time.year}`
}

/** Tue 24 Nov 2026, 10:00 am — for subjects. */
export function shortDateTime(iso: string, zone: string, hour24 = false): string {
  const time = zoned(iso, zone)
  const weekday = (WEEKDAYS[time.dayOfWeek - 1] as string).slice(0, 3)
  const month = (MONTHS[time.month - 1] as string).slice(0, 3)
  return `${weekday} ${time.day} ${month} ${time.year}, ${clock(time, hour24)}`
}

/** Tuesday 24 November 2026, 10:00 am to 10:15 am (Pacific/Auckland, UTC+13:00); 'America/New York' as the site writes it. */
export function timeRange(startIso: string, endIso: string, zone: string, hour24 = false): string {
  const start = zoned(startIso, zone)
  const end = zoned(endIso, zone)
  const endText = start.toPlainDate().equals(end.toPlainDate()) ? clock(end, hour24) : `${longDate(end)}, ${clock(end, hour24)}`
  return `${longDate(start)}, ${clock(start, hour24)} to ${endText} (${readableZone(zone)}, UTC${start.offset})`
}

/**
 * When the call is, for one reader and beside it for the other side: one row when both read the same clock at
 * that time (the same zone, or one with the same offset then), two otherwise, the reader's first. Both rows
 * in the reader's clock.
 */
export function whenRows(
  booking: { startTime: string; endTime: string },
  reader: { label: string; zone: string; hour24?: boolean },
  other: { label: string; zone: string },
): [string, string][] {
  const range = (zone: string) => timeRange(booking.startTime, booking.endTime, zone, reader.hour24)
  const sameClock = zoned(booking.startTime, reader.zone).offset === zoned(booking.startTime, other.zone).offset
  if (reader.zone === other.zone || sameClock) return [['When', range(reader.zone)]]
  return [
    [reader.label, range(reader.zone)],
    [other.label, range(other.zone)],
  ]
}
