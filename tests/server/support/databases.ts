/** The two databases every store suite runs on: PGlite in a temporary directory, and a real PostgreSQL. */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { describe, it } from 'vitest'
import { openStore } from '../../../server/db/store'
import type { StoreBackend } from './bookingSuite'

export async function pgliteBackend(): Promise<StoreBackend> {
  const dir = await mkdtemp(join(tmpdir(), 'bookings-pglite-'))
  return {
    open: () => openStore({ dataDir: dir }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
}

const url = process.env.TEST_DATABASE_URL

const HOW_TO = `No PostgreSQL server is configured for the store tests (TEST_DATABASE_URL is not set).
To run them: start a throwaway server, e.g. as the postgres user
  initdb -D /tmp/pg -A trust -U postgres && pg_ctl -D /tmp/pg -o "-k /tmp -p 55432 -c listen_addresses=127.0.0.1" start
  createdb -h 127.0.0.1 -p 55432 -U postgres agency_test
then TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/agency_test npx vitest run tests/server
(.ci/run does this by itself.)`

/** Every run gets its own schema, dropped at the end: the database may be shared. */
async function postgresBackend(databaseUrl: string): Promise<StoreBackend> {
  const schema = `bookings_test_${randomBytes(6).toString('hex')}`
  return {
    open: () => openStore({ databaseUrl, schema }),
    async dispose() {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    },
  }
}

/**
 * Defines tests that need the PostgreSQL of TEST_DATABASE_URL; without one they are skipped with the way
 * to start one, except in CI, where a missing server fails.
 */
export function withPostgres(label: string, define: (databaseUrl: string) => void) {
  if (url) define(url)
  else if (process.env.CI) {
    describe(`${label} on a real PostgreSQL server`, () => {
      it('needs TEST_DATABASE_URL in CI', () => {
        throw new Error(HOW_TO)
      })
    })
  } else {
    console.warn(HOW_TO)
    describe.skip(`${label} on a real PostgreSQL server — skipped: no PostgreSQL server is configured (set TEST_DATABASE_URL; see tests/server/support/databases.ts)`, () => {
      it(`runs ${label} against PostgreSQL`, () => {})
    })
  }
}

/** A store suite on PostgreSQL, in a schema of its own. */
export function onPostgres(label: string, define: (label: string, makeBackend: () => Promise<StoreBackend>) => void) {
  withPostgres(label, (databaseUrl) => define('a real PostgreSQL server (TEST_DATABASE_URL)', () => postgresBackend(databaseUrl)))
}
