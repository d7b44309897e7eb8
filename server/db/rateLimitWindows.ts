/**
 * Where the per-minute request windows are counted (rate-limiter-flexible, fixed windows), by backend.
 * PostgreSQL: the table rate_limits, so every server instance on that database counts against the same
 * limit. Migration 003 creates it (`tableCreated`): no instance creates it at run time, and it lands in
 * the store's schema like every other table (the name is unqualified: the pool's search_path decides).
 * PGlite: this process's memory, as PGlite is one process by design.
 * Windows are measured by this process's clock (Date.now); PostgreSQL stores them as epoch milliseconds.
 * The daily cap per client and the per-email cap are not counted here: they are decided inside the
 * booking's own transaction (./bookingChanges.ts), which a limiter's separate store could not join.
 */
import type pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible'

export interface RateLimitOptions {
  /** Keeps one limit's keys apart from another's. */
  keyPrefix: string
  /** Requests per window. */
  points: number
  /** The window, in seconds. */
  duration: number
}

export function postgresRateLimiter(pool: pg.Pool, options: RateLimitOptions): RateLimiterAbstract {
  return new RateLimiterPostgres({ ...options, storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true })
}

export function memoryRateLimiter(options: RateLimitOptions): RateLimiterAbstract {
  return new RateLimiterMemory(options)
}
