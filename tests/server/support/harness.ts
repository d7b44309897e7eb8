/** Test harness: the real app (security headers, /api mount) on a real socket, with a fixed clock. */
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { Temporal } from 'temporal-polyfill'
import { createApi } from '../../../server/http/api/createApi'
import { createApp } from '../../../server/http/app'
import { createV2Api } from '../../../server/http/v2/createV2Api'
import { loadConfig, type ServerConfig } from '../../../server/config'
import { localFeed } from '../../../server/db/changeFeed'
import { memoryRateLimiter } from '../../../server/db/rateLimitWindows'
import type { BookingStore } from '../../../server/db/store'
import type { Fetch } from '../../../server/scheduler/calcomUpstream'
import type { CalendarBusy } from '../../../server/calendar/busyTimes'
import type { HealthDeps } from '../../../server/http/health'
import { createLogger, type Logger } from '../../../server/log/logger'
import type { BookingRequest, SlotsInput } from '../../../core/bookingWire'

import { solvedProof } from './proofOfWork'
import { bookingPayload } from '../../support/bookingPayload'

/** A logger whose lines the test reads. */
export function capturedLogger(level: 'warn' | 'info' | 'debug' = 'info') {
  const lines: string[] = []
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } })
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) }
}

export const HOST = 'kiwi-automate'
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'

/** Monday 23 November 2026, 08:30 in Auckland (NZDT, +13:00). */
export const MONDAY_0830 = Temporal.Instant.from('2026-11-23T08:30:00+13:00')

export interface TestClock {
  now: Temporal.Instant
  read: () => Temporal.Instant
}

export function testClock(start = MONDAY_0830): TestClock {
  const clock: TestClock = { now: start, read: () => clock.now }
  return clock
}

export function testConfig(env: Record<string, string> = {}): ServerConfig {
  // The per-address and per-email caps are off unless a test sets them: the suites book many calls from one address and email.
  // Reminders too: the suites count the jobs of a change; tests/server/support/reminderSuite.ts turns them on.
  // Email codes too: the suites book far more than an hour's threshold (tests/server/emailCodes.*.test.ts turn them on).
  // Their proof of work is a few tries, so that solving it costs a test milliseconds (./emailCodeSuite.ts has the default's).
  return loadConfig({
    BOOKING_VERIFY: 'off',
    BOOKING_VERIFY_PROOF_TRIES: '3',
    REMINDERS: '',
    HOST_REMINDER: '',
    RATE_LIMIT_SLOTS: '100000',
    RATE_LIMIT_BOOKINGS: '100000',
    RATE_LIMIT_BOOKINGS_PER_DAY: '100000',
    MAX_UPCOMING_PER_EMAIL: '1000',
    RATE_LIMIT_SECRET_FAILURES: '1000',
    ADMIN_TOKEN,
    ...env,
  })
}

/**
 * A store whose every call rejects with `error(name of the call)`: a database that is down, or one that
 * Cal.com mode must not touch. Its rate limiter counts in memory unless one is given.
 */
export function rejectingStore(error: (call: string) => Error, rateLimiter: BookingStore['rateLimiter'] = memoryRateLimiter): BookingStore {
  // The change feed lives in this process: it answers even when the database does not.
  const changes = localFeed()
  return new Proxy({} as BookingStore, {
    get: (_target, key) =>
      key === 'then'
        ? undefined
        : key === 'rateLimiter'
          ? rateLimiter
          : key === 'changes'
            ? changes
            : () => Promise.reject(error(String(key))),
  })
}

export interface RunningServer {
  url: string
  close: () => Promise<void>
}

export async function startServer(options: {
  config: ServerConfig
  store: BookingStore
  clock: TestClock
  fetch?: Fetch
  /** The mail worker's wake(), when the test runs one. */
  onMailQueued?: () => void
  /** Silent unless given (tests that read the logs pass one). */
  logger?: Logger
  health?: HealthDeps
  /** The host's calendars. */
  calendar?: CalendarBusy
}): Promise<RunningServer> {
  const api = createApi({
    config: options.config,
    store: options.store,
    clock: options.clock.read,
    fetch: options.fetch,
    onMailQueued: options.onMailQueued,
    calendar: options.calendar,
    log: options.logger,
  })
  const app = createApp({
    config: options.config,
    logger: options.logger ?? createLogger({ level: 'silent' }),
    health: options.health,
    site: new Map(),
    renderNotFound: async () => '<h1>Not found</h1>',
    api,
    v2: createV2Api({ config: options.config, store: options.store, clock: options.clock.read }),
  })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** The browser's payload (docs/design.md#wire) for a start in the visitor's zone. */
export function bookingBody(start: string, overrides: Partial<BookingRequest> = {}): BookingRequest {
  const zoned = Temporal.ZonedDateTime.from(start.includes('[') ? start : `${start}[Pacific/Auckland]`)
  return bookingPayload({
    user: HOST,
    start: zoned.toString({ timeZoneName: 'never' }),
    end: zoned.add({ minutes: 15 }).toString({ timeZoneName: 'never' }),
    timeZone: zoned.timeZoneId,
    ...overrides,
  })
}

export function slotsInput(startTime: string, endTime: string, timeZone = 'Pacific/Auckland'): SlotsInput {
  return {
    json: {
      isTeamEvent: false,
      usernameList: [HOST],
      eventTypeSlug: 'quick-chat',
      startTime,
      endTime,
      timeZone,
      duration: null,
      rescheduleUid: null,
      orgSlug: null,
    },
  }
}

export const slotsPath = (input: unknown) => `/api/calendar/slots?input=${encodeURIComponent(JSON.stringify(input))}`

export function postBooking(url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${url}/api/book/event`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  })
}

/** POSTs a booking as the form does: a proof of work asked for before a code email is solved, and the request sent again with it. */
export async function postBookingAsTheForm(url: string, body: object, init: RequestInit = {}): Promise<Response> {
  const first = await postBooking(url, body, init)
  if (first.status !== 403) return first
  const answer = (await first.clone().json()) as { code?: string; challenge?: unknown }
  if (answer.code !== 'proof_of_work_required') return first
  return postBooking(url, { ...body, altcha: await solvedProof(answer.challenge) }, init)
}

/** Slot times of a slots answer, as local wall times (`2026-11-23 10:30`) in `zone`. */
export function localTimes(slots: Record<string, { time: string }[]>, zone: string): string[] {
  return Object.values(slots)
    .flat()
    .map(({ time }) =>
      Temporal.Instant.from(time).toZonedDateTimeISO(zone).toPlainDateTime().toString().slice(0, 16).replace('T', ' '),
    )
}

/** Wall times of free slots from Tuesday 24 November 2026 on, weekdays 09:00 to 16:45, as many as asked. */
export function weekdaySlots(count: number): string[] {
  const slots: string[] = []
  for (let day = Temporal.PlainDate.from('2026-11-24'); slots.length < count; day = day.add({ days: 1 })) {
    if (day.dayOfWeek > 5) continue
    for (let minutes = 9 * 60; minutes < 17 * 60 && slots.length < count; minutes += 15)
      slots.push(`${day.toString()}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`)
  }
  return slots
}
