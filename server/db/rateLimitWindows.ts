/**
 * Per-key request windows in the database (table rate_limit_windows), so every server instance
 * counts against the same limit in PostgreSQL mode. The same fixed-window rule as the in-memory
 * limiter of server/rateLimit.ts: a window opens at a key's first request and lasts `windowMs`.
 * One statement decides and records a request (the row is locked by ON CONFLICT DO UPDATE).
 * Time is the caller's clock, so tests move it instead of sleeping.
 */
import type { Temporal } from 'temporal-polyfill'
import type { Sql } from './store'

export type WindowHit = { ok: true } | { ok: false; retryAfterSeconds: number }

/** Expired windows are deleted after this many hits (one cheap DELETE on the index now and then). */
const CLEANUP_EVERY = 1000

export function rateLimitWindows(sql: Sql) {
  let hits = 0
  return async function hit(key: string, limit: number, windowMs: number, now: Temporal.Instant): Promise<WindowHit> {
    if (++hits % CLEANUP_EVERY === 0) {
      await sql.query('DELETE FROM rate_limit_windows WHERE reset_at <= $1::timestamptz', [now.toString()])
    }
    const [row] = await sql.query<{ hits: number; resetMs: number }>(
      `INSERT INTO rate_limit_windows AS w (key, hits, reset_at) VALUES ($1, 1, $2::timestamptz)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN w.reset_at <= $3::timestamptz THEN 1 ELSE w.hits + 1 END,
         reset_at = CASE WHEN w.reset_at <= $3::timestamptz THEN EXCLUDED.reset_at ELSE w.reset_at END
       RETURNING w.hits, (extract(epoch FROM w.reset_at) * 1000)::float8 AS "resetMs"`,
      [key, now.add({ milliseconds: windowMs }).toString(), now.toString()],
    )
    if (!row) throw new Error('rate limit upsert returned no row')
    if (row.hits <= limit) return { ok: true }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(row.resetMs) - now.epochMilliseconds) / 1000)) }
  }
}
