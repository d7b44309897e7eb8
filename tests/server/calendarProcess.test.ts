/**
 * Issue 24 through the real server process (server/main.ts): the calendar sources are read at start,
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
