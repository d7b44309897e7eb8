/**
 * Bookings in PostgreSQL: embedded PGlite in a directory by default, a real server through `pg` when a
 * connection string is given. The same SQL and the same migrations run on both.
 */
import { PGlite } from '@electric-sql/pglite'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Temporal } from 'temporal-polyfill'
import type { Logger } from '../logger'
import {
  cancelBooking,
  insertBooking,
  rescheduleBooking,
  type BookingLimits,
  type ChangeLimits,
  type ChangeResult,
  type InsertResult,
  type MailsFor,
} from './bookingChanges'
import { calendarCopyStore, type CopyStore } from './calendarCopies'
import { CHANGE_FEED_APPLICATION, listenForChanges, localFeed, type ChangeFeed } from './changeFeed'
import { mailJobStore, type MailJobStore } from './mailJobs'
import { memoryRateLimiter, postgresRateLimiter, type RateLimitOptions } from './rateLimitWindows'

export type { BookingLimits, ChangeLimits, ChangeResult, ClientLimit, InsertResult, MailsFor } from './bookingChanges'

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

export interface BookingRow {
  id: number
  uid: string
  host: string
  eventTypeId: number
  title: string
  /** ISO UTC instants with milliseconds. */
  startTime: string
  endTime: string
  name: string
  email: string
  guests: string[]
  timeZone: string
  language: string
  /** 'ACCEPTED' or 'CANCELLED'. */
  status: string
  createdAt: string
  /** The invite's SEQUENCE: + 1 on every reschedule and on the cancellation. */
  sequence: number
  cancelledAt: string | null
  cancellationReason: string | null
  rescheduledAt: string | null
  /** Where the call was before its last reschedule. */
  previousStartTime: string | null
  /** What the visitor wants to discuss (issue 25): for the agency only, never in a log. */
  notes: string | null
}

export interface NewBooking {
  uid: string
  host: string
  eventTypeId: number
  title: string
  start: Temporal.Instant
  end: Temporal.Instant
  name: string
  email: string
  guests: string[]
  timeZone: string
  language: string
  /** Issue 25; undefined or empty: none. */
  notes?: string
}

export interface BookingStore {
  kind: 'pglite' | 'postgres'
  /**
   * In one transaction: checks the limits, inserts, and writes the mail jobs `mails` makes of the row.
   * Reports that (host, start) is taken (the partial unique index decides races) or a limit is reached;
   * nothing is written then.
   */
  insert(booking: NewBooking, options: { limits: BookingLimits; mails: MailsFor }): Promise<InsertResult>
  /**
   * Moves an upcoming active booking (same uid, sequence + 1) and writes its mail jobs, in one transaction;
   * not to where it is, not more than `maxReschedules` times, and within the daily caps of `limits`.
   */
  reschedule(
    uid: string,
    to: { start: Temporal.Instant; end: Temporal.Instant; maxReschedules: number },
    limits: ChangeLimits,
    mails: MailsFor,
  ): Promise<ChangeResult>
  /**
   * Cancels an upcoming active booking (its slot is free at once) and writes its mail jobs, in one
   * transaction, within the daily caps of `limits`.
   */
  cancel(uid: string, reason: string | undefined, limits: ChangeLimits, mails: MailsFor): Promise<ChangeResult>
  /** One booking by uid, whatever its status. */
  find(uid: string): Promise<BookingRow | undefined>
  /** The mail outbox the worker sends from. */
  mailJobs: MailJobStore
  /** The host's calendar sources' last good copies (issue 24). */
  calendarCopies: CopyStore
  /** Told of every booking change, this instance's at once and (PostgreSQL) the other instances' within milliseconds. */
  changes: ChangeFeed
  /**
   * A fixed-window request limiter counted where every server instance on this database sees it: in the
   * database with PostgreSQL, in this process's memory with PGlite (one process by design).
   */
  rateLimiter(options: RateLimitOptions): RateLimiterAbstract
  /** Epoch milliseconds of the taken starts of `host` in [from, to). */
  takenStarts(host: string, from: Temporal.Instant, to: Temporal.Instant): Promise<Set<number>>
  /** Bookings ending at or after `from`, by start. */
  list(from: Temporal.Instant, limit?: number): Promise<BookingRow[]>
  count(): Promise<number>
  /** The secret of the events' iCalendar UIDs (server/calendarUid.ts), made by migration 005. */
  calendarSecret: string
  /** Throws when the database cannot be reached or a migration of server/db/migrations is not applied (/readyz). */
  checkReady(): Promise<void>
  close(): Promise<void>
}

/** PostgreSQL pool limits (DATABASE_POOL_SIZE and the DATABASE_*_TIMEOUT_MS settings). */
export interface PoolOptions {
  size: number
  /** Waiting for a connection, new or from the pool. */
  connectTimeoutMs: number
  /** One statement, enforced by the server; the client gives up a second later if the server does not answer. */
  statementTimeoutMs: number
  /** An idle connection is closed after this long. */
  idleTimeoutMs: number
}

const DEFAULT_POOL: PoolOptions = { size: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 10_000, idleTimeoutMs: 30_000 }

export interface StoreOptions {
  /** A postgres:// URL; when absent, PGlite in `dataDir`. */
  databaseUrl?: string
  dataDir?: string
  /** Tables go into this schema (created when missing): lets tests share one server. */
  schema?: string
  pool?: Partial<PoolOptions>
  /** Where an idle PostgreSQL connection's error is reported (the server's logger). */
  logger?: Pick<Logger, 'error' | 'warn' | 'info'>
}

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations')
const UNIQUE_VIOLATION = '23505'
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
export const SELECT_BOOKING = `SELECT id, uid, host, event_type_id AS "eventTypeId", title,
  ${iso('start_at')} AS "startTime", ${iso('end_at')} AS "endTime", name, email, guests,
  time_zone AS "timeZone", language, status, ${iso('created_at')} AS "createdAt", sequence,
  ${iso('cancelled_at')} AS "cancelledAt", cancellation_reason AS "cancellationReason",
  ${iso('rescheduled_at')} AS "rescheduledAt", ${iso('previous_start_at')} AS "previousStartTime", notes FROM bookings`

async function openPGlite(dataDir: string): Promise<Backend> {
  const db = await PGlite.create(dataDir)
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    query: async <T>(text: string, params?: unknown[]) => (await q.query<T>(text, params)).rows,
    exec: async (text: string) => void (await q.exec(text)),
  })
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    rateLimiter: memoryRateLimiter,
    close: () => db.close(),
  }
}

function openPostgres(url: string, schema: string | undefined, options: Pick<StoreOptions, 'pool' | 'logger'>): Backend {
  const limits = { ...DEFAULT_POOL, ...options.pool }
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.size,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    idleTimeoutMillis: limits.idleTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.statementTimeoutMs + 1_000,
    idle_in_transaction_session_timeout: limits.statementTimeoutMs,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', (error) => {
    if (options.logger) options.logger.error({ err: error }, 'PostgreSQL connection error')
    else console.error('PostgreSQL connection error:', error.message)
  })
  const wrap = (q: pg.Pool | pg.PoolClient): Sql => ({
    query: async <T>(text: string, params?: unknown[]) => (await q.query(text, params)).rows as T[],
    exec: async (text: string) => void (await q.query(text)),
  })
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    rateLimiter: (options) => postgresRateLimiter(pool, options),
    close: () => pool.end(),
  }
}

/**
 * Applies the files of server/db/migrations in name order, each once, recorded in
 * `schema_migrations`. An advisory lock keeps two starting instances from applying the same file.
 */
const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort()

export async function migrate(backend: Backend): Promise<string[]> {
  const files = await migrationFiles()
  return backend.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock(727274)')
    await sql.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set((await sql.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version))
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file)) continue
      await sql.exec(await readFile(join(MIGRATIONS_DIR, file), 'utf8'))
      await sql.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      applied.push(file)
    }
    return applied
  })
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
}

/** Opens the configured database and brings its schema up to date. */
export async function openStore(options: StoreOptions): Promise<BookingStore> {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema))
    throw new Error(`Bad schema name ${options.schema}`)
  let backend: Backend
  if (options.databaseUrl) {
    if (options.schema) {
      const setup = openPostgres(options.databaseUrl, undefined, options)
      await setup.exec(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`).finally(() => setup.close())
    }
    backend = openPostgres(options.databaseUrl, options.schema, options)
  } else {
    if (!options.dataDir) throw new Error('openStore needs databaseUrl or dataDir')
    backend = await openPGlite(options.dataDir)
    if (options.schema) {
      await backend.exec(`CREATE SCHEMA IF NOT EXISTS ${options.schema}; SET search_path TO ${options.schema}`)
    }
  }
  try {
    await migrate(backend)
  } catch (error) {
    await backend.close().catch(() => undefined)
    throw error
  }
  const migrations = await migrationFiles()
  const [secret] = await backend.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'calendar_uid'`)
  if (!secret) throw new Error('The calendar_uid secret is missing from server_secrets')
  // Other instances change bookings only with PostgreSQL; PGlite is this process's alone.
  let listening: Awaited<ReturnType<typeof listenForChanges>> | undefined
  const feed = localFeed(() => listening?.live() ?? true)
  if (options.databaseUrl) {
    const connectTimeoutMs = options.pool?.connectTimeoutMs ?? DEFAULT_POOL.connectTimeoutMs
    listening = await listenForChanges({
      clientConfig: { connectionString: options.databaseUrl, connectionTimeoutMillis: connectTimeoutMs, application_name: CHANGE_FEED_APPLICATION },
      feed,
      logger: options.logger,
    })
  }
  /** Runs a change; once it has committed, this instance's caches hear of it before the caller answers. */
  const announced = async <R extends { ok: boolean }>(result: Promise<R>): Promise<R> => {
    const settled = await result
    if (settled.ok) feed.changed()
    return settled
  }

  return {
    kind: backend.kind,
    insert: (booking, { limits, mails }) => announced(insertBooking(backend, booking, limits, mails)),
    reschedule: (uid, to, limits, mails) => announced(rescheduleBooking(backend, uid, to, limits, mails)),
    cancel: (uid, reason, limits, mails) => announced(cancelBooking(backend, uid, reason, limits, mails)),
    async find(uid) {
      return (await backend.query<BookingRow>(`${SELECT_BOOKING} WHERE uid = $1`, [uid]))[0]
    },
    mailJobs: mailJobStore(backend),
    calendarSecret: secret.value,
    calendarCopies: calendarCopyStore(backend),
    changes: feed,
    rateLimiter: backend.rateLimiter,
    async takenStarts(host, from, to) {
      // Epoch milliseconds straight from the database: parsing text instants cost more than the query.
      const rows = await backend.query<{ startMs: number }>(
        `SELECT (extract(epoch FROM start_at) * 1000)::float8 AS "startMs" FROM bookings
          WHERE host = $1 AND start_at >= $2::timestamptz AND start_at < $3::timestamptz AND status = 'ACCEPTED'`,
        [host, from.toString(), to.toString()],
      )
      return new Set(rows.map((row) => Number(row.startMs)))
    },
    list(from, limit = 1000) {
      return backend.query<BookingRow>(`${SELECT_BOOKING} WHERE end_at >= $1::timestamptz ORDER BY start_at LIMIT $2`, [
        from.toString(),
        limit,
      ])
    },
    async count() {
      const rows = await backend.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')
      return rows[0]?.n ?? 0
    },
    async checkReady() {
      const rows = await backend.query<{ version: string }>('SELECT version FROM schema_migrations')
      const applied = new Set(rows.map((row) => row.version))
      const missing = migrations.filter((file) => !applied.has(file))
      if (missing.length > 0) throw new Error(`Migrations not applied: ${missing.join(', ')}`)
    },
    async close() {
      await listening?.close()
      await backend.close()
    },
  }
}
