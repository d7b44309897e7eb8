/** The SQL both backends speak, and the pieces of it every concern of the store shares. */
import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import type { RateLimitOptions } from './rateLimitWindows'

/** What both backends can do; `$1` placeholders. */
export interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>
  /** Several statements, no parameters (migrations). */
  exec(text: string): Promise<void>
}

export interface Backend extends Sql {
  kind: 'pglite' | 'postgres'
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T>
  /** See BookingStore.rateLimiter. */
  rateLimiter(options: RateLimitOptions): RateLimiterAbstract
  close(): Promise<void>
}

const UNIQUE_VIOLATION = '23505'
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
export const SELECT_BOOKING = `SELECT id, uid, host, event_type_id AS "eventTypeId", title,
  ${iso('start_at')} AS "startTime", ${iso('end_at')} AS "endTime", name, email, guests,
  time_zone AS "timeZone", language, status, ${iso('created_at')} AS "createdAt", sequence,
  ${iso('cancelled_at')} AS "cancelledAt", cancellation_reason AS "cancellationReason",
  ${iso('rescheduled_at')} AS "rescheduledAt", ${iso('previous_start_at')} AS "previousStartTime", notes, phone,
  email_verified AS "emailVerified", hour24, lead_source AS "leadSource", no_show AS "noShow" FROM bookings`

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
}
