import { Temporal } from 'temporal-polyfill'
import type { BookingRow } from './rows'

// Terminal-safe: no control characters (escape sequences) from stored text reach the screen.
// eslint-disable-next-line no-control-regex
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')

/** booked, rescheduled (moved at least once) or cancelled. */
export function bookingState(row: BookingRow): string {
  if (row.status === 'CANCELLED') return 'cancelled'
  return row.previousStartTime ? 'rescheduled' : 'booked'
}

/**
 * The upcoming bookings (start at or after `now`) as a text table, start time in the host's zone,
 * with their state: cancelled ones stay listed, so the agency sees what was called off.
 */
export function upcomingBookingsTable(
  rows: readonly BookingRow[],
  zone: string,
  now: Temporal.Instant,
): { count: number; text: string } {
  const upcoming = rows.filter((row) => Temporal.Instant.compare(Temporal.Instant.from(row.startTime), now) >= 0)
  const table = upcoming.map((row) => {
    const start = Temporal.Instant.from(row.startTime).toZonedDateTimeISO(zone)
    const weekday = start.toLocaleString('en-NZ', { weekday: 'short' })
    return [
      `${weekday} ${start.toPlainDate().toString()} ${start.toPlainTime().toString().slice(0, 5)} ${start.offset}`,
      bookingState(row),
      clean(row.name),
      clean(row.email),
    ]
  })
  const header = [`Start (${zone})`, 'Status', 'Name', 'Email']
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] as string).length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd()
  return { count: upcoming.length, text: [line(header), line(widths.map((w) => '-'.repeat(w))), ...table.map(line)].join('\n') }
}
