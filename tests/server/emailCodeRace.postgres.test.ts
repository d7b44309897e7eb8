/**
 * A code tried while another request is booking with it, on a real PostgreSQL server: the try waits for the booking's
 * transaction and must then name that booking (docs/design.md#email-codes). The order is forced here with a table lock;
 * the HTTP suite (./support/emailCodeSuite.ts) only meets it when two requests happen to overlap.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type BookingStore } from '../../server/db/store'
import { withPostgres } from './support/databases'

withPostgres('a code tried during its booking', (databaseUrl) => {
  describe('a code tried while its booking commits, on a real PostgreSQL server', () => {
    const schema = `code_race_${randomBytes(6).toString('hex')}`
    let store: BookingStore
    const admin = new pg.Client({ connectionString: databaseUrl })
    const now = Temporal.Instant.from('2026-11-23T08:00:00Z')
    const start = Temporal.Instant.from('2026-11-24T21:00:00Z')

    beforeAll(async () => {
      store = await openStore({ databaseUrl, schema })
      await admin.connect()
    })
    afterAll(async () => {
      await store.close()
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.end()
    })

    /** Sessions of this database waiting for a lock, besides `admin`'s. */
    const waiting = async () =>
      Number(
        (await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0]
          ?.n,
      )

    it('names the booking the other request made with it, once that request commits', async () => {
      const [code] = (
        await admin.query<{ id: number }>(
          `INSERT INTO ${schema}.email_codes (address_key, code_hash, created_at, expires_at) VALUES ('jo', 'hash', $1, $2) RETURNING id::int AS id`,
          [now.toString(), now.add({ minutes: 10 }).toString()],
        )
      ).rows
      if (!code) throw new Error('no code row')
      const booking = {
        id: await store.newBookingId(),
        uid: '3d8a069e-ac05-4507-b168-359cb515bd64',
        host: 'kiwi-automate',
        eventTypeId: 7,
        title: '15 Min Call between Kiwi Automate and Jo',
        start,
        end: start.add({ minutes: 15 }),
        name: 'Jo',
        email: 'jo@example.com',
        guests: [],
        timeZone: 'Pacific/Auckland',
        language: 'en',
      }

      // The booking's transaction uses the code, then waits at its INSERT while the lock is held.
      const locker = new pg.Client({ connectionString: databaseUrl })
      await locker.connect()
      await locker.query('BEGIN')
      await locker.query(`LOCK TABLE ${schema}.bookings IN EXCLUSIVE MODE`)
      const booked = store.insert(booking, {
        limits: { now, emailKey: 'jo@example.com', maxUpcomingPerEmail: 5, clients: [] },
        jobs: [],
        gate: { channel: 'web', codeId: code.id },
      })
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1)
      // The same code tried meanwhile waits for the code's row.
      const tried = store.emailCodes.try('jo', now, 5)
      await expect.poll(waiting, { timeout: 10_000 }).toBe(2)
      await locker.query('COMMIT')
      await locker.end()

      expect(await booked).toMatchObject({ ok: true, booking: { uid: booking.uid } })
      expect(await tried).toMatchObject({ id: code.id, used: true, bookingUid: booking.uid })
    })
  })
})
