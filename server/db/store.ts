/**
 * Bookings in PostgreSQL: embedded PGlite in a directory by default, a real server through `pg` when a
 * connection string is given. The same SQL and the same migrations run on both.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Temporal } from 'temporal-polyfill'
import { DEFAULT_POOL, openPGlite, openPostgres, type BackendOptions } from './backends'
import {
  cancelBooking,
  insertBooking,
  rescheduleBooking,
  type BookingGate,
  type BookingLimits,
  type CancelledBy,
  type ChangeJobs,
  type ChangeLimits,
  type ChangeResult,
  type InsertResult,
} from './bookingChanges'
import type { NewMailJob } from './mailMessage'
import { releaseDeliveryLeases, webhookOutboxStore, type NewWebhookEvent, type WebhookOutboxStore } from './webhookOutbox'
import { webhookStore, type WebhookStore } from './webhooks'
import { calendarCopyStore, type CopyStore } from './calendarCopies'
import { CHANGE_FEED_APPLICATION, listenForChanges, localFeed, type ChangeFeed } from './changeFeed'
import { deskStore, type DeskStore } from './desk'
import { emailCodeStore, type EmailCodeStore } from './emailCodes'
import { leadStore, type LeadStore } from './leads'
import { mailJobStore, releaseLeases, type MailJobStore } from './mailJobs'
import { migrate, migrationFiles } from './migrate'
import { checkFreeSpace } from './outage'
import type { RateLimitOptions } from './rateLimitWindows'
import type { BookingRow, NewBooking } from './rows'
import { SELECT_BOOKING, type Backend } from './sql'
import { voiceCallStore, type VoiceCallStore } from './voiceCalls'

export type { BookingGate, BookingLimits, CancelledBy, ChangeJobs, ChangeLimits, ChangeResult, ClientLimit, InsertResult } from './bookingChanges'

export interface BookingStore {
  kind: 'pglite' | 'postgres'
  /** An id for a new booking, taken before its transaction so that its outbox jobs can be made from its row (rowAfter.booked). */
  newBookingId(): Promise<number>
  /**
   * In one transaction: checks the limits, inserts, and writes the outbox `jobs` made of the row.
   * Reports that (host, start) is taken (the partial unique index decides races) or a limit is reached;
   * nothing is written then.
   */
  insert(
    booking: NewBooking & { id: number },
    options: { limits: BookingLimits; jobs: NewMailJob[]; gate?: BookingGate; events?: NewWebhookEvent[] },
  ): Promise<InsertResult>
  /**
   * Moves an upcoming active booking (same uid, sequence + 1) and writes its outbox jobs, in one transaction;
   * not to where it is, not more than `maxReschedules` times, and within the daily caps of `limits`.
   */
  reschedule(
    uid: string,
    to: { start: Temporal.Instant; end: Temporal.Instant; maxReschedules: number },
    limits: ChangeLimits,
    made: ChangeJobs,
  ): Promise<ChangeResult>
  /**
   * Cancels an upcoming active booking (its slot is free at once) and writes its outbox jobs, in one
   * transaction, within the daily caps of `limits`.
   */
  cancel(uid: string, reason: string | undefined, limits: ChangeLimits, made: ChangeJobs, by?: CancelledBy): Promise<ChangeResult>
  /** One booking by uid, whatever its status. */
  find(uid: string): Promise<BookingRow | undefined>
  /** The mail outbox the worker sends from. */
  mailJobs: MailJobStore
  /** The codes emailed when bookings come fast (docs/design.md#email-codes). */
  emailCodes: EmailCodeStore
  /** The host's calendar sources' last good copies. */
  calendarCopies: CopyStore
  /** Voice calls that booked, and their end-of-call reports. */
  voiceCalls: VoiceCallStore
  /** The webhook subscriptions of Cal.com's API v2 (docs/webhooks.md). */
  webhooks: WebhookStore
  /** The webhooks' outbox: events, deliveries and their attempts. */
  webhookOutbox: WebhookOutboxStore
  /** The agency's desk (docs/desk.md): sign-in links, sessions, no-shows and time off. */
  desk: DeskStore
  /** Where the bookings' leads came from, for `npm run leads`. */
  leads: LeadStore
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
  /** The secret of the events' iCalendar UIDs (server/calendar/calendarUid.ts), made by migration 005. */
  calendarSecret: string
  /**
   * Throws when the database cannot be reached, a migration of server/db/migrations is not applied, or (PGlite) the disk
   * of its directory is full (/readyz; server/db/outage.ts tells which).
   */
  checkReady(): Promise<void>
  close(): Promise<void>
}

export interface StoreOptions extends BackendOptions {
  /** A postgres:// URL; when absent, PGlite in `dataDir`. */
  databaseUrl?: string
  dataDir?: string
  /** Tables go into this schema (created when missing): lets tests share one server. */
  schema?: string
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
  // PGlite is one process's (server/runtime/dataDirLock.ts): a lease still held was left by one that died mid-send, and
  // its message would otherwise wait out the lease (5 minutes), to land after anything sent since.
  if (backend.kind === 'pglite') {
    const released = (await releaseLeases(backend)) + (await releaseDeliveryLeases(backend))
    if (released > 0) options.logger?.warn({ released }, `Released ${released} outbox job(s) held by a process that is gone`)
  }
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
    async newBookingId() {
      const [row] = await backend.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('bookings', 'id'))::int AS id`)
      if (!row) throw new Error('nextval returned no row')
      return row.id
    },
    insert: (booking, { limits, jobs, gate, events }) => announced(insertBooking(backend, booking, limits, jobs, gate, events)),
    reschedule: (uid, to, limits, made) => announced(rescheduleBooking(backend, uid, to, limits, made)),
    cancel: (uid, reason, limits, made, by) => announced(cancelBooking(backend, uid, reason, limits, made, by)),
    async find(uid) {
      return (await backend.query<BookingRow>(`${SELECT_BOOKING} WHERE uid = $1`, [uid]))[0]
    },
    mailJobs: mailJobStore(backend),
    emailCodes: emailCodeStore(backend),
    calendarSecret: secret.value,
    calendarCopies: calendarCopyStore(backend),
    voiceCalls: voiceCallStore(backend),
    webhooks: webhookStore(backend),
    webhookOutbox: webhookOutboxStore(backend),
    leads: leadStore(backend),
    desk: deskStore(backend, () => feed.changed()),
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
      // Reads go on when the disk is full, and so would the check above: PGlite's directory is looked at too.
      if (backend.kind === 'pglite' && options.dataDir) await checkFreeSpace(options.dataDir)
    },
    async close() {
      await listening?.close()
      await backend.close()
    },
  }
}
