/**
 * `npm run bench:api`: requests per second of the booking API on this machine (docs/design.md#budgets), against
 * the bare speed of the same framework in the same run. Each server runs alone in its own process
 * (bench/apiServer.ts: the production app with the built-in scheduler on PGlite, or a bare Hono
 * route); autocannon loads it from this process over loopback.
 *
 * Rows: the bare route; slots for one week (the booking form's request: repeated, so mostly served
 * from the slots cache) and for many different weeks (each a computation and a database query),
 * both with no booking stored and again with 10,000 (the cost must not grow with history), and with
 * two calendar feeds of 2,000 events each (recurring ones among them, served from this
 * process); bookings on distinct slots. Goals: slots ≥ 0.3 × bare with p99 < 20 ms, the same with
 * 10,000 bookings and with the feeds; a cache miss (varied weeks) under 50 ms p99.
 * A benchmark, never a test: it prints the ratios and exits 0 whatever they are.
 */
import { PGlite } from '@electric-sql/pglite'
import autocannon, { type Options, type Result } from 'autocannon'
import { fork, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { buildBookingPayload } from '../core/bookingPayload'
import { BOOKING_DEFAULTS } from '../core/settings'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const HISTORY = 10_000
const ZONE = 'Pacific/Auckland'

async function startServer(
  kind: 'app' | 'bare',
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; calendarRefreshMs?: number }> {
  const child = fork(join(import.meta.dirname, 'apiServer.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_SERVER: kind,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_SLOTS: '10000000',
      RATE_LIMIT_BOOKINGS: '10000000',
      // Every booking of the bench comes from 127.0.0.1 (each with its own email address).
      RATE_LIMIT_BOOKINGS_PER_DAY: '10000000',
      // They book far more than an hour's BOOKING_VERIFY_AFTER from one address (docs/design.md#email-codes).
      BOOKING_VERIFY: 'off',
      CALCOM_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    // Request log lines go where a production process's go, but nobody here reads them.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  const { port, calendarRefreshMs } = await new Promise<{ port: number; calendarRefreshMs?: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)))
    child.once('message', (message) => resolve(message as { port: number; calendarRefreshMs?: number }))
  })
  return { url: `http://127.0.0.1:${port}`, child, calendarRefreshMs }
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** The slots request the booking form sends for the week around `day` (3 days back, 8 ahead). */
function slotsQuery(day: Temporal.PlainDate): string {
  const start = day.subtract({ days: 3 }).toZonedDateTime({ timeZone: ZONE }).toInstant()
  const end = day.add({ days: 8 }).toZonedDateTime({ timeZone: ZONE }).toInstant().subtract({ milliseconds: 1 })
  const input = {
    json: {
      isTeamEvent: false,
      usernameList: [BOOKING_DEFAULTS.host],
      eventTypeSlug: BOOKING_DEFAULTS.eventTypeSlug,
      startTime: start.toString({ fractionalSecondDigits: 3 }),
      endTime: end.toString({ fractionalSecondDigits: 3 }),
      timeZone: ZONE,
      duration: null,
      rescheduleUid: null,
      orgSlug: null,
    },
  }
  return `/api/calendar/slots?input=${encodeURIComponent(JSON.stringify(input))}`
}

/** Many different requests: each week of the window, shifted by a minute at a time, so few repeat. */
function* variedSlotsQueries(): Generator<string> {
  const today = Temporal.Now.plainDateISO(ZONE)
  for (let n = 0; ; n++) {
    const day = today.add({ days: n % 60 })
    const query = slotsQuery(day)
    // A shifted start is a different request (and cache key) for the same days.
    yield query.replace(encodeURIComponent('.000Z'), encodeURIComponent(`.${String(n % 1000).padStart(3, '0')}Z`))
  }
}

/**
 * Stores `count` bookings straight into the database, as a busy year leaves them: all but
 * `UPCOMING` in the past, an hour apart; the upcoming ones every seven hours over the next weeks,
 * so the slots answers lose some of their times too.
 */
const UPCOMING = 200
async function storeHistory(dataDir: string, count: number) {
  const db = await PGlite.create(dataDir)
  try {
    await db.query(
      `INSERT INTO bookings (uid, host, event_type_id, title, start_at, end_at, name, email, guests, time_zone,
                             language, email_key, client_key, created_at)
       SELECT gen_random_uuid()::text, $1, $2, '15 Min Call', at, at + interval '15 minutes', 'History ' || n,
              'history' || n || '@example.com', '[]'::jsonb, $3, 'en', 'history' || n || '@example.com', 'bench', now()
         FROM generate_series(1, $4::int) AS n,
              LATERAL (SELECT date_trunc('hour', now()) + CASE WHEN n <= $4::int - $5::int THEN -n * interval '1 hour'
                                                              ELSE (n - $4::int + $5::int) * interval '7 hours' END AS at) AS t`,
      [BOOKING_DEFAULTS.host, BOOKING_DEFAULTS.eventTypeId, ZONE, count, UPCOMING],
    )
    const [row] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows
    return row?.n ?? 0
  } finally {
    await db.close()
  }
}

/** Distinct bookable starts: every 15 minutes of every day from tomorrow (the bookings phase allows all hours). */
function* distinctStarts(): Generator<Temporal.ZonedDateTime> {
  let at = Temporal.Now.zonedDateTimeISO(ZONE).toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone: ZONE })
  for (;;) {
    yield at
    at = at.add({ minutes: 15 })
  }
}

/** The body the site sends (the production builder), for the n-th distinct start. */
function bookingJson(start: Temporal.ZonedDateTime, n: number): string {
  const input = { name: `Bench ${n}`, email: `bench${n}@example.com`, slot: start.toInstant().toString(), timeZone: ZONE }
  return JSON.stringify(buildBookingPayload(input, BOOKING_DEFAULTS))
}

/**
 * A feed of `count` events as a busy host's calendar holds them: one in ten a weekly series (20
 * instances, some already past), the rest single events of 30 to 90 minutes on the next 60 days'
 * working hours. Seeded, so every run reads the same calendar.
 */
function calendarFeed(count: number, seed: number): string {
  let state = seed
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31)
  const today = Temporal.Now.plainDateISO(ZONE)
  const stamp = (at: Temporal.PlainDateTime) => at.toString().replace(/[-:]/g, '').slice(0, 15)
  const events: string[] = []
  for (let n = 0; n < count; n++) {
    const recurring = n % 10 === 0
    const day = today.add({ days: Math.floor(random() * 60) - (recurring ? 70 : 0) })
    const start = day.toPlainDateTime({ hour: 8 + Math.floor(random() * 9), minute: [0, 15, 30, 45][Math.floor(random() * 4)] as number })
    const end = start.add({ minutes: 30 + 15 * Math.floor(random() * 5) })
    events.push(
      [
        'BEGIN:VEVENT',
        `UID:bench-${seed}-${n}@example.com`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=${ZONE}:${stamp(start)}`,
        `DTEND;TZID=${ZONE}:${stamp(end)}`,
        ...(recurring ? ['RRULE:FREQ=WEEKLY;COUNT=20'] : []),
        `SUMMARY:Busy ${n}`,
        'END:VEVENT',
      ].join('\r\n'),
    )
  }
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN', ...events, 'END:VCALENDAR', ''].join('\r\n')
}

interface Row {
  route: string
  result: Result
}

const rows: Row[] = []
/** What a browser's fetch sends: the API may answer compressed, as it does to the booking form. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' }
/** Two seconds unrecorded first: the server's code is compiled and its caches filled, as after any start. */
const load = async (route: string, options: Omit<Options, 'connections' | 'duration'>) => {
  await autocannon({ connections: CONNECTIONS, duration: 2, headers: BROWSER_HEADERS, ...options })
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, headers: BROWSER_HEADERS, ...options })
  rows.push({ route, result })
  return result
}
const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'))
const bookingDir = await mkdtemp(join(tmpdir(), 'bench-api-bookings-'))
try {
  console.log(`Each server alone on loopback, PGlite in ${dataDir}; autocannon ${CONNECTIONS} connections, ${DURATION_S} s per row.`)

  // 1. The yardstick: a bare Hono route, same Node adapter.
  let server = await startServer('bare', dataDir)
  const bare = await load('GET bare Hono route', { url: `${server.url}/bare` })
  await stopServer(server.child)

  // 2. Slots, default availability, no booking stored; then 3. the same with HISTORY bookings.
  const week = slotsQuery(Temporal.Now.plainDateISO(ZONE).add({ days: 7 }))
  const slotsRows = async (label: string) => {
    server = await startServer('app', dataDir)
    const probe = await fetch(server.url + week)
    if (probe.status !== 200) throw new Error(`slots probe answered ${probe.status}: ${await probe.text()}`)
    const days = Object.keys(((await probe.json()) as { result: { data: { json: { slots: object } } } }).result.data.json.slots)
    console.log(`slots (${label}): ${days.length} days with slots in one week's answer`)
    const same = await load(`GET /api/calendar/slots, one week (${label})`, { url: server.url + week })
    const queries = variedSlotsQueries()
    const varied = await load(`GET /api/calendar/slots, varied weeks (${label})`, {
      url: server.url,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: queries.next().value as string }) }],
    })
    await stopServer(server.child)
    return { same, varied }
  }
  const empty = await slotsRows('0 bookings')
  const stored = await storeHistory(dataDir, HISTORY)
  const history = await slotsRows(`${stored} bookings`)

  // 3b. The same with two calendar feeds of 2,000 events each, served from this process.
  const feeds = [calendarFeed(2_000, 1), calendarFeed(2_000, 2)]
  const feedServer = createServer((request, response) => {
    const feed = feeds[Number(request.url?.slice(1))]
    response.writeHead(feed ? 200 : 404, { 'Content-Type': 'text/calendar' }).end(feed)
  })
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve))
  const feedPort = (feedServer.address() as AddressInfo).port
  const feedEnv = { HOST_CALENDAR_URLS: `http://127.0.0.1:${feedPort}/0,http://127.0.0.1:${feedPort}/1` }
  let refreshMs: number | undefined
  const withFeeds = await (async () => {
    server = await startServer('app', dataDir, feedEnv)
    refreshMs = server.calendarRefreshMs
    const same = await load(`GET /api/calendar/slots, one week (2 feeds × 2,000 events)`, { url: server.url + week })
    const queries = variedSlotsQueries()
    const varied = await load(`GET /api/calendar/slots, varied weeks (2 feeds × 2,000 events)`, {
      url: server.url,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: queries.next().value as string }) }],
    })
    await stopServer(server.child)
    return { same, varied }
  })()
  feedServer.close()

  // 4. Bookings on distinct slots: every quarter hour of every day for a year, so the run never runs out.
  server = await startServer('app', bookingDir, {
    SCHEDULE_DAYS: 'mon-sun',
    SCHEDULE_START: '00:00',
    SCHEDULE_END: '24:00',
    SCHEDULE_DAYS_AHEAD: '366',
    SCHEDULE_MIN_NOTICE_MINUTES: '0',
  })
  const starts = distinctStarts()
  let n = 0
  await load('POST /api/book/event, distinct slots', {
    url: server.url,
    requests: [
      {
        method: 'POST',
        path: '/api/book/event',
        headers: { ...BROWSER_HEADERS, 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: bookingJson(starts.next().value as Temporal.ZonedDateTime, n++) }),
      },
    ],
  })
  await stopServer(server.child)

  console.log('')
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', '2xx', 'non-2xx', 'errors']
  const table = rows.map(({ route, result: r }) => [
    route,
    r.requests.average.toFixed(0),
    String(r.latency.p50),
    String(r.latency.p99),
    String(r['2xx']),
    String(r.non2xx),
    String(r.errors + r.timeouts),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] as string).length)))
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ')
  console.log(line(header))
  for (const row of table) console.log(line(row))

  const rate = (r: Result) => r.requests.average
  const verdict = (ok: boolean) => (ok ? 'goal met' : 'goal NOT met')
  const ratio = rate(empty.same) / rate(bare)
  const historyRatio = rate(history.same) / rate(empty.same)
  console.log('')
  console.log(`slots / bare route:             ${ratio.toFixed(2)} (goal ≥ 0.30: ${verdict(ratio >= 0.3)})`)
  console.log(`slots p99 at that load:         ${empty.same.latency.p99} ms (goal < 20 ms: ${verdict(empty.same.latency.p99 < 20)})`)
  console.log(
    `slots with ${stored} bookings / none: ${historyRatio.toFixed(2)} one week, ${(rate(history.varied) / rate(empty.varied)).toFixed(2)} varied weeks (goal ≈ 1: ${verdict(historyRatio >= 0.9)})`,
  )
  const feedRatio = rate(withFeeds.same) / rate(bare)
  console.log(`slots with 2 feeds / bare route: ${feedRatio.toFixed(2)} (goal ≥ 0.30: ${verdict(feedRatio >= 0.3)})`)
  console.log(
    `cache misses (varied weeks) p99: ${withFeeds.varied.latency.p99} ms with the feeds, ${history.varied.latency.p99} ms with ${stored} bookings (goal < 50 ms: ${verdict(withFeeds.varied.latency.p99 < 50)})`,
  )
  console.log(`reading and expanding both feeds at start: ${refreshMs?.toFixed(0) ?? '?'} ms (once per refresh, never per request)`)
  console.log(
    `\n${availableParallelism()} CPUs; load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (other work on the machine lowers these figures).`,
  )
} finally {
  await rm(dataDir, { recursive: true, force: true })
  await rm(bookingDir, { recursive: true, force: true })
}
