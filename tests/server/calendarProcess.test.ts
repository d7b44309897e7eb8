/**
 * The host's calendars through the real server process (server/main.ts): the calendar sources are read at start,
 * printed masked, a source that cannot be read makes the slots API answer 503 (the picker's load failure
 * and Retry), and neither a feed's secret address nor the CalDAV password reaches the output.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFeedServer, type FeedServer } from './support/feedServer'
import { slotsInput, slotsPath } from './support/harness'
import { calendarOf, everySecond, thirtyFebruary, vevent } from '../../bench/calendarFeeds'
import { productionBuild } from './support/productionBuild'
import { freePort, startServerProcess, writeMinimalSite, type ServerProcess } from './support/serverProcess'

const SECRET_PATH = '/calendar/ical/host%40example.com/private-9e8d7c6b5a4f3e2d/basic.ics'
const PASSWORD = 'caldav-app-password-0f1e2d'

describe('the server process with the host’s calendars', () => {
  let work: string
  let feeds: FeedServer
  let server: ServerProcess | undefined

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'agency-calendar-process-'))
    await writeMinimalSite(join(work, 'dist'))
    feeds = await startFeedServer()
    feeds.serve(decodeURIComponent(SECRET_PATH), await readFile(join(import.meta.dirname, 'fixtures/calendars/google.ics'), 'utf8'))
  })

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
    await server?.exited
    await feeds?.close()
    await rm(work, { recursive: true, force: true })
  })

  it('prints the sources masked, answers 503 while one cannot be read, and never prints a secret', async () => {
    const nobody = await freePort()
    server = await startServerProcess({
      DIST_DIR: join(work, 'dist'),
      DATA_DIR: join(work, 'data'),
      HOST_CALENDAR_URLS: feeds.url(SECRET_PATH),
      CALDAV_URL: `http://127.0.0.1:${nobody}/dav`,
      CALDAV_USERNAME: 'host@example.com',
      CALDAV_PASSWORD: PASSWORD,
    })
    await server.ready()
    const port = new URL(feeds.url('/')).port
    const deadline = Date.now() + 20_000
    while (!server.output().includes('CalDAV (127.0.0.1) cannot be read') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    const output = server.output()
    expect(output).toContain(`Calendar: feed 1 is http://127.0.0.1:${port}/***`)
    expect(output).toContain(`Calendar: CalDAV at http://127.0.0.1:${nobody}/*** (password set)`)
    expect(output).toMatch(/CalDAV \(127\.0\.0\.1\) cannot be read \(could not connect.*\) since/)
    expect(feeds.log.some((entry) => entry.status === 200)).toBe(true)

    const week = Temporal.Now.plainDateISO('Pacific/Auckland').add({ days: 7 })
    const from = week.toZonedDateTime('Pacific/Auckland').toInstant().toString()
    const to = week.add({ days: 7 }).toZonedDateTime('Pacific/Auckland').toInstant().toString()
    const response = await fetch(server.url + slotsPath(slotsInput(from, to)))
    expect(response.status).toBe(503)

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    const all = server.output()
    for (const secret of ['private-9e8d7c6b5a4f3e2d', PASSWORD]) expect(all).not.toContain(secret)
  }, 60_000) // a whole server process: start, a failing CalDAV, a drain; slow on a loaded CI machine
})

/**
 * A hostile feed (docs/calendars.md#limits) under `npm start` on the production build, as an operator runs it:
 * the worker reads it while requests are timed from outside, and the whole process group is signalled.
 */
describe('a hostile feed read by `npm start`', () => {
  let work: string
  let dist: string
  let feeds: FeedServer
  const started: ServerProcess[] = []
  const now = Date.now()
  // 30 February, and 400 series by the second: seconds of work in the worker, whatever the machine.
  const hostile = calendarOf([
    thirtyFebruary('invite@attacker.example', now - 86_400_000),
    ...Array.from({ length: 400 }, (_, i) => everySecond(`second-${i}@attacker.example`, now)),
    vevent('real@example.com', now + 2 * 86_400_000, 60),
  ])

  beforeAll(async () => {
    dist = await productionBuild()
    work = await mkdtemp(join(tmpdir(), 'agency-hostile-feed-'))
    feeds = await startFeedServer()
    feeds.serve('/timeout.ics', hostile)
    feeds.serve('/sigterm.ics', hostile)
  }, 300_000)

  afterAll(async () => {
    for (const { child } of started) if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid as number), 'SIGKILL')
    await Promise.all(started.map((server) => server.exited))
    await feeds?.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  const start = async (name: string, timeoutMs: number) => {
    const server = await startServerProcess(
      {
        DIST_DIR: dist,
        DATA_DIR: join(work, name),
        HOST_CALENDAR_URLS: feeds.url(`/${name}.ics`),
        HOST_CALENDAR_PARSE_TIMEOUT_MS: String(timeoutMs),
        HOST_CALENDAR_REFRESH_SECONDS: '10',
      },
      ['start'],
      { executable: 'npm', detached: true },
    )
    started.push(server)
    await server.ready()
    return server
  }

  /** Times one request from outside: its status and milliseconds. */
  const timed = async (url: string) => {
    const at = performance.now()
    const status = await fetch(url, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status, () => 0)
    return { status, ms: performance.now() - at }
  }

  it('answers /healthz and the slots within 1 s while the feed is read, names it unreadable, and reads it again once it is fixed', async () => {
    const server = await start('timeout', 1_500)
    const week = Temporal.Now.plainDateISO('Pacific/Auckland').add({ days: 1 })
    const slots = server.url + slotsPath(slotsInput(week.toZonedDateTime('Pacific/Auckland').toInstant().toString(), week.add({ days: 7 }).toZonedDateTime('Pacific/Auckland').toInstant().toString()))
    const answers: { status: number; ms: number }[] = []
    const unreadable = 'Calendar: feed 1 (127.0.0.1) cannot be read (took longer than 1.5 s to read (HOST_CALENDAR_PARSE_TIMEOUT_MS))'
    const giveUp = Date.now() + 30_000
    while (!server.output().includes(unreadable) && Date.now() < giveUp) {
      answers.push(await timed(`${server.url}/healthz`), await timed(slots))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(server.output()).toContain(unreadable)
    expect(server.output()).toContain('no usable copy: no slots are offered until it reads again')
    expect(answers.length).toBeGreaterThan(4)
    expect(answers.filter((a) => a.status === 0 || a.ms >= 1_000)).toEqual([])
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 503]))
    expect((await timed(slots)).status).toBe(503)

    // The host deletes the invitations: the next refresh reads the feed in the built worker, and slots return.
    feeds.serve('/timeout.ics', calendarOf([vevent('real@example.com', Date.now() + 2 * 86_400_000, 60)]))
    const fixedBy = Date.now() + 40_000
    while (!server.output().includes('Calendar: feed 1 (127.0.0.1) reads again') && Date.now() < fixedBy) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.output()).toContain('Calendar: feed 1 (127.0.0.1) reads again')
    expect((await timed(slots)).status).toBe(200)
  }, 120_000)

  it('stops on SIGTERM to the process group while the worker is still reading', async () => {
    const server = await start('sigterm', 60_000)
    const served = () => feeds.log.filter((entry) => entry.path === '/sigterm.ics' && entry.status === 200).length
    const before = served()
    const giveUp = Date.now() + 20_000
    while (served() === before && Date.now() < giveUp) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(server.output()).not.toMatch(/feed 1 \(127\.0\.0\.1\) (cannot be read|reads again)/)
    const signalled = Date.now()
    process.kill(-(server.child.pid as number), 'SIGTERM')
    expect(await server.exited).toBe(0)
    // Within the shutdown delay and drain (2 s and a little), not after the worker's minute.
    expect(Date.now() - signalled).toBeLessThan(10_000)
    expect(server.output()).not.toContain('cannot be read')
  }, 120_000)
})
