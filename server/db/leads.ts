/**
 * The bookings `npm run leads` counts (docs/booking.md#what-works): those made since a moment, with where each lead
 * came from, whether it was cancelled, and whether the visitor did not show up.
 */
import type { Temporal } from 'temporal-polyfill'
import type { LeadSource } from '../../core/leadSource'
import { iso, type Sql } from './sql'

export interface LeadRow {
  leadSource: LeadSource | null
  /** When the booking was made (ISO UTC). */
  createdAt: string
  cancelled: boolean
  noShow: boolean
}

export interface LeadStore {
  /** Bookings made at or after `from`, oldest first; `noShow` as the desk marked it (docs/desk.md#actions). */
  since(from: Temporal.Instant): Promise<LeadRow[]>
}

export function leadStore(sql: Sql): LeadStore {
  return {
    since(from) {
      return sql.query<LeadRow>(
        `SELECT lead_source AS "leadSource", ${iso('created_at')} AS "createdAt", status = 'CANCELLED' AS cancelled, no_show AS "noShow"
           FROM bookings WHERE created_at >= $1::timestamptz ORDER BY created_at, id`,
        [from.toString()],
      )
    },
  }
}
