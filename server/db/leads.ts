/**
 * The bookings `npm run leads` counts (docs/booking.md#what-works): those made since a moment, with where each lead
 * came from, whether it was cancelled, and whether the visitor did not show up.
 */
import type { Temporal } from 'temporal-polyfill'
import type { LeadSource } from '../../core/leadSource'
import { iso, type Sql } from './sql'

/**
 * The column in which the host's desk marks a no-show (a flag or the moment it was marked). Until a migration adds
 * it, no-shows are not known: the report says so rather than counting none.
 */
export const NO_SHOW_COLUMN = 'no_show'

export interface LeadRow {
  leadSource: LeadSource | null
  /** When the booking was made (ISO UTC). */
  createdAt: string
  cancelled: boolean
  noShow: boolean
}

export interface Leads {
  /** Bookings made at or after the moment asked, oldest first. */
  rows: LeadRow[]
  /** false: this database records no no-shows yet (no NO_SHOW_COLUMN), and every `noShow` is false for it. */
  noShowsRecorded: boolean
}

export interface LeadStore {
  since(from: Temporal.Instant): Promise<Leads>
}

export function leadStore(sql: Sql): LeadStore {
  return {
    async since(from) {
      const [column] = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'bookings' AND column_name = $1`,
        [NO_SHOW_COLUMN],
      )
      // A flag (true) or a moment (not null) alike: what is not empty and not false is a no-show.
      const noShowsRecorded = (column?.n ?? 0) > 0
      const noShow = noShowsRecorded ? `(${NO_SHOW_COLUMN} IS NOT NULL AND ${NO_SHOW_COLUMN}::text <> 'false')` : 'false'
      const rows = await sql.query<LeadRow>(
        `SELECT lead_source AS "leadSource", ${iso('created_at')} AS "createdAt", status = 'CANCELLED' AS cancelled, ${noShow} AS "noShow"
           FROM bookings WHERE created_at >= $1::timestamptz ORDER BY created_at, id`,
        [from.toString()],
      )
      return { rows, noShowsRecorded }
    },
  }
}
