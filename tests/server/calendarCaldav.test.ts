/**
 * Busy times from every calendar of a CalDAV account, against a real Radicale started by
 * the test (tests/server/support/radicale.ts). The password never reaches a log line.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { caldavAccount } from '../../server/calendar/caldav'
import { hostCalendarFromConfig } from '../../server/calendar/fromConfig'
import type { HostCalendar } from '../../server/calendar/hostCalendar'
import { openStore, type BookingStore } from '../../server/db/store'
import { capturedLogger, localTimes, slotsInput, slotsPath, startServer, testClock, testConfig, type RunningServer } from './support/harness'
import { describeWithRadicale, startRadicale, type Radicale } from './support/radicale'

const NZ = 'Pacific/Auckland'
const event = (uid: string, start: string, end: string, extra = '') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fastmail//CalDAV test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261120T000000Z',
    `DTSTART;TZID=Pacific/Auckland:${start}`,
    `DTEND;TZID=Pacific/Auckland:${end}`,
    'SUMMARY:Busy',
    ...(extra ? [extra] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')

describeWithRadicale('busy times from a CalDAV account (Radicale)', () => {
  let radicale: Radicale
  let dir: string
  let store: BookingStore
  let server: RunningServer
  let calendar: HostCalendar
  const clock = testClock()
  const { logger, lines } = capturedLogger('debug')

  beforeAll(async () => {
    radicale = await startRadicale()
    await radicale.makeCalendar('work', 'Work')
    await radicale.makeCalendar('personal', 'Personal')
    await radicale.put('work', 'meeting.ics', event('work-1', '20261130T100000', '20261130T110000'))
    await radicale.put('work', 'weekly.ics', event('work-2', '20261124T150000', '20261124T153000', 'RRULE:FREQ=WEEKLY;COUNT=4'))
    await radicale.put('personal', 'dentist.ics', event('home-1', '20261201T090000', '20261201T100000'))
    await radicale.put('personal', 'free.ics', event('home-2', '20261201T140000', '20261201T150000', 'TRANSP:TRANSPARENT'))
    dir = await mkdtemp(join(tmpdir(), 'calendar-caldav-'))
    store = await openStore({ dataDir: dir })
    const config = testConfig({ CALDAV_URL: radicale.url, CALDAV_USERNAME: radicale.username, CALDAV_PASSWORD: radicale.password })
    calendar = hostCalendarFromConfig({ config, store, log: logger, now: () => clock.now.epochMilliseconds }) as HostCalendar
    await calendar.refresh()
    server = await startServer({ config, store, clock, calendar, logger })
  })

  afterAll(async () => {
    await calendar?.stop()
    await server?.close()
    await store?.close()
    await radicale?.dispose()
    await rm(dir, { recursive: true, force: true })
  })

  const slotTimes = async (from: string, to: string) => {
    const response = await fetch(server.url + slotsPath(slotsInput(from, to, NZ)))
    expect(response.status).toBe(200)
    const body = (await response.json()) as { result: { data: { json: { slots: Record<string, { time: string }[]> } } } }
    return localTimes(body.result.data.json.slots, NZ)
  }

  it('block the slots of events in every calendar of the account', async () => {
    const times = [...(await slotTimes('2026-11-23T11:00:00.000Z', '2026-11-24T11:00:00.000Z')), ...(await slotTimes('2026-11-29T11:00:00.000Z', '2026-12-01T11:00:00.000Z'))]
    for (const busy of ['2026-11-24 15:00', '2026-11-24 15:15', '2026-11-30 10:00', '2026-11-30 10:45', '2026-12-01 09:00', '2026-12-01 09:45', '2026-12-01 15:15'])
      expect(times, busy).not.toContain(busy)
    for (const free of ['2026-11-24 15:30', '2026-11-30 11:00', '2026-12-01 10:00', '2026-12-01 14:00']) expect(times, free).toContain(free)
  })

  it('tells a refused password in words, without the password', async () => {
    const wrong = 'wrong-password-1234'
    const account = caldavAccount({ url: radicale.url, username: radicale.username, password: wrong, calendar: undefined })
    const failure = await account.calendars().then(() => undefined, (error: unknown) => error as Error)
    expect(failure?.message).toBe('the server refused the username or password')
    expect(JSON.stringify(failure)).not.toContain(wrong)
  })

  it('says in the log that the account cannot be read, without its password, and keeps the copy', async () => {
    await radicale.stop()
    await calendar.refresh()
    expect(lines.join('\n')).toMatch(/CalDAV \(127\.0\.0\.1\) cannot be read \(could not connect/)
    expect((await slotTimes('2026-11-29T11:00:00.000Z', '2026-11-30T11:00:00.000Z'))).not.toContain('2026-11-30 10:00')
    await radicale.start()
    await calendar.refresh()
    expect(lines.join('\n')).toMatch(/CalDAV \(127\.0\.0\.1\) reads again/)
    expect(lines.join('\n')).not.toContain(radicale.password)
  })
})
