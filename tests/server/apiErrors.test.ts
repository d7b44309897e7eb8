import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createApi } from '../../server/http/api/createApi'
import { createApp } from '../../server/http/app'
import { memoryRateLimiter, postgresRateLimiter } from '../../server/db/rateLimitWindows'
import { createLogger } from '../../server/log/logger'
import { bookingBody, capturedLogger, postBooking, rejectingStore, slotsInput, slotsPath, startServer, testClock, testConfig } from './support/harness'

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
  // The whole app: the API's errors are answered by its onError (server/http/api/serverError.ts).
  const log = capturedLogger()
  const app = createApp({
    config: testConfig(),
    logger: log.logger,
    site: new Map(),
    renderNotFound: async () => 'Not found',
    api: createApi({ config: testConfig(), store: brokenStore, clock: testClock().read }),
  })

  it('answers the slots route with a tRPC 500', async () => {
    const response = await app.request(slotsPath(slotsInput('2026-11-22T11:00:00.000Z', '2026-11-25T11:00:00.000Z')))
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ error: { json: { data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } } })
    expect(log.records().filter((r) => r.msg === 'API error')).toHaveLength(1)
  })

  it('answers a booking with a 500 message, never a stack', async () => {
    const response = await app.request('/api/book/event', post(bookingBody('2026-11-24T10:00')))
    expect(response.status).toBe(500)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
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

describe('the wrong-secret limit when its store fails', () => {
  const warningsOf = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((r) => r.level === 40)

  it('compares the secret uncounted, with a warning: the route answers as it would', async () => {
    const log = capturedLogger('warn')
    const server = await startServer({ config: testConfig({ RATE_LIMIT_SECRET_FAILURES: '1' }), store: brokenStore, clock: testClock(), logger: log.logger })
    try {
      // Past a limit of 1 if it counted: each is compared, and answered 401.
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/api/bookings.ics`, { headers: { Authorization: `Bearer wrong-${i}` } })).status)
      expect(statuses).toEqual([401, 401, 401])
      expect(warningsOf(log.lines).map((r) => r.msg)).toEqual(Array.from({ length: 3 }, () => 'Rate limit store failed; secret check let through'))
    } finally {
      await server.close()
    }
  })

  it('lets a right secret through when its point cannot be given back, with a warning', async () => {
    const log = capturedLogger('warn')
    const unrewarding = rejectingStore(
      () => new Error('connection refused'),
      (options) => Object.assign(memoryRateLimiter(options), { reward: () => Promise.reject(new Error('connection refused')) }),
    )
    const secret = 'voice-secret-0123456789abcdef-0123'
    const server = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: secret }), store: unrewarding, clock: testClock(), logger: log.logger })
    try {
      // Past the secret: the route's own answer to a body that is not the platform's message.
      const response = await fetch(`${server.url}/api/voice/tools`, { ...post({}, { 'x-vapi-secret': secret }) })
      expect(response.status).toBe(400)
      expect(warningsOf(log.lines).map((r) => r.msg)).toEqual(['Rate limit store failed; a right secret kept its point'])
    } finally {
      await server.close()
    }
  })
})

describe('rate limits behind a proxy (TRUST_PROXY)', () => {
  const invalid = { not: 'a booking' }
  /** The real app on a socket (its peer is 127.0.0.1), with a limit of `points` booking requests a minute. */
  async function limited(trustProxy: string | undefined, points = 1) {
    const env: Record<string, string> = { RATE_LIMIT_BOOKINGS: String(points) }
    if (trustProxy !== undefined) env.TRUST_PROXY = trustProxy
    const server = await startServer({ config: testConfig(env), store: limitingStore, clock: testClock() })
    const from = async (forwardedFor?: string) =>
      (await postBooking(server.url, invalid, { headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) } })).status
    return { from, close: server.close }
  }

  it('ignores X-Forwarded-For by default: 12 requests naming 12 addresses are one client', async () => {
    const s = await limited(undefined, 10)
    try {
      const statuses = []
      for (let i = 0; i < 12; i++) statuses.push(await s.from(`203.0.113.${i + 1}`))
      expect(statuses.filter((status) => status === 429)).toHaveLength(2)
    } finally {
      await s.close()
    }
  })

  it('ignores it from a peer that is not in the list', async () => {
    const s = await limited('10.0.0.0/8')
    try {
      expect(await s.from('203.0.113.1')).toBe(400)
      expect(await s.from('203.0.113.2')).toBe(429)
    } finally {
      await s.close()
    }
  })

  it('walks from the right past trusted hops to the first untrusted address', async () => {
    const s = await limited('127.0.0.1,10.0.0.0/8')
    try {
      expect(await s.from('1.1.1.1, 203.0.113.9, 10.0.0.1')).toBe(400)
      // The same client behind another trusted hop; what it wrote further left does not count.
      expect(await s.from('2.2.2.2, 203.0.113.9, 10.0.0.2')).toBe(429)
      expect(await s.from('203.0.113.10')).toBe(400)
    } finally {
      await s.close()
    }
  })

  it('counts only a valid IP address: free text ends the walk at the last trusted hop', async () => {
    const s = await limited('127.0.0.1', 2)
    try {
      expect(await s.from('x'.repeat(8000))).toBe(400)
      expect(await s.from('not-an-address, 203.0.113.1 junk')).toBe(400)
      // Both counted as the proxy itself (127.0.0.1), as a request without the header is.
      expect(await s.from()).toBe(429)
    } finally {
      await s.close()
    }
  })

  it('counts an IPv6 client by its /64', async () => {
    const s = await limited('127.0.0.1')
    try {
      expect(await s.from('2001:db8:1:2::1')).toBe(400)
      expect(await s.from('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(429)
      expect(await s.from('2001:db8:1:3::1')).toBe(400)
    } finally {
      await s.close()
    }
  })
})
