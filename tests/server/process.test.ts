/**
 * The server process under signals: 40 bookings in flight on SIGTERM, 40 still in the accept queue, a
 * request that never ends against the deadline, kill -9 in a stream of bookings, health while the database
 * opens, the PGlite lock against `npm run bookings`. Each server runs from the sources on a minimal site,
 * on a free port, without the shutdown delay (tests/server/shutdown.test.ts: `npm start` with it).
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../server/db/store'
import { ADMIN_TOKEN, bookingBody, postBooking } from './support/harness'
import {
  BOOKABLE_ANY_TIME,
  burst,
  freePort,
  logRecords,
  partialRequest,
  ROOT,
  startServerProcess,
  writeMinimalSite,
  type ServerProcess,
} from './support/serverProcess'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Slot `index` (15 minutes each from 00:00 UTC) of the day `days` after today. */
function slot(days: number, index: number): string {
  const start = Temporal.Now.zonedDateTimeISO('UTC').startOfDay().add({ days, minutes: 15 * index })
  return `${start.toPlainDateTime().toString().slice(0, 16)}[UTC]`
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await sleep(20)
  }
}

describe('the server process', () => {
  let work: string
  let env: Record<string, string>
  const started: ServerProcess[] = []
  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess({ ...env, ...extra })
    started.push(server)
    return server
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'agency-process-'))
    await writeMinimalSite(join(work, 'dist'))
    env = {
      DIST_DIR: join(work, 'dist'),
      DATA_DIR: join(work, 'data'),
      // The listener closes at the signal: these tests send requests before it (tests/server/shutdown.test.ts: the delay).
      SHUTDOWN_DELAY_MS: '0',
      ADMIN_TOKEN,
      RATE_LIMIT_BOOKINGS: '1000000',
      RATE_LIMIT_SLOTS: '1000000',
      // Many bookings from one address and one email: the per-address and per-email caps are not what this tests.
      RATE_LIMIT_BOOKINGS_PER_DAY: '1000000',
      // They book far more than an hour's BOOKING_VERIFY_AFTER from one address (docs/design.md#email-codes).
      BOOKING_VERIFY: 'off',
      MAX_UPCOMING_PER_EMAIL: '1000',
      ...BOOKABLE_ANY_TIME,
    }
  })

  afterAll(async () => {
    for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
    await Promise.all(started.map((server) => server.exited))
    await rm(work, { recursive: true, force: true })
  })

  it('on SIGTERM answers all 40 bookings in flight, stores each, refuses new connections and exits 0', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '30000' })
    await server.ready()
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

    // 40 bookings, each with its head and all but the last byte of its body sent: in flight.
    const requests = Array.from({ length: 40 }, (_, i) =>
      partialRequest(server.url, 'POST', '/api/book/event', JSON.stringify(bookingBody(slot(2, i)))),
    )
    // Connections are accepted in order: once a later connection is answered, the 40 are the server's.
    await fetch(`${server.url}/healthz`)
    await sleep(200)

    const signalled = Date.now()
    server.child.kill('SIGTERM')
    await until(() => server.output().includes('Shutting down'), 10_000, 'the shutdown to start')
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    for (const request of requests) request.finish()
    const responses = await Promise.all(requests.map((request) => request.response))
    const code = await server.exited
    const stoppedAfterMs = Date.now() - signalled

    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200))
    expect(responses.every((r) => r.headers.connection === 'close')).toBe(true)
    expect(code).toBe(0)
    const records = logRecords(server.output())
    const shutdownAt = records.findIndex((r) => r.msg?.toString().startsWith('Shutting down'))
    const bookingLines = records.map((r, i) => [r, i] as const).filter(([r]) => r.path === '/api/book/event')
    // Every booking was answered after the drain began: they really were in flight.
    expect(bookingLines).toHaveLength(40)
    expect(bookingLines.every(([, i]) => i > shutdownAt)).toBe(true)
    expect(records.at(-1)).toMatchObject({ msg: 'Stopped', exitCode: 0 })

    const uids = responses.map((r) => (JSON.parse(r.body) as { uid: string }).uid)
    const store = await openStore({ dataDir: env.DATA_DIR })
    try {
      const stored = new Set((await store.list(Temporal.Now.instant())).map((row) => row.uid))
      expect(uids.filter((uid) => !stored.has(uid))).toEqual([])
    } finally {
      await store.close()
    }
    console.info(`40 bookings in flight at SIGTERM: 40 × 200, all stored, exit 0, ${stoppedAfterMs} ms from signal to exit`)
  }, 120_000)

  it('answers the bookings still waiting in the accept queue at SIGTERM, even without a delay', async () => {
    const server = await start()
    await server.ready()
    const pid = server.child.pid as number
    // Stopped, the server accepts nothing: the kernel queues the 40 connections and their requests. It
    // wakes to the signal with all of them waiting; closing the listener at once would reset them.
    server.child.kill('SIGSTOP')
    const requests = Array.from({ length: 40 }, (_, i) => ({ method: 'POST' as const, path: '/api/book/event', body: bookingBody(slot(4, i)) }))
    const signals = [
      { target: pid, signal: 'SIGTERM' as const, afterMs: 300 },
      { target: pid, signal: 'SIGCONT' as const, afterMs: 350 },
    ]
    const { outcomes } = await burst({ url: server.url, requests, signals })
    expect(await server.exited).toBe(0)
    expect(outcomes.filter((o) => !('status' in o) || o.status !== 200)).toEqual([])
  }, 120_000)

  it('exits 1 at SHUTDOWN_TIMEOUT_MS when a request never ends, and says so', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '1500' })
    await server.ready()
    const never = partialRequest(server.url, 'POST', '/api/book/event', JSON.stringify(bookingBody(slot(2, 60))))
    await fetch(`${server.url}/healthz`)
    await sleep(100)
    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const code = await server.exited
    const elapsed = Date.now() - signalled
    // The process is gone: the request that never ended gets no answer.
    await expect(never.response).rejects.toThrow(/closed without a full response/)
    expect(code).toBe(1)
    expect(elapsed).toBeGreaterThanOrEqual(1400)
    expect(elapsed).toBeLessThan(1500 + 5000)
    expect(logRecords(server.output()).find((r) => r.level === 50)).toMatchObject({
      msg: 'Shutdown did not finish within 1500 ms (still running: HTTP server); exiting with code 1',
    })
  }, 120_000)

  it('keeps every acknowledged booking through kill -9, and refuses `npm run bookings` on the running server’s DATA_DIR', async () => {
    let server = await start()
    await server.ready()
    const acknowledged: string[] = []
    let next = 0
    let killed = false
    const worker = async () => {
      while (!killed) {
        const index = next++
        try {
          const response = await postBooking(server.url, bookingBody(slot(3, index)))
          expect(response.status).toBe(200)
          acknowledged.push(((await response.json()) as { uid: string }).uid)
        } catch (error) {
          if (!killed) throw error
        }
      }
    }
    const workers = Array.from({ length: 4 }, worker)
    await until(() => acknowledged.length >= 25, 60_000, '25 bookings')
    killed = true
    server.child.kill('SIGKILL')
    await Promise.all(workers)
    expect(await server.exited).toBe('SIGKILL')

    // The lock the killed process left is stale: the next server takes it over and says so.
    server = await start()
    await server.ready()
    expect(logRecords(server.output()).some((r) => String(r.msg).startsWith('Took over'))).toBe(true)
    // Each acknowledged booking is there (the feed's UIDs are not the uids).
    const missing: string[] = []
    for (const uid of acknowledged) if ((await fetch(`${server.url}/api/booking/${uid}`)).status !== 200) missing.push(uid)
    expect(missing).toEqual([])

    const bookings = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bookings.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
    })
    expect(bookings.status).toBe(1)
    expect(bookings.stderr).toContain(`is in use by the server (pid ${server.child.pid}`)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    console.info(`kill -9 after ${acknowledged.length} acknowledged bookings: all ${acknowledged.length} there after restart`)
  }, 180_000)

  describe('while the database opens', () => {
    // A "PostgreSQL" that accepts connections and never answers: the start hangs until the connect timeout.
    let silent: Server
    const sockets: Socket[] = []
    let port: number
    beforeAll(async () => {
      port = await freePort()
      silent = createServer((socket) => void sockets.push(socket))
      await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve))
    })
    afterAll(async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    })

    it('is alive and not ready, answers 503 elsewhere, then stops at the connect timeout without printing the password', async () => {
      const server = await start({ DATABASE_URL: `postgres://agency:pw-s3cret@127.0.0.1:${port}/agency`, DATABASE_CONNECT_TIMEOUT_MS: '4000' })
      const giveUp = Date.now() + 30_000
      while ((await fetch(`${server.url}/healthz`).then((r) => r.status, () => 0)) !== 200) {
        if (Date.now() > giveUp) throw new Error(`/healthz never answered:\n${server.output()}`)
        await sleep(50)
      }
      const ready = await fetch(`${server.url}/readyz`)
      expect([ready.status, await ready.json(), ready.headers.get('cache-control')]).toEqual([503, { status: 'starting' }, 'no-store'])
      const page = await fetch(`${server.url}/api/calendar/slots`)
      expect([page.status, page.headers.get('retry-after')]).toEqual([503, '5'])

      expect(await server.exited).toBe(1)
      expect(logRecords(server.output()).find((r) => r.level === 60)).toMatchObject({ msg: 'Could not start', err: { message: expect.stringMatching(/timeout/i) } })
      expect(server.output()).not.toContain('pw-s3cret')
    }, 60_000)
  })
})
