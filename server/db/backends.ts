/** The two databases behind one Sql: embedded PGlite in a directory, or a PostgreSQL server through `pg`'s pool. */
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Logger } from '../log/logger'
import { memoryRateLimiter, postgresRateLimiter } from './rateLimitWindows'
import type { Backend, Sql } from './sql'

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

export const DEFAULT_POOL: PoolOptions = { size: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 10_000, idleTimeoutMs: 30_000 }

export interface BackendOptions {
  pool?: Partial<PoolOptions>
  /** Where an idle PostgreSQL connection's error is reported (the server's logger). */
  logger?: Pick<Logger, 'error' | 'warn' | 'info'>
}

export async function openPGlite(dataDir: string): Promise<Backend> {
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

export function openPostgres(url: string, schema: string | undefined, options: BackendOptions): Backend {
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
