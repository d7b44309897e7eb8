import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openStore } from '../../server/db/store'
import { withPostgres } from './support/databases'
import { defineDeskSuite } from './support/deskSuite'

withPostgres('the desk', (databaseUrl) => {
  // A schema of its own, named here, so the suite can read the tables themselves (what is stored of the secrets).
  const schema = `desk_test_${randomBytes(6).toString('hex')}`
  const client = async () => {
    const connection = new pg.Client({ connectionString: databaseUrl })
    await connection.connect()
    return connection
  }
  defineDeskSuite(
    'a real PostgreSQL server (TEST_DATABASE_URL)',
    async () => ({
      open: () => openStore({ databaseUrl, schema }),
      async dispose() {
        const connection = await client()
        await connection.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await connection.end()
      },
    }),
    async () => {
      const connection = await client()
      await connection.query(`SET search_path TO ${schema}`)
      return { query: async (text) => (await connection.query(text)).rows as Record<string, unknown>[], close: () => connection.end() }
    },
  )
})
