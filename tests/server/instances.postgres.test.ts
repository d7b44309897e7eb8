/**
 * Several server processes on one PostgreSQL: what one instance decides, every
 * instance decides, because it is decided in the database.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientKey } from '../../server/limits/keys'
import { withPostgres } from './support/databases'
import { bookingBody, postBooking, slotsInput, slotsPath } from './support/harness'
import { BOOKABLE_ANY_TIME, startServerProcess, writeMinimalSite, type ServerProcess } from './support/serverProcess'

withPostgres('two server instances', (testDatabaseUrl) => {
  describe('two server processes on one PostgreSQL', () => {
    const database = `instances_${randomBytes(5).toString('hex')}`
    const databaseUrl = (() => {
      const parsed = new URL(testDatabaseUrl)
      parsed.pathname = `/${database}`
      return parsed.toString()
    })()
    const started: ServerProcess[] = []
    let work: string
    let env: Record<string, string>

    /** Runs `work` on a connection to `url`: the test server's, or this test's database. */
    const connected = (url: string) => async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        return await work(client)
      } finally {
        await client.end()
      }
    }
    const admin = connected(testDatabaseUrl)
    const pair = async (extra: Record<string, string>) => {
      const servers = await Promise.all([0, 1].map(() => startServerProcess({ ...env, ...extra })))
      started.push(...servers)
      await Promise.all(servers.map((server) => server.ready()))
      return servers as [ServerProcess, ServerProcess]
    }
    const stop = async (servers: ServerProcess[]) => {
      for (const server of servers) server.child.kill('SIGTERM')
      await Promise.all(servers.map((server) => server.exited))
    }
    /** Tomorrow at `time`, UTC: every quarter hour of every day is bookable here. */
    const tomorrowAt = (time: string) =>
      `${Temporal.Now.plainDateISO('UTC').add({ days: 1 }).toString()}T${time}:00[UTC]`

    beforeAll(async () => {
      await admin((client) => client.query(`CREATE DATABASE ${database}`))
      work = await mkdtemp(join(tmpdir(), 'agency-instances-'))
      await writeMinimalSite(join(work, 'dist'))
      env = {
        DIST_DIR: join(work, 'dist'),
        DATA_DIR: join(work, 'data'),
        DATABASE_URL: databaseUrl,
        RATE_LIMIT_SLOTS: '1000000',
        RATE_LIMIT_BOOKINGS_PER_DAY: '1000000',
        // They book far more than an hour's BOOKING_VERIFY_AFTER from one address (docs/design.md#email-codes).
        BOOKING_VERIFY: 'off',
        MAX_UPCOMING_PER_EMAIL: '1000',
        ...BOOKABLE_ANY_TIME,
        LOG_LEVEL: 'warn',
        // Stopped on SIGTERM between tests: no load balancer to wait for.
        SHUTDOWN_DELAY_MS: '0',
      }
    })

    afterAll(async () => {
      for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
      await Promise.all(started.map((server) => server.exited))
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
      if (work) await rm(work, { recursive: true, force: true })
    })

    it('50 bookings of one slot raced across both: exactly one 200, 49 × 409, one row', async () => {
      const servers = await pair({ RATE_LIMIT_BOOKINGS: '1000000' })
      const start = tomorrowAt('10:00')
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          postBooking(servers[i % 2]!.url, bookingBody(start, { responses: { name: `Racer ${i}`, email: `racer${i}@example.com`, guests: [] } })).then(
            async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } }),
          ),
        ),
      )
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(49)
      for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toBe('no_available_users_found_error')
      const rows = await new pg.Client({ connectionString: databaseUrl })
      await rows.connect()
      const { rows: found } = await rows.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM bookings WHERE start_at = $1::timestamptz AND status = 'ACCEPTED'",
        [Temporal.ZonedDateTime.from(start).toInstant().toString()],
      )
      await rows.end()
      expect(found[0]?.n).toBe(1)
      await stop(servers)
    }, 180_000)

    it('a booking on one instance leaves the other’s slot answers within a second, cancelled or moved alike', async () => {
      const servers = await pair({ RATE_LIMIT_BOOKINGS: '1000000' })
      const day = Temporal.Now.plainDateISO('UTC').add({ days: 2 })
      const from = day.toZonedDateTime('UTC').toInstant()
      const path = slotsPath(slotsInput(from.toString(), from.add({ hours: 24 }).toString(), 'UTC'))
      const offered = async (server: ServerProcess) => {
        const response = await fetch(server.url + path)
        expect(response.status).toBe(200)
        const body = (await response.json()) as { result: { data: { json: { slots: Record<string, { time: string }[]> } } } }
        return Object.values(body.result.data.json.slots).flat().map((slot) => slot.time)
      }
      /** How long until instance A's answer says `expected` of `time`; fails after a second. */
      const settles = async (time: string, expected: boolean) => {
        const started = performance.now()
        while ((await offered(servers[0])).includes(time) !== expected) {
          if (performance.now() - started > 1_000) throw new Error(`${time} still ${expected ? 'missing' : 'offered'} after 1 s`)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        return performance.now() - started
      }
      const ten = `${day.toString()}T10:00:00.000Z`
      const eleven = `${day.toString()}T11:00:00.000Z`
      // A's answer is cached (asked twice); B books, moves, then cancels.
      expect(await offered(servers[0])).toContain(ten)
      expect(await offered(servers[0])).toContain(ten)
      const booked = await postBooking(servers[1].url, bookingBody(`${day.toString()}T10:00:00[UTC]`))
      expect(booked.status).toBe(200)
      const { uid } = (await booked.json()) as { uid: string }
      expect(await settles(ten, false)).toBeLessThan(1_000)
      const { responses: _none, ...move } = bookingBody(`${day.toString()}T11:00:00[UTC]`)
      expect((await postBooking(servers[1].url, { ...move, rescheduleUid: uid })).status).toBe(200)
      expect(await settles(eleven, false)).toBeLessThan(1_000)
      expect(await offered(servers[0])).toContain(ten)
      const cancelled = await fetch(`${servers[1].url}/api/cancel`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ uid }),
      })
      expect(cancelled.status).toBe(200)
      expect(await settles(eleven, true)).toBeLessThan(1_000)
      await stop(servers)
    }, 180_000)

    it('one per-minute limit for both: the fourth booking request from one address is refused, whichever instance gets it', async () => {
      const servers = await pair({ RATE_LIMIT_BOOKINGS: '3' })
      const statuses: number[] = []
      // Sequential, alternating: A, B, A, B. Bodies that are refused (400) still count against the limit.
      for (let i = 0; i < 4; i++) statuses.push((await postBooking(servers[i % 2]!.url, { not: 'a booking' })).status)
      expect(statuses).toEqual([400, 400, 400, 429])
      // The database keeps the limit and a SHA-256 of the client's network, never the address itself.
      const { rows } = await connected(databaseUrl)((client) =>
        client.query<{ key: string; points: number }>("SELECT key, points FROM rate_limits WHERE key LIKE 'book:3/%'"),
      )
      expect(rows).toEqual([{ key: `book:3/60s:${clientKey('127.0.0.1')}`, points: 4 }])
      expect(rows[0]?.key).toMatch(/^book:3\/60s:[0-9a-f]{64}$/)
      await stop(servers)
    }, 180_000)
  })
})
