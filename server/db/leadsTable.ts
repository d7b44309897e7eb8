/**
 * `npm run leads`: what works (docs/booking.md#what-works). The bookings made in a period, counted per source, per
 * campaign and per landing page, with how many of them were cancelled and how many did not show up beside them.
 */
import { bookedByAssistant, sourceName } from '../../core/leadSource'
import type { LeadRow } from './leads'
import { columns, terminalSafe } from './textTable'

/** What a row counts under, where the lead says nothing: no campaign, no landing page (the assistant's, say). */
export const NONE = '(none)'

interface Count {
  name: string
  bookings: number
  cancelled: number
  noShows: number
}

/** The rows counted per `key`, the most booked first (then by name). */
function countBy(rows: readonly LeadRow[], key: (row: LeadRow) => string): Count[] {
  const counts = new Map<string, Count>()
  for (const row of rows) {
    const name = terminalSafe(key(row))
    const count = counts.get(name) ?? { name, bookings: 0, cancelled: 0, noShows: 0 }
    count.bookings += 1
    if (row.cancelled) count.cancelled += 1
    if (row.noShow) count.noShows += 1
    counts.set(name, count)
  }
  return [...counts.values()].sort((a, b) => b.bookings - a.bookings || a.name.localeCompare(b.name))
}

const BY = {
  source: (row: LeadRow) => sourceName(row.leadSource),
  campaign: (row: LeadRow) => row.leadSource?.tracking?.utm_campaign ?? NONE,
  'landing page': (row: LeadRow) =>
    (row.leadSource && !bookedByAssistant(row.leadSource) ? row.leadSource.landingPath : undefined) ?? NONE,
} as const

/** The three tables, each ending in its total. */
export function leadsTables(rows: readonly LeadRow[]): string {
  const cells = (c: Count) => [c.name, String(c.bookings), String(c.cancelled), String(c.noShows)]
  const total = countBy(rows, () => 'Total')[0] ?? { name: 'Total', bookings: 0, cancelled: 0, noShows: 0 }
  const tables = Object.entries(BY).map(([by, key]) => {
    const body = countBy(rows, key).map(cells)
    const { head, line } = columns([`By ${by}`, 'Bookings', 'Cancelled', 'No-shows'], [...body, cells(total)], [1, 2, 3])
    return [...head, ...body.map(line), line(cells(total))].join('\n')
  })
  return tables.join('\n\n')
}
