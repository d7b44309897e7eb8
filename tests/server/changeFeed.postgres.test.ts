/**
 * The change feed on a real PostgreSQL: one store hears another's committed changes (two instances),
 * stops vouching for caches when its listening connection is cut, and comes back by itself.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHANGE_FEED_APPLICATION } from '../../server/db/changeFeed'
import { openStore, type BookingStore } from '../../server/db/store'
import { withPostgres } from './support/databases'

const until = async (condition: () => boolean, withinMs: number) => {
  const started = performance.now()
  while (!condition()) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return performance.now() - started
}

withPostgres('the change feed', (databaseUrl) => {
  describe('the booking change feed with PostgreSQL', () => {
    const schema = `feed_test_${randomBytes(6).toString('hex')}`
    let listener: BookingStore
    let writer: BookingStore
    let heard = 0

    beforeAll(async () => {
      listener = await openStore({ databaseUrl, schema })
      writer = await openStore({ databaseUrl, schema })
      listener.changes.subscribe(() => heard++)
    })

    afterAll(async () => {
      await listener?.close()
      await writer?.close()
      const admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.end()
    })

    const book = async (n: number) => {
      const start = Temporal.Instant.from('2031-03-03T00:00:00Z').add({ minutes: 15 * n })
      return writer.insert(
        {
          id: await writer.newBookingId(),
          uid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          host: 'kiwi-automate',
          eventTypeId: 1,
          title: '15 Min Call',
          start,
          end: start.add({ minutes: 15 }),
          name: 'Feed Test',
          email: `feed${n}@example.com`,
          guests: [],
          timeZone: 'UTC',
          language: 'en',
        },
        {
          limits: { now: Temporal.Now.instant(), emailKey: `feed${n}@example.com`, maxUpcomingPerEmail: 10, clients: [{ key: 'feed', maxPerDay: 100 }] },
          jobs: [],
        },
      )
    }

    it('hears a change committed by another instance within a second', async () => {
      expect(listener.changes.live()).toBe(true)
      const before = heard
      expect((await book(1)).ok).toBe(true)
      expect(await until(() => heard > before, 1_000)).toBeLessThan(1_000)
    })

    it('is not live while its connection is cut, tells its listeners, and listens again by itself', async () => {
      const admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      const before = heard
      try {
        const { rowCount } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()',
          [CHANGE_FEED_APPLICATION],
        )
        expect(rowCount).toBeGreaterThanOrEqual(2)
      } finally {
        await admin.end()
      }
      await until(() => !listener.changes.live(), 2_000)
      expect(heard).toBeGreaterThan(before)
      // The first retry comes half a second later.
      await until(() => listener.changes.live(), 5_000)
      const again = heard
      expect((await book(2)).ok).toBe(true)
      await until(() => heard > again, 1_000)
    })
  })
})
