/**
 * Word that the bookings changed, for caches of what is derived from them (the slots answers).
 *
 * Every committed booking, reschedule and cancellation is told to this process's listeners at once
 * (the store calls `changed()` after the commit). With PostgreSQL several instances share one
 * database, so each change also runs `pg_notify` inside its transaction (delivered on commit) and
 * every instance LISTENs on one connection of its own: another instance's change arrives within
 * milliseconds. While that connection is down, `live()` is false and caches must not be trusted;
 * when it comes back, listeners are told (changes may have been missed meanwhile).
 */
import pg from 'pg'
import type { Logger } from '../log/logger'
import type { Sql } from './sql'

export const CHANGES_CHANNEL = 'bookings_changed'
/** The listening connection's name in pg_stat_activity, so an operator can tell it from the pool's. */
export const CHANGE_FEED_APPLICATION = 'agency-change-feed'

export interface ChangeFeed {
  /** Whether every change, this instance's and the others', reaches the listeners. */
  live(): boolean
  /** `listener` runs after each change (or possible missed change); returns the unsubscribe. */
  subscribe(listener: () => void): () => void
}

/** Inside a change's transaction: tells the other instances once it commits (PostgreSQL's NOTIFY). */
export async function announceChange(sql: Sql, host: string): Promise<void> {
  await sql.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, host])
}

export interface LocalFeed extends ChangeFeed {
  /** Tells every listener now. */
  changed(): void
}

/** The listeners of one process; live unless `isLive` says otherwise. */
export function localFeed(isLive: () => boolean = () => true): LocalFeed {
  const listeners = new Set<() => void>()
  return {
    live: isLive,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    changed() {
      for (const listener of listeners) listener()
    },
  }
}

/** Reconnect delays after the LISTEN connection is lost: 0.5 s doubling to 30 s. */
const RETRY_FIRST_MS = 500
const RETRY_MAX_MS = 30_000

/**
 * LISTENs for the other instances' changes on a dedicated connection, reconnecting with backoff.
 * Resolves once the first attempt has settled (listening, or not yet: then it keeps trying).
 */
export async function listenForChanges(options: {
  clientConfig: pg.ClientConfig
  feed: LocalFeed
  logger?: Pick<Logger, 'warn' | 'info'>
}): Promise<{ live(): boolean; close(): Promise<void> }> {
  let client: pg.Client | undefined
  let live = false
  let closed = false
  let failures = 0
  let retry: NodeJS.Timeout | undefined

  /** `dead` failed; ignored unless it is the current connection (each failure is handled once). */
  const lost = (dead: pg.Client, error: unknown) => {
    if (closed || client !== dead) return
    client = undefined
    live = false
    // Whatever was cached may now miss a change: listeners drop it, and caches stay off until live again.
    options.feed.changed()
    dead.end().catch(() => undefined)
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures++)
    options.logger?.warn({ err: error, retryInMs: delay }, 'Lost the PostgreSQL connection that hears other instances’ booking changes; slot answers are not cached until it is back')
    retry = setTimeout(() => void connect(), delay)
    retry.unref()
  }

  async function connect(): Promise<void> {
    if (closed) return
    const next = new pg.Client(options.clientConfig)
    client = next
    next.on('error', (error) => lost(next, error))
    next.on('end', () => lost(next, new Error('connection ended')))
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) options.feed.changed()
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANGES_CHANNEL}`)
      if (closed) return void (await next.end().catch(() => undefined))
      if (failures > 0) options.logger?.info('Hearing other instances’ booking changes again')
      failures = 0
      live = true
      // Changes made while nobody listened are unknown: start afresh.
      options.feed.changed()
    } catch (error) {
      lost(next, error)
    }
  }

  await connect()
  return {
    live: () => live,
    async close() {
      closed = true
      live = false
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
    },
  }
}
