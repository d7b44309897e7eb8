import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createApi } from '../../server/api/createApi'
import { postgresRateLimiter } from '../../server/db/rateLimitWindows'
import { createLogger } from '../../server/logger'
import { bookingBody, postBooking, rejectingStore, slotsInput, slotsPath, startServer, testClock, testConfig } from './support/harness'

/** A PostgreSQL server that is down: nothing listens on port 1. */
const downPool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/down', connectionTimeoutMillis: 2_000 })
afterAll(() => downPool.end())

/** A database that is down: every call fails, the rate limits' too. */
const brokenStore = rejectingStore(
  () => new Error('connection refused'),
  (options) => postgresRateLimiter(downPool, options),
)
/** A store whose rate limits work (the requests below never reach the rest of it). */
const limitingStore = rejectingStore(() => new Error('connection refused'))

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...headers },
})

describe('the API when the database fails', () => {
  const api = createApi({ config: testConfig(), store: brokenStore, clock: testClock().read })
  const quiet = <T>(run: () => Promise<T>) => {
    const original = console.error
    console.error = () => undefined
    return run().finally(() => (console.error = original))
  }

  it('answers the slots route with a tRPC 500', async () => {
    const response = await quiet(() =>
      Promise.resolve(
        api.request(slotsPath(slotsInput('2026-11-22T11:00:00.000Z', '2026-11-25T11:00:00.000Z')).replace('/api', '')),
      ),
    )
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ error: { json: { data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } } })
  })

  it('answers a booking with a 500 message, never a stack', async () => {
    const response = await quiet(() => Promise.resolve(api.request('/book/event', post(bookingBody('2026-11-24T10:00')))))
    expect(response.status).toBe(500)
    const body = await response.json()
    expect(body).toEqual({ message: 'Something went wrong on our side. Please try again.' })
  })
})

describe('rate limits when their database is down', () => {
  it('let the request through with a warning in the log, so the route gives its own answer', async () => {
    const lines: string[] = []
    const logger = createLogger({ level: 'warn', destination: { write: (line: string) => void lines.push(line) } })
    const server = await startServer({ config: testConfig({ RATE_LIMIT_BOOKINGS: '1' }), store: brokenStore, clock: testClock(), logger })
    try {
      // Over the limit of 1 if it counted: both get the route's 400 for a body that is not a booking.
      for (let i = 0; i < 2; i++) {
        const response = await postBooking(server.url, { not: 'a booking' })
        expect(response.status).toBe(400)
        expect(await response.text()).not.toContain('ECONNREFUSED')
      }
      const warnings = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((r) => r.level === 40)
      expect(warnings).toHaveLength(2)
      expect(warnings[0]).toMatchObject({ msg: 'Rate limit store failed; request let through', limit: 'book:1/60s', err: { code: 'ECONNREFUSED' } })
    } finally {
      await server.close()
    }
  })
})

describe('rate limits behind a proxy', () => {
  const invalid = { not: 'a booking' }

  it('count the last X-Forwarded-For address when TRUST_PROXY is on', async () => {
    const api = createApi({
      config: testConfig({ RATE_LIMIT_BOOKINGS: '1', TRUST_PROXY: 'true' }),
      store: limitingStore,
      clock: testClock().read,
    })
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '1.1.1.1, 10.0.0.1' }))).status).toBe(400)
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '1.1.1.1, 10.0.0.2' }))).status).toBe(400)
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '10.0.0.1' }))).status).toBe(429)
  })

  it('count an IPv6 client by its /64', async () => {
    const api = createApi({ config: testConfig({ RATE_LIMIT_BOOKINGS: '1', TRUST_PROXY: 'true' }), store: limitingStore, clock: testClock().read })
    const from = async (address: string) => (await api.request('/book/event', post(invalid, { 'X-Forwarded-For': address }))).status
    expect(await from('2001:db8:1:2::1')).toBe(400)
    expect(await from('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(429)
    expect(await from('2001:db8:1:3::1')).toBe(400)
  })

  it('ignore X-Forwarded-For when TRUST_PROXY is off', async () => {
    const api = createApi({ config: testConfig({ RATE_LIMIT_BOOKINGS: '1' }), store: limitingStore, clock: testClock().read })
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '10.0.0.1' }))).status).toBe(400)
    expect((await api.request('/book/event', post(invalid, { 'X-Forwarded-For': '10.0.0.2' }))).status).toBe(429)
  })
})
