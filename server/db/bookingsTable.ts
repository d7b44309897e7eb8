import { Temporal } from 'temporal-polyfill'
import { formatPhone } from '../../core/phone'
import type { LeadSource } from '../../core/leadSource'
import { CAME_FROM, cameFrom } from './leadLine'
import type { BookingRow } from './rows'
import { columns, terminalSafe as clean } from './textTable'

/** booked, rescheduled (moved at least once), cancelled, or no-show (marked on the desk). */
export function bookingState(row: BookingRow): string {
  if (row.status === 'CANCELLED') return 'cancelled'
  if (row.noShow) return 'no-show'
  return row.previousStartTime ? 'rescheduled' : 'booked'
}

/** The number to call, on a line of its own under its booking. */
const phoneLine = (phone: string) => `  Phone: ${clean(formatPhone(phone))}`

/** A note on one line under its booking: its line breaks as ' / '. */
const noteLine = (notes: string) => `  Notes: ${clean(notes.replace(/\n+/g, ' / '))}`

/** Where the lead came from, on a line of its own (docs/booking.md#where-a-lead-came-from). */
const sourceLine = (source: LeadSource) => `  ${CAME_FROM}: ${clean(cameFrom(source))}`

/**
 * The bookings that start at or after `from` as a text table, start time in the host's zone, with their state:
 * cancelled ones stay listed, so the agency sees what was called off, and so do no-shows. A booking's number, notes
 * and where its lead came from follow on lines of their own, so the table stays aligned. A booking made with an email
 * code says 'verified' in the last column, and `verified` counts them (docs/design.md#email-codes).
 */
export function bookingsTableFrom(
  rows: readonly BookingRow[],
  zone: string,
  from: Temporal.Instant,
): { count: number; verified: number; text: string } {
  const upcoming = rows.filter((row) => Temporal.Instant.compare(Temporal.Instant.from(row.startTime), from) >= 0)
  const table = upcoming.map((row): { cells: string[]; notes: string | null; phone: string | null; source: LeadSource | null } => {
    const start = Temporal.Instant.from(row.startTime).toZonedDateTimeISO(zone)
    const weekday = start.toLocaleString('en-NZ', { weekday: 'short' })
    const cells = [
      `${weekday} ${start.toPlainDate().toString()} ${start.toPlainTime().toString().slice(0, 5)} ${start.offset}`,
      bookingState(row),
      clean(row.name),
      clean(row.email),
      row.emailVerified ? 'verified' : '',
    ]
    return { cells, notes: row.notes, phone: row.phone, source: row.leadSource }
  })
  const header = [`Start (${zone})`, 'Status', 'Name', 'Email', 'Email code']
  const { head, line } = columns(header, table.map((r) => r.cells))
  const verified = upcoming.filter((row) => row.emailVerified).length
  return { count: upcoming.length, verified, text: [...head, ...table.flatMap((r) => [line(r.cells), ...(r.phone ? [phoneLine(r.phone)] : []), ...(r.notes ? [noteLine(r.notes)] : []), ...(r.source ? [sourceLine(r.source)] : [])])].join('\n') }
}
