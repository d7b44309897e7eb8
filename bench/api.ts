/**
 * `npm run bench:api`: requests per second of the booking API on this machine (DESIGN §10). The API
 * runs alone in its own process (bench/apiServer.ts: built-in scheduler, PGlite in a temporary
 * directory, no static site); autocannon loads it from this process over loopback, 10 s per route.
 */
import autocannon, { type Result } from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Temporal } from 'temporal-polyfill'
import { buildBookingPayload } from '../core/bookingPayload'
import { BOOKING_DEFAULTS } from '../core/settings'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const ZONE = 'Pacific/Auckland'

async function startApi(dataDir: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'apiServer.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      RATE_LIMIT_SLOTS: '10000000',
      RATE_LIMIT_BOOKINGS: '10000000',
      // Every booking of the bench comes from 127.0.0.1 (each with its own email address).
      RATE_LIMIT_BOOKINGS_PER_DAY: '10000000',
      CALCOM_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)))
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const match = /^READY (\d+)$/.exec(line)
      if (match) resolve(Number(match[1]))
    })
  })
  return { url: `http://127.0.0.1:${port}`, child }
}

async function stopApi(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

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

const rows: { route: string; result: Result }[] = []
const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'))
try {
  console.log(`API alone on loopback, PGlite in ${dataDir}; autocannon ${CONNECTIONS} connections, ${DURATION_S} s per route.`)

  // 1. Slots, with the default availability: the 11-day window the booking form asks for.
  let api = await startApi(dataDir, {})
  const path = slotsQuery(Temporal.Now.zonedDateTimeISO(ZONE).toPlainDate().add({ days: 7 }))
  const probe = await fetch(api.url + path)
  if (probe.status !== 200) throw new Error(`slots probe answered ${probe.status}: ${await probe.text()}`)
  const days = Object.keys(
    ((await probe.json()) as { result: { data: { json: { slots: object } } } }).result.data.json.slots,
  ).length
  console.log(`slots: ${days} days with slots per answer`)
  rows.push({
    route: 'GET /api/calendar/slots',
    result: await autocannon({ url: api.url + path, connections: CONNECTIONS, duration: DURATION_S }),
  })
  await stopApi(api.child)

  // 2. Bookings on distinct slots: every hour of every day for a year, so the run never runs out of slots.
  api = await startApi(dataDir, {
    SCHEDULE_DAYS: 'mon-sun',
    SCHEDULE_START: '00:00',
    SCHEDULE_END: '24:00',
    SCHEDULE_DAYS_AHEAD: '366',
    SCHEDULE_MIN_NOTICE_MINUTES: '0',
  })
  const starts = distinctStarts()
  let n = 0
  const result = await autocannon({
    url: api.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/api/book/event',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: bookingJson(starts.next().value as Temporal.ZonedDateTime, n++) }),
      },
    ],
  })
  rows.push({ route: 'POST /api/book/event (distinct slots)', result })
  await stopApi(api.child)

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
  console.log(
    `\n${availableParallelism()} CPUs; load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (other work on the machine lowers these figures).`,
  )
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
