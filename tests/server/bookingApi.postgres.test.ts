import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, it } from 'vitest'
import { openStore } from '../../server/db/store'
import { defineBookingSuite, type StoreBackend } from './support/bookingSuite'
import { defineManageSuite } from './support/manageSuite'

const url = process.env.TEST_DATABASE_URL

const HOW_TO = `No PostgreSQL server is configured for the store tests (TEST_DATABASE_URL is not set).
To run them: start a throwaway server, e.g. as the postgres user
  initdb -D /tmp/pg -A trust -U postgres && pg_ctl -D /tmp/pg -o "-k /tmp -p 55432 -c listen_addresses=127.0.0.1" start
  createdb -h 127.0.0.1 -p 55432 -U postgres agency_test
then TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/agency_test npx vitest run tests/server/bookingApi.postgres.test.ts
(.ci/run does this by itself.)`

if (url) {
  // Every suite gets its own schema, dropped at the end: the database may be shared.
  const postgres = async (): Promise<StoreBackend> => {
    const schema = `bookings_test_${randomBytes(6).toString('hex')}`
    return {
      open: () => openStore({ databaseUrl: url, schema }),
      async dispose() {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await client.end()
      },
    }
  }
  defineBookingSuite('a real PostgreSQL server (TEST_DATABASE_URL)', postgres)
  defineManageSuite('a real PostgreSQL server (TEST_DATABASE_URL)', postgres)
} else if (process.env.CI) {
  describe('booking API on a real PostgreSQL server', () => {
    it('needs TEST_DATABASE_URL in CI', () => {
      throw new Error(HOW_TO)
    })
  })
} else {
  console.warn(HOW_TO)
  describe.skip(`booking API on a real PostgreSQL server — skipped: no PostgreSQL server is configured (set TEST_DATABASE_URL; see this file)`, () => {
    it('runs the store suite against PostgreSQL', () => {})
  })
}
