/**
 * PostgreSQL stopped mid-stream and frozen (docs/operations.md#outages), on a cluster of the test's own: bookings,
 * the slots, the manage page and API v2 answer 503 with Retry-After and a sentence, never 500; `/readyz` says the database is
 * unavailable; when PostgreSQL is back, everything answers again with nothing restarted.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type BookingStore } from '../../server/db/store'
import { createLogger } from '../../server/log/logger'
import { withPostgres } from './support/databases'
import { bookingBody, capturedLogger, postBooking, slotsInput, slotsPath, startServer, testClock, testConfig, type RunningServer } from './support/harness'
import { throwawayPostgres, type ThrowawayPostgres } from './support/throwawayPostgres'

const UNAVAILABLE = 'Bookings are unavailable for a moment on our side. Please try again shortly.'
const API_KEY = `key-${randomBytes(24).toString('hex')}`

withPostgres('outages', () => {
  describe('PostgreSQL stopped or frozen', () => {
    const log = capturedLogger()
    let pg: ThrowawayPostgres
    let store: BookingStore
    let server: RunningServer

    beforeAll(async () => {
      pg = await throwawayPostgres()
      store = await openStore({
        databaseUrl: pg.url,
        pool: { connectTimeoutMs: 1000, statementTimeoutMs: 1000 },
        logger: createLogger({ level: 'silent' }),
      })
      server = await startServer({
        config: testConfig({ API_KEY }),
        store,
        clock: testClock(),
        logger: log.logger,
        health: { state: () => 'ready', checkDatabase: () => store.checkReady() },
      })
    }, 60_000)
    afterAll(async () => {
      await server?.close()
      await pg?.dispose()
      await store?.close().catch(() => undefined)
    })

    const readiness = async () => {
      const response = await fetch(`${server.url}/readyz`)
      return [response.status, await response.json()]
    }
    const book = async (start: string) => {
      const response = await postBooking(server.url, bookingBody(start))
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> }
    }
    /** Recovery needs no restart: the pool connects again on its own. */
    const recovers = async (start: string) => {
      await expect.poll(readiness, { timeout: 15_000, interval: 200 }).toEqual([200, { status: 'ready' }])
      expect((await book(start)).status).toBe(200)
    }

    it('stopped mid-stream: 503 with Retry-After for a booking, the slots, the manage page and /v2; /readyz names the database; it recovers', async () => {
      const booked = await book('2026-11-24T10:00')
      expect(booked.status).toBe(200)

      pg.stop()
      expect(await book('2026-11-24T10:15')).toEqual({ status: 503, retryAfter: '30', body: { message: UNAVAILABLE } })
      const slots = await fetch(`${server.url}${slotsPath(slotsInput('2026-11-24T11:00:00.000Z', '2026-12-01T11:00:00.000Z'))}`)
      expect(slots.status).toBe(503)
      expect(await slots.json()).toMatchObject({ error: { json: { message: UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } } })
      const manage = await fetch(`${server.url}/api/booking/${booked.body.uid as string}`)
      expect([manage.status, manage.headers.get('retry-after'), await manage.json()]).toEqual([503, '30', { message: UNAVAILABLE }])
      // The automations' API v2 too, in Cal.com's envelope.
      const webhooks = await fetch(`${server.url}/v2/webhooks`, { headers: { Authorization: `Bearer ${API_KEY}` } })
      expect([webhooks.status, webhooks.headers.get('retry-after'), await webhooks.json()]).toEqual([
        503,
        '30',
        { status: 'error', error: { code: 'ServiceUnavailableException', message: UNAVAILABLE } },
      ])
      expect(await readiness()).toEqual([503, { status: 'database unavailable' }])
      expect(log.records().filter((r) => r.msg === 'API error' || r.msg === 'API v2 error')).toEqual([])
      expect(log.records().find((r) => r.msg === 'Unavailable: the database cannot be reached')).toMatchObject({ level: 50, outage: 'database' })

      pg.start()
      await recovers('2026-11-24T10:30')
    }, 60_000)

    it('frozen: 503 once the client gives up (statement timeout + 1 s), not 500, and recovers when it thaws', async () => {
      expect((await book('2026-11-24T11:00')).status).toBe(200)
      pg.freeze()
      const asked = Date.now()
      const frozen = await book('2026-11-24T11:15')
      const waitedMs = Date.now() - asked
      expect(frozen).toEqual({ status: 503, retryAfter: '30', body: { message: UNAVAILABLE } })
      expect(waitedMs).toBeLessThan(5_000)
      expect(await readiness()).toEqual([503, { status: 'database unavailable' }])
      pg.thaw()
      await recovers('2026-11-24T11:30')
      console.info(`Frozen PostgreSQL: a booking answered 503 after ${waitedMs} ms`)
    }, 60_000)
  })
})
