/**
 * The host's iCalendar feeds block slots. Fixtures in the shapes Google, Outlook and Apple
 * export (tests/server/fixtures/calendars), served over HTTP by the test with ETag and gzip; parsed with
 * ical.js, recurrences expanded at refresh; a feed that is down keeps its last good copy until the stale
 * limit, then the slots API answers an error (the picker's load failure and Retry). No feed URL is logged.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SlotsResponseSchema } from '../../core/bookingWire'
import { calendarReport } from '../../server/calendar/calendarReport'
import { readFeed } from '../../server/calendar/feedSource'
import { calendarSources, hostCalendarFromConfig } from '../../server/calendar/fromConfig'
import { publicHolidays } from '../../server/calendar/holidays'
import type { HostCalendar } from '../../server/calendar/hostCalendar'
import { parseBusy } from '../../server/calendar/parseBusy'
import { openStore, type BookingStore } from '../../server/db/store'
import { startFeedServer, type FeedServer } from './support/feedServer'
import { bookingBody, capturedLogger, localTimes, postBooking, slotsInput, slotsPath, startServer, testClock, testConfig, type RunningServer } from './support/harness'

const NZ = 'Pacific/Auckland'
const fixture = (name: string) => readFile(join(import.meta.dirname, 'fixtures/calendars', name), 'utf8')
/** A Google-style secret address: the path is the secret. */
const GOOGLE_PATH = '/calendar/ical/aroha@example.com/private-5f3a9c1e7b2d4e6f8a0b1c2d3e4f5a6b/basic.ics'
const OUTLOOK_PATH = '/owa/calendar/00000000-1111-2222/s3cr3tpublishtoken9876/calendar.ics'
const APPLE_PATH = '/published/2/MTIzNDU2Nzg5MTIzNDU2N-applesecret/home.ics'
const SECRETS = ['private-5f3a9c1e7b2d4e6f8a0b1c2d3e4f5a6b', 's3cr3tpublishtoken9876', 'applesecret']

const wall = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(NZ).toPlainDateTime().toString().slice(0, 16)

describe('parsing a feed (ical.js)', () => {
  const window = { hostZone: NZ, from: Date.parse('2026-11-20T00:00:00Z'), to: Date.parse('2027-05-01T00:00:00Z') }

  it('expands a weekly meeting with an EXDATE, a moved and a cancelled instance (Google)', async () => {
    const { intervals } = parseBusy(await fixture('google.ics'), window)
    const starts = intervals.map((i) => `${wall(i.start)}–${wall(i.end).slice(11)}`).sort()
    expect(starts.filter((s) => s.includes('10:00–11:00')).slice(0, 4)).toEqual([
      '2026-11-24T10:00–11:00',
      '2026-12-22T10:00–11:00',
      '2026-12-29T10:00–11:00',
      '2027-01-05T10:00–11:00',
    ])
    expect(starts).toContain('2026-12-08T14:00–15:00')
    // An all-day event is the whole Auckland day; the transparent one is absent; a UTC time is converted.
    expect(starts).toContain('2026-11-26T00:00–00:00')
    expect(starts.some((s) => s.startsWith('2026-11-27T13:00'))).toBe(false)
    expect(starts).toContain('2026-11-25T14:00–15:00')
  })

  it('maps Windows zone names to IANA zones and leaves cancelled events out (Outlook)', async () => {
    const { intervals, events } = parseBusy(await fixture('outlook.ics'), window)
    expect(events).toBe(4)
    expect(intervals.map((i) => `${wall(i.start)}–${wall(i.end).slice(11)}`).sort()).toEqual([
      '2026-11-30T13:00–14:00',
      // 09:00 in Sydney (AEDT, +11) is 11:00 in Auckland (NZDT, +13).
      '2026-12-02T11:00–12:00',
      '2026-12-03T16:30–17:30',
    ])
  })

  it('reads floating times in the host zone, RDATE, events across midnight and across the April clock change (Apple)', async () => {
    const { intervals } = parseBusy(await fixture('apple.ics'), window)
    const text = intervals.map((i) => `${wall(i.start)}–${wall(i.end)}`)
    expect(text).toContain('2026-11-25T08:45–2026-11-25T09:30')
    expect(text).toContain('2026-12-09T22:00–2026-12-10T09:30')
    expect(text).toContain('2026-12-10T12:00–2026-12-10T13:00')
    expect(text.filter((t) => t.endsWith('17:00'))).toHaveLength(3)
    // 01:30 NZDT to 03:30 NZST on 4 April 2027: three hours, the clock having gone back one.
    const night = intervals.find((i) => wall(i.start) === '2027-04-04T01:30')
    expect(night && (night.end - night.start) / 3_600_000).toBe(3)
  })

  it('leaves out the events this server wrote (recognised by UID)', async () => {
    const text = await fixture('outlook.ics')
    const own = new Set(
      [...text.matchAll(/^UID:(\S+)$/gm)].map((match) => match[1] as string).filter((uid) => uid.endsWith('FFEEDDCCBBAA00998877665544332211') || uid.endsWith('AABBCCDDEEFF00')),
    )
    expect(own.size).toBe(2)
    expect(parseBusy(text, { ...window, ownUids: own }).intervals.map((i) => wall(i.start)).sort()).toEqual(['2026-11-30T13:00', '2026-12-03T16:30'])
  })
})

describe('host calendar feeds over HTTP', () => {
  let feeds: FeedServer
  let dir: string
  let store: BookingStore
  let server: RunningServer
  let calendar: HostCalendar
  const clock = testClock()
  const { logger, lines } = capturedLogger('debug')

  beforeAll(async () => {
    feeds = await startFeedServer()
    feeds.serve(GOOGLE_PATH, await fixture('google.ics'))
    feeds.serve(OUTLOOK_PATH, await fixture('outlook.ics'))
    feeds.serve(APPLE_PATH, await fixture('apple.ics'))
    dir = await mkdtemp(join(tmpdir(), 'calendar-feeds-'))
    store = await openStore({ dataDir: dir })
    const config = testConfig({
      HOST_CALENDAR_URLS: [feeds.url(GOOGLE_PATH), feeds.url(OUTLOOK_PATH), feeds.url(APPLE_PATH)].join(', '),
    })
    calendar = hostCalendarFromConfig({ config, store, log: logger, now: () => clock.now.epochMilliseconds }) as HostCalendar
    await calendar.refresh()
    server = await startServer({ config, store, clock, calendar, logger })
  })

  afterAll(async () => {
    await calendar?.stop()
    await server?.close()
    await store?.close()
    await feeds?.close()
    await rm(dir, { recursive: true, force: true })
  })

  const slotsResponse = (from: string, to: string) => fetch(server.url + slotsPath(slotsInput(from, to, NZ)))
  const slotTimes = async (from: string, to: string) => {
    const response = await slotsResponse(from, to)
    expect(response.status).toBe(200)
    return localTimes(v.parse(SlotsResponseSchema, await response.json()).result.data.json.slots, NZ)
  }
  const week1 = ['2026-11-23T11:00:00.000Z', '2026-11-27T11:00:00.000Z'] as const
  const week2 = ['2026-11-29T11:00:00.000Z', '2026-12-04T11:00:00.000Z'] as const
  const week3 = ['2026-12-06T11:00:00.000Z', '2026-12-11T11:00:00.000Z'] as const

  it('offer no slot that overlaps an event of any feed, and every other slot', async () => {
    const times = [...(await slotTimes(...week1)), ...(await slotTimes(...week2)), ...(await slotTimes(...week3))]
    const absent = [
      '2026-11-24 10:00', '2026-11-24 10:45', // weekly stand-up (Google)
      '2026-11-25 14:00', '2026-11-25 14:45', // a UTC time (Google)
      '2026-11-25 09:00', '2026-11-25 09:15', // a floating time (Apple)
      '2026-11-30 13:00', '2026-11-30 13:45', // Windows zone name (Outlook)
      '2026-12-02 11:00', '2026-12-02 11:45', // Sydney time (Outlook)
      '2026-12-03 16:30', '2026-12-03 16:45', // Dentist (Outlook)
      '2026-12-08 14:00', // a moved instance (Google)
      '2026-12-10 09:00', '2026-12-10 09:15', // across midnight (Apple)
      '2026-12-10 12:00', // RDATE (Apple)
    ]
    for (const time of absent) expect(times, time).not.toContain(time)
    const present = [
      '2026-11-24 11:00', '2026-11-25 09:30', '2026-11-25 15:00', '2026-11-27 13:00', // transparent
      '2026-11-30 14:00', '2026-11-30 15:00', // cancelled (Outlook)
      '2026-12-01 10:00', // EXDATE (Google)
      '2026-12-02 10:45', '2026-12-08 10:00', '2026-12-10 09:30',
    ]
    for (const time of present) expect(times, time).toContain(time)
    // An all-day event takes the whole day.
    expect(times.filter((t) => t.startsWith('2026-11-26'))).toEqual([])
  })

  it('refuse a booking into a busy time', async () => {
    expect((await postBooking(server.url, bookingBody('2026-11-30T13:15'))).status).toBe(409)
  })

  it('read a feed again conditionally (304) and accept gzip', async () => {
    const before = feeds.log.length
    await calendar.refresh()
    const again = feeds.log.slice(before)
    expect(again.map((r) => r.status)).toEqual([304, 304, 304])
    expect(feeds.log.slice(0, 3).every((r) => r.gzip)).toBe(true)
    const read = await readFeed(feeds.url(GOOGLE_PATH), undefined)
    expect(read.text).toContain('BEGIN:VCALENDAR')
    expect(read.etag).toMatch(/^"/)
  })

  it('keep the last good copy while a feed is down, then stop offering slots past the stale limit', async () => {
    const before = await slotTimes(...week2)
    feeds.mode = '500'
    clock.now = clock.now.add({ hours: 23 })
    await calendar.refresh()
    expect(lines.join('\n')).toMatch(/feed 1 \(127\.0\.0\.1\) cannot be read \(answered HTTP 500\) since/)
    // Within 24 hours of the last good read: the same busy times (the window moved with the clock).
    const during = await slotTimes(...week2)
    expect(during).toEqual(before)
    clock.now = clock.now.add({ hours: 2 })
    await calendar.refresh()
    const response = await slotsResponse(...week2)
    expect(response.status).toBe(503)
    const body = (await response.json()) as { error: { json: { message: string } } }
    expect(body.error.json.message).toMatch(/calendar cannot be read/)
    feeds.mode = 'up'
    await calendar.refresh()
    expect((await slotsResponse(...week2)).status).toBe(200)
    expect(lines.join('\n')).toMatch(/feed 1 \(127\.0\.0\.1\) reads again/)
    clock.now = clock.now.subtract({ hours: 25 })
  })

  it('time out a feed that does not answer', async () => {
    feeds.mode = 'hang'
    await expect(readFeed(feeds.url(GOOGLE_PATH), undefined, { timeoutMs: 200 })).rejects.toThrow('timed out')
    feeds.mode = 'up'
  })

  it('refuse a feed over the size cap', async () => {
    await expect(readFeed(feeds.url(GOOGLE_PATH), undefined, { maxBytes: 1000 })).rejects.toThrow(/larger than 1000 bytes/)
  })

  it('are reported by `npm run calendar`: each source\'s state and the next 7 days\' busy blocks in the host\'s zone', async () => {
    const config = testConfig({ HOST_CALENDAR_URLS: `${feeds.url(GOOGLE_PATH)},${feeds.url('/gone.ics')}` })
    const { text, ok } = await calendarReport({
      sources: calendarSources(config),
      hostZone: NZ,
      now: clock.now,
      daysAhead: 60,
      maxStaleMs: 24 * 3_600_000,
      isHoliday: publicHolidays('NZ-AUK'),
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      copies: store.calendarCopies,
    })
    expect(ok).toBe(false)
    expect(text).toContain('- feed 1 (127.0.0.1)\n    read now: 6 events')
    expect(text).toContain('- feed 2 (127.0.0.1)\n    cannot be read now: answered HTTP 404\n    no usable copy')
    expect(text).toMatch(/last good copy in the database: read 2026-11-2\d \d\d:\d\d, 6 events/)
    expect(text).toContain('Tue, 24 Nov: 10:00–11:00')
    expect(text).toContain('Wed, 25 Nov: 14:00–15:00')
    expect(text).toContain('Thu, 26 Nov: 00:00–24:00')
    expect(text).toContain('Sat, 28 Nov: free')
    for (const secret of SECRETS) expect(text).not.toContain(secret)
  })

  it('never put a feed URL in a log line', () => {
    expect(lines.length).toBeGreaterThan(0)
    for (const secret of SECRETS) expect(lines.join('\n')).not.toContain(secret)
  })
})
