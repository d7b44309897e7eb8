/**
 * Operations, in one process: logs (request lines, request ids, nothing of a visitor's), health and
 * readiness, the shutdown lifecycle and its delay, signals counted once, the stdout log that never holds
 * the process, HSTS, JSON-only POSTs, the PGlite directory lock.
 * tests/server/process.test.ts runs the real server process; production.test.ts the compiled build.
 */
import { localFeed } from '../../server/db/changeFeed'
import { PGlite } from '@electric-sql/pglite'
import { spawnSync } from 'node:child_process'
import { closeSync, constants, openSync, readSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApi } from '../../server/http/api/createApi'
import { createApp, createStartingApp } from '../../server/http/app'
import { SERVER_SENTENCES } from '../../server/sentences'
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../../server/runtime/dataDirLock'
import { memoryRateLimiter } from '../../server/db/rateLimitWindows'
import type { DeskStore } from '../../server/db/desk'
import type { BookingStore } from '../../server/db/store'
import { createLifecycle, type Lifecycle, type ShutdownPhase } from '../../server/lifecycle'
import { maskUrl, safeError, scrubMessage } from '../../server/log/logger'
import { shutdownOnSignals } from '../../server/runtime/shutdownSignals'
import { stdoutLog } from '../../server/log/stdoutLog'
import { stackWithoutPaths } from '../../src/components/ErrorView'
import { bookingBody, capturedLogger, postBooking, rejectingStore, startServer, testClock, testConfig, type RunningServer } from './support/harness'

const VISITOR = { name: 'Wiremu Tangaroa-Smith', email: 'wiremu.secret@example.co.nz', guest: 'hine.guest@example.org' }

/** A database whose bookings table refuses every row, and how to send it one. */
interface FailingDatabase {
  query(text: string, params: unknown[]): Promise<unknown>
  close(): Promise<void>
}

const REFUSING_TABLE = 'CREATE TABLE bookings (name text, email text, guests jsonb, CONSTRAINT refuse_all CHECK (false))'

const failingDatabases: [string, () => Promise<FailingDatabase>][] = [
  [
    'PGlite',
    async () => {
      const db = await PGlite.create()
      await db.exec(REFUSING_TABLE)
      return { query: (text, params) => db.query(text, params), close: () => db.close() }
    },
  ],
]
const postgresUrl = process.env.TEST_DATABASE_URL
if (postgresUrl) {
  failingDatabases.push([
    'PostgreSQL',
    async () => {
      const schema = `failing_${process.pid}_${Date.now()}`
      const pool = new pg.Pool({ connectionString: postgresUrl, max: 2, options: `-c search_path=${schema}` })
      await pool.query(`CREATE SCHEMA ${schema}`)
      await pool.query(REFUSING_TABLE)
      return {
        query: (text, params) => pool.query(text, params),
        close: async () => {
          await pool.query(`DROP SCHEMA ${schema} CASCADE`)
          await pool.end()
        },
      }
    },
  ])
}

describe.each(failingDatabases)('logs with a failing database (%s)', (_name, openDatabase) => {
  // A real database refusing every booking: PGlite's error carries the query's params (name, email,
  // guests), both carry a detail "Failing row contains (…)" with them, as a real failure would.
  let db: FailingDatabase
  let server: RunningServer
  const log = capturedLogger()

  beforeAll(async () => {
    db = await openDatabase()
    const store = {
      kind: 'pglite',
      changes: localFeed(),
      rateLimiter: memoryRateLimiter,
      takenStarts: async () => new Set<number>(),
      desk: { timeOff: async () => [] } as Partial<DeskStore> as DeskStore,
      // The booking's jobs are made before its transaction (docs/design.md#server): they need an id and the UID secret.
      newBookingId: async () => 1,
      calendarSecret: 'test-calendar-secret',
      insert: async (booking) => {
        await db.query('INSERT INTO bookings (name, email, guests) VALUES ($1, $2, $3::jsonb)', [
          booking.name,
          booking.email,
          JSON.stringify(booking.guests),
        ])
        throw new Error('unreachable')
      },
    } as Partial<BookingStore> as BookingStore
    server = await startServer({ config: testConfig({ BOOKING_MAX_GUESTS: '1' }), store, clock: testClock(), logger: log.logger })
  })
  afterAll(async () => {
    await server?.close()
    await db?.close()
  })

  it('log the error and the request without the visitor’s name, email or guests', async () => {
    const body = bookingBody('2026-11-24T10:00', {
      responses: { name: VISITOR.name, email: VISITOR.email, guests: [VISITOR.guest] },
    })
    const response = await postBooking(server.url, body, { headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'failing-db-1' } })
    expect(response.status).toBe(500)

    const output = log.lines.join('')
    for (const secret of [VISITOR.name, 'Wiremu', 'Tangaroa', VISITOR.email, 'wiremu.secret', VISITOR.guest, 'hine.guest', 'Failing row']) {
      expect(output).not.toContain(secret)
    }
    const records = log.records()
    const failure = records.find((r) => r.msg === 'API error')
    expect(failure).toMatchObject({
      level: 50,
      reqId: 'failing-db-1',
      err: { type: 'DatabaseError', code: '23514', constraint: 'refuse_all', table: 'bookings', message: expect.stringContaining('violates check constraint') },
    })
    expect((failure?.err as { stack: string }).stack).toContain('\n    at ')
    expect(records.find((r) => r.msg === 'request')).toMatchObject({
      reqId: 'failing-db-1',
      method: 'POST',
      path: '/api/book/event',
      status: 500,
      durationMs: expect.any(Number),
    })
  })
})

describe('error serialization', () => {
  it('keeps a PostgreSQL (pg) error’s code and place, never its detail, where or values', () => {
    const error = new pg.DatabaseError('duplicate key value violates unique constraint "bookings_email_key"', 120, 'error')
    Object.assign(error, {
      severity: 'ERROR',
      code: '23505',
      detail: `Key (email)=(${VISITOR.email}) already exists.`,
      where: `JSON data, line 1: ["${VISITOR.guest}`,
      constraint: 'bookings_email_key',
      table: 'bookings',
      routine: '_bt_check_unique',
    })
    const safe = safeError(error)
    expect(safe).toMatchObject({ code: '23505', severity: 'ERROR', constraint: 'bookings_email_key', table: 'bookings', routine: '_bt_check_unique' })
    expect(JSON.stringify(safe)).not.toMatch(/example|detail|where/)
  })

  it('keeps causes, and scrubs addresses and quoted input from messages', () => {
    const error = new Error('booking failed', { cause: new Error(`invalid input syntax for type json: "${VISITOR.name}"`) })
    expect(safeError(error).cause).toMatchObject({ message: 'invalid input syntax for type json: "[redacted]"' })
    expect(scrubMessage(`mail to ${VISITOR.email} bounced`)).toBe('mail to [email] bounced')
    expect(scrubMessage(`Unexpected token 'W', "${VISITOR.name}" is not valid JSON`)).toBe(`Unexpected token 'W', "[redacted]" is not valid JSON`)
    // A stack frame in a scoped package is not an address.
    const frame = '    at x (file:///app/node_modules/@electric-sql/pglite/dist/index.js:1:2)'
    expect((safeError(Object.assign(new Error('boom'), { stack: `Error: boom\n${frame}` })).stack as string)).toContain(frame)
  })

  it('redacts personal keys wherever a log call puts them', () => {
    const log = capturedLogger()
    log.logger.info({ responses: { name: VISITOR.name }, booking: { email: VISITOR.email, guests: [VISITOR.guest] } }, 'oops')
    expect(log.lines.join('')).not.toMatch(/Wiremu|example/)
  })

  it('masks passwords in URLs', () => {
    expect(maskUrl('postgres://agency:s3cret@db.internal:5432/agency?sslmode=require')).toBe(
      'postgres://agency:***@db.internal:5432/agency?sslmode=require',
    )
    expect(maskUrl('postgresql://db/agency?password=s3cret')).not.toContain('s3cret')
    expect(maskUrl('https://cal.example.com')).toBe('https://cal.example.com/')
    expect(maskUrl('not a url s3cret')).not.toContain('s3cret')
  })
})

describe('HTTP hygiene', () => {
  const log = capturedLogger()
  const config = testConfig({ CALCOM_URL: 'http://calcom.test' })
  const api = createApi({ config, store: rejectingStore(() => new Error('no store in Cal.com mode')), clock: testClock().read, fetch: async () => Response.json({ id: 1 }) })
  const site = new Map([['/index.html', { body: Buffer.from('<h1>Home</h1>'), type: 'text/html; charset=utf-8', etag: '"x"', cacheControl: 'no-cache' }]])
  const app = createApp({ config, logger: log.logger, site, renderNotFound: async () => 'missing', api })
  const book = (headers: Record<string, string>) =>
    app.request('/api/book/event', { method: 'POST', headers, body: JSON.stringify(bookingBody('2026-11-24T10:00')) })

  it('answers 415 with a readable message to a POST that is not JSON', async () => {
    for (const type of [undefined, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp']) {
      const response = await book(type ? { 'Content-Type': type } : {})
      expect(response.status, String(type)).toBe(415)
      expect(await response.json()).toEqual({ message: SERVER_SENTENCES.notJsonContentType })
    }
    expect((await book({ 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200)
    expect((await book({ 'Content-Type': 'Application/JSON' })).status).toBe(200)
  })

  it('sends Strict-Transport-Security (180 days) on every response', async () => {
    const responses = await Promise.all([
      app.request('/'),
      app.request('/nowhere'),
      app.request('/', { method: 'POST' }),
      app.request('/api/nowhere'),
      app.request('/healthz'),
      book({ 'Content-Type': 'text/plain' }),
      createStartingApp({ config, logger: log.logger }).request('/'),
    ])
    for (const response of responses) expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000')
  })

  it('keeps a sane X-Request-Id, replaces any other, and returns it', async () => {
    const idOf = async (sent?: string) =>
      (await app.request('/', sent === undefined ? {} : { headers: { 'X-Request-Id': sent } })).headers.get('x-request-id')
    expect(await idOf('lb-7f3a_01=')).toBe('lb-7f3a_01=')
    for (const bad of [undefined, 'a'.repeat(129), 'has space', '<script>', 'semi;colon']) {
      const id = await idOf(bad)
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
    }
    const lines = log.records().filter((r) => r.msg === 'request' && r.path === '/')
    expect(lines.some((r) => r.reqId === 'lb-7f3a_01=')).toBe(true)
  })

  it('shows stacks without file paths in a production build', () => {
    const stack = [
      'NotFoundError: 404 Not Found: no page matches "/x"',
      '    at NotFoundView (file:///srv/app/dist/render/assets/router-abc.js:12:34)',
      '    at /srv/app/node_modules/react-dom/cjs/react-dom-server.node.production.js:1:2',
      '    at async Promise.all (index 0)',
    ].join('\n')
    expect(stackWithoutPaths(stack)).toBe(
      ['NotFoundError: 404 Not Found: no page matches "/x"', '    at NotFoundView', '    at <anonymous>', '    at async Promise.all (index 0)'].join('\n'),
    )
  })
})

describe('health and readiness', () => {
  const config = testConfig()
  const log = capturedLogger()
  const site = new Map()

  it('while starting: alive, not ready, everything else 503 with Retry-After', async () => {
    const app = createStartingApp({ config, logger: log.logger, health: { state: () => 'starting' } })
    const alive = await app.request('/healthz')
    expect(alive.status).toBe(200)
    expect(alive.headers.get('cache-control')).toBe('no-store')
    const ready = await app.request('/readyz')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ status: 'starting' })
    const page = await app.request('/api/calendar/slots')
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
  })

  it('when running: ready while the database answers, 503 when it does not or is too slow', async () => {
    let database: () => Promise<void> = async () => undefined
    const app = createApp({
      config,
      logger: log.logger,
      site,
      renderNotFound: async () => '',
      health: { state: () => 'ready', checkDatabase: () => database(), checkTimeoutMs: 100 },
    })
    const ready = await app.request('/readyz')
    expect([ready.status, await ready.json(), ready.headers.get('cache-control')]).toEqual([200, { status: 'ready' }, 'no-store'])
    database = () => Promise.reject(new Error('Migrations not applied: 002_outbox.sql'))
    expect((await app.request('/readyz')).status).toBe(503)
    database = () => new Promise(() => undefined)
    const slow = await app.request('/readyz')
    expect([slow.status, await slow.json()]).toEqual([503, { status: 'database unavailable' }])
    expect((await app.request('/healthz')).status).toBe(200)
  })

  it('while draining: not ready at once, and every answer closes its connection', async () => {
    const exits: number[] = []
    const lifecycle = createLifecycle({ logger: log.logger, timeoutMs: 5000, exit: (code) => void exits.push(code) })
    const app = createApp({ config, logger: log.logger, site, renderNotFound: async () => '', health: { state: () => lifecycle.state, checkDatabase: async () => undefined } })
    lifecycle.ready()
    const before = await app.request('/readyz')
    expect([before.status, before.headers.get('connection')]).toEqual([200, null])

    let finishRequests!: () => void
    lifecycle.onShutdown('http', 'HTTP server', () => new Promise<void>((resolve) => (finishRequests = resolve)))
    const stopping = lifecycle.shutdown('SIGTERM')
    const during = await app.request('/readyz')
    expect([during.status, await during.json(), during.headers.get('connection')]).toEqual([503, { status: 'draining' }, 'close'])
    expect((await app.request('/healthz')).status).toBe(200)
    finishRequests()
    await stopping
    expect(exits).toEqual([0])
  })
})

describe('the shutdown lifecycle', () => {
  const log = capturedLogger()

  it('stops the HTTP server, then the workers, then the database, and exits 0', async () => {
    const order: string[] = []
    const exits: number[] = []
    const lifecycle = createLifecycle({ logger: log.logger, timeoutMs: 5000, exit: (code) => void exits.push(code) })
    const step = (phase: ShutdownPhase, name: string, ms: number) =>
      lifecycle.onShutdown(phase, name, async () => {
        order.push(`${name} start`)
        await new Promise((resolve) => setTimeout(resolve, ms))
        order.push(`${name} end`)
      })
    step('database', 'database', 1)
    step('workers', 'outbox', 20)
    step('workers', 'reminders', 5)
    step('http', 'HTTP server', 10)
    expect(lifecycle.state).toBe('starting')
    await Promise.all([lifecycle.shutdown('SIGTERM'), lifecycle.shutdown('SIGINT')])
    expect(order).toEqual(['HTTP server start', 'HTTP server end', 'outbox start', 'reminders start', 'reminders end', 'outbox end', 'database start', 'database end'])
    expect(exits).toEqual([0])
  })

  it('exits 1 when something fails to stop, after stopping the rest', async () => {
    const exits: number[] = []
    const closed: string[] = []
    const lifecycle = createLifecycle({ logger: log.logger, timeoutMs: 5000, exit: (code) => void exits.push(code) })
    lifecycle.onShutdown('workers', 'outbox', () => Promise.reject(new Error('outbox stuck')))
    lifecycle.onShutdown('database', 'database', () => void closed.push('database'))
    await lifecycle.shutdown('SIGTERM')
    expect([closed, exits]).toEqual([['database'], [1]])
  })

  it('at the deadline: exits 1, names what was still running, and aborts the stoppables’ signal', async () => {
    const exits: number[] = []
    const deadlineLog = capturedLogger()
    const lifecycle = createLifecycle({ logger: deadlineLog.logger, timeoutMs: 50, exit: (code) => void exits.push(code) })
    let handedBack = false
    lifecycle.onShutdown('workers', 'outbox', (deadline) => new Promise<void>((resolve) => deadline.addEventListener('abort', () => {
      handedBack = true
      resolve()
    })))
    const databaseClosed = { value: false }
    lifecycle.onShutdown('database', 'database', () => void (databaseClosed.value = true))
    await lifecycle.shutdown('SIGTERM')
    expect(exits).toEqual([1])
    expect(handedBack).toBe(true)
    expect(databaseClosed.value).toBe(false)
    expect(deadlineLog.records().find((r) => r.level === 50)).toMatchObject({
      pending: ['outbox'],
      msg: 'Shutdown did not finish within 50 ms (still running: outbox); exiting with code 1',
    })
  })
})

describe('the shutdown delay', () => {
  const log = capturedLogger()
  afterEach(() => void vi.useRealTimers())

  /** A lifecycle whose HTTP server records when it was told to stop; the clock is vitest's. */
  function delayed(options: { timeoutMs?: number; stopHttp?: () => Promise<void> } = {}) {
    vi.useFakeTimers()
    const exits: number[] = []
    const httpStopped: number[] = []
    const lifecycle = createLifecycle({ logger: log.logger, timeoutMs: options.timeoutMs ?? 5000, delayMs: 2000, exit: (code) => void exits.push(code) })
    lifecycle.onShutdown('http', 'HTTP server', () => {
      httpStopped.push(Date.now())
      return options.stopHttp?.()
    })
    return { lifecycle, exits, httpStopped, signalledAt: Date.now() }
  }

  it('keeps a ready server serving, announced as draining, for SHUTDOWN_DELAY_MS, then stops it', async () => {
    const { lifecycle, exits, httpStopped, signalledAt } = delayed()
    lifecycle.ready()
    const stopping = lifecycle.shutdown('SIGTERM')
    expect(lifecycle.state).toBe('draining')
    await vi.advanceTimersByTimeAsync(1999)
    expect(httpStopped).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await stopping
    expect([httpStopped, exits]).toEqual([[signalledAt + 2000], [0]])
  })

  it('is skipped when asked (SIGINT at a terminal) and by a server that never became ready', async () => {
    for (const [ready, options] of [[true, { delay: false }], [false, {}]] as const) {
      const { lifecycle, exits, httpStopped, signalledAt } = delayed()
      if (ready) lifecycle.ready()
      await lifecycle.shutdown('SIGINT', options)
      expect([httpStopped, exits]).toEqual([[signalledAt], [0]])
    }
  })

  it('counts in the deadline: SHUTDOWN_TIMEOUT_MS runs from the signal', async () => {
    const { lifecycle, exits, httpStopped, signalledAt } = delayed({ timeoutMs: 2500, stopHttp: () => new Promise(() => undefined) })
    lifecycle.ready()
    void lifecycle.shutdown('SIGTERM')
    await vi.advanceTimersByTimeAsync(2499)
    expect([httpStopped, exits]).toEqual([[signalledAt + 2000], []])
    await vi.advanceTimersByTimeAsync(1)
    expect(exits).toEqual([1])
  })
})

describe('shutdown signals', () => {
  /** The handler, with a clock the test moves and a lifecycle that records what it is asked. */
  function signals() {
    const log = capturedLogger()
    const clock = { now: 0 }
    const shutdowns: [string, { delay?: boolean } | undefined][] = []
    const exits: number[] = []
    const lifecycle: Lifecycle = {
      state: 'ready',
      ready: () => undefined,
      onShutdown: () => undefined,
      shutdown: (reason, options) => {
        shutdowns.push([reason, options])
        return new Promise(() => undefined)
      },
    }
    const onSignal = shutdownOnSignals({ lifecycle, logger: log.logger, exit: (code) => void exits.push(code), skipsDelay: (s) => s === 'SIGINT', now: () => clock.now })
    return { onSignal, clock, shutdowns, exits, log }
  }

  it('counts the same signal twice within a second (a process group and its parent) as one stop', () => {
    const { onSignal, clock, shutdowns, exits, log } = signals()
    onSignal('SIGTERM')
    clock.now = 5
    onSignal('SIGTERM')
    clock.now = 999
    onSignal('SIGTERM')
    expect([shutdowns, exits]).toEqual([[['SIGTERM', { delay: true }]], []])
    expect(log.records().map((r) => r.msg)).toEqual([
      'SIGTERM again 5 ms after the first: the same stop, delivered twice',
      'SIGTERM again 999 ms after the first: the same stop, delivered twice',
    ])
  })

  it('exits at once with 1 on a signal a second or more after the first', () => {
    const { onSignal, clock, shutdowns, exits, log } = signals()
    onSignal('SIGINT')
    clock.now = 1000
    onSignal('SIGINT')
    expect([shutdowns, exits]).toEqual([[['SIGINT', { delay: false }]], [1]])
    expect(log.records().at(-1)).toMatchObject({ level: 40, msg: 'SIGINT again while draining: exiting now with code 1' })
  })
})

describe('the stdout log', () => {
  // A named pipe stands for stdout: this test holds its reading end.
  let dir: string
  let pipes = 0
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agency-stdout-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))
  function pipe() {
    const path = join(dir, `pipe-${++pipes}`)
    expect(spawnSync('mkfifo', [path]).status).toBe(0)
    const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
    const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK)
    const read = () => {
      const buffer = Buffer.alloc(1 << 20)
      return buffer.subarray(0, readSync(reader, buffer)).toString()
    }
    return { reader, writer, read }
  }
  const line = (n: number) => `${JSON.stringify({ n, padding: 'x'.repeat(200) })}\n`

  it('writes every line, in order, and says when they are out', async () => {
    const { reader, writer, read } = pipe()
    const log = stdoutLog(writer)
    for (let n = 0; n < 100; n++) log.write(line(n))
    await log.flushWithin(5000)
    expect(read()).toBe(Array.from({ length: 100 }, (_, n) => line(n)).join(''))
    closeSync(reader)
    closeSync(writer)
  })

  it('gives up at once when the reader is gone (EPIPE), and drops later lines without an error', async () => {
    const { reader, writer } = pipe()
    closeSync(reader)
    const log = stdoutLog(writer)
    log.write(line(1))
    log.write(line(2))
    const started = performance.now()
    await log.flushWithin(5000)
    expect(log.write(line(3))).toBe(true)
    await log.flushWithin(5000)
    expect(performance.now() - started).toBeLessThan(1000)
    closeSync(writer)
  })

  it('waits no longer than asked when the pipe is full and nobody reads', async () => {
    const { reader, writer } = pipe()
    const log = stdoutLog(writer)
    // More than a pipe holds (64 KB).
    for (let n = 0; n < 2000; n++) log.write(line(n))
    const started = performance.now()
    await log.flushWithin(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(190)
    expect(performance.now() - started).toBeLessThan(1500)
    // The reader goes: the next try fails (EPIPE) and the log stops trying, before its descriptor is closed.
    closeSync(reader)
    await log.flushWithin(5000)
    closeSync(writer)
  })
})

describe('the PGlite data directory lock', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agency-lock-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('lets one process in, refuses a second with a message naming the first, and releases', async () => {
    const alive = new Set([1001, 1002])
    const isAlive = (pid: number) => alive.has(pid)
    const server = lockDataDir(dir, 'server', { pid: 1001, isAlive })
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 1001, holder: 'server' })
    let refusal: unknown
    try {
      lockDataDir(dir, 'bookings command', { pid: 1002, isAlive })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError)
    expect((refusal as Error).message).toMatch(/in use by the server \(pid 1001 .*PGlite opens its files from one process only.*DATABASE_URL/)
    server.release()
    lockDataDir(dir, 'bookings command', { pid: 1002, isAlive }).release()
  })

  it('takes over a lock whose process is gone, or that names its own pid (a restarted container)', async () => {
    lockDataDir(dir, 'server', { pid: 2001, isAlive: () => true })
    const next = lockDataDir(dir, 'server', { pid: 2002, isAlive: (pid) => pid !== 2001 })
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 2002 })
    // Not ours any more: release leaves someone else's lock alone.
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: 3003, hostname: 'h', holder: 'server', since: 'then' }))
    next.release()
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: 3003 })
    lockDataDir(dir, 'server', { pid: 3003, isAlive: () => true }).release()
  })
})
