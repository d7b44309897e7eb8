/**
 * A calendar is untrusted input (docs/calendars.md#limits): each test is an attack found by review, sent as a
 * feed would send it. Parsing runs in the calendar worker with a step budget, a time budget and a memory
 * limit; redirects are checked hop by hop. The server process's side (health and slots answer while a
 * hostile feed is read, SIGTERM still stops it) is in calendarProcess.test.ts.
 */
import ICAL from 'ical.js'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { expandInWorker } from '../../server/calendar/expandInWorker'
import { fetchFeed, MAX_REDIRECTS } from '../../server/calendar/feedRedirects'
import { calendarReport } from '../../server/calendar/calendarReport'
import { feedSource, readFeed } from '../../server/calendar/feedSource'
import { publicHolidays } from '../../server/calendar/holidays'
import { createHostCalendar } from '../../server/calendar/hostCalendar'
import { MAX_STEPS_PER_SERIES, parseBusy, TooManyStepsError } from '../../server/calendar/parseBusy'
import { SourceError } from '../../server/calendar/sourceError'
import { multistatus } from './support/fakeCaldav'
import { startFeedServer } from './support/feedServer'
import { capturedLogger } from './support/harness'
import { bigCalendar, calendarOf, everySecond, thirtyFebruary, vevent } from '../../bench/calendarFeeds'

const NZ = 'Pacific/Auckland'
const NOW = Date.parse('2026-11-27T00:00:00Z')
const window = { hostZone: NZ, from: NOW - 86_400_000, to: NOW + 16 * 86_400_000 }
const request = (texts: (string | Uint8Array<ArrayBuffer>)[]) => ({ kind: 'feed' as const, texts, hostZone: NZ, from: window.from, to: window.to, ownUids: [] })
const tomorrow = NOW + 86_400_000

describe('a hostile recurring event', () => {
  it('30 February every day is left out, and the rest of the feed is read', () => {
    const text = calendarOf([thirtyFebruary('invite@attacker.example', NOW - 30 * 86_400_000), vevent('real@example.com', tomorrow, 60)])
    const parsed = parseBusy(text, window)
    expect(parsed.skippedSeries).toBe(1)
    expect(parsed.events).toBe(2)
    expect(parsed.intervals).toEqual([{ start: tomorrow, end: tomorrow + 3_600_000 }])
  })

  it('100 series by the second are left out after their step budget each', () => {
    const text = calendarOf([...Array.from({ length: 100 }, (_, i) => everySecond(`second-${i}@attacker.example`, NOW)), vevent('real@example.com', tomorrow, 30)])
    const parsed = parseBusy(text, window)
    expect(parsed.skippedSeries).toBe(100)
    expect(parsed.intervals).toEqual([{ start: tomorrow, end: tomorrow + 1_800_000 }])
  })

  it('a file whose series together pass the source’s budget is refused whole', () => {
    const text = calendarOf(Array.from({ length: 3 }, (_, i) => thirtyFebruary(`invite-${i}@attacker.example`, NOW)))
    expect(() => parseBusy(text, { ...window, budget: { steps: 2.5 * MAX_STEPS_PER_SERIES } })).toThrow(TooManyStepsError)
  })

  it('a series begun years ago starts near the window and gives the same occurrences as stepping from its start', () => {
    const rules = [
      ['20010102T093000', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH'],
      ['20050301T080000', 'FREQ=DAILY;INTERVAL=3'],
      ['19990615T170000', 'FREQ=DAILY;COUNT=20000'],
      ['20200101T000000', 'FREQ=HOURLY;INTERVAL=7;BYHOUR=9,10,11,12,13,14,15,16'],
      ['20230306T120000', 'FREQ=MINUTELY;INTERVAL=45;BYDAY=MO;BYHOUR=12'],
      ['20181001T090000', 'FREQ=WEEKLY;COUNT=600'],
    ]
    for (const [start, rule] of rules) {
      const event = `BEGIN:VEVENT\r\nUID:old@example.com\r\nDTSTART;TZID=Pacific/Auckland:${start}\r\nDURATION:PT30M\r\nRRULE:${rule}\r\nEND:VEVENT`
      const text = calendarOf([event])
      const parsed = parseBusy(text, window)
      // The reference: ical.js from DTSTART, every step, no budget (fine for these few thousand).
      const master = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') as ICAL.Component
      const iterator = new ICAL.Event(master, { exceptions: [] }).iterator()
      const expected: number[] = []
      for (let next = iterator.next(); next; next = iterator.next()) {
        const at = new Temporal.PlainDateTime(next.year, next.month, next.day, next.hour, next.minute).toZonedDateTime(NZ).epochMilliseconds
        if (at >= window.to) break
        if (at + 1_800_000 > window.from) expected.push(at)
      }
      expect(parsed.skippedSeries, rule).toBe(0)
      expect(expected.length, rule).toBeGreaterThan(0)
      expect(parsed.intervals.map((i) => i.start), rule).toEqual(expected)
    }
  })
})

describe('the calendar worker', () => {
  it('answers what the parser answers, in a thread of its own', async () => {
    const text = bigCalendar(2_000, NOW)
    const { intervals, events } = parseBusy(text, window)
    const expanded = await expandInWorker(request([text]), { timeoutMs: 20_000 })
    expect(expanded.events).toBe(events)
    expect(expanded.intervals).toEqual(intervals)
  })

  it('reads a 20,000-event feed with overrides whole (linear: exceptions indexed once per file)', async () => {
    const expanded = await expandInWorker(request([bigCalendar(20_000, NOW)]), { timeoutMs: 20_000 })
    expect(expanded.events).toBe(20_000)
    expect(expanded.skippedSeries).toBe(0)
    expect(expanded.intervals.length).toBeGreaterThan(1_000)
  })

  it('is ended when it runs over its time: the source is unreadable for this refresh, in words', async () => {
    const text = calendarOf(Array.from({ length: 400 }, (_, i) => everySecond(`second-${i}@attacker.example`, NOW)))
    const started = Date.now()
    await expect(expandInWorker(request([text]), { timeoutMs: 300 })).rejects.toThrow(new SourceError('took longer than 0.3 s to read (HOST_CALENDAR_PARSE_TIMEOUT_MS)'))
    // Ended at its limit, not when the work was done (400 series take seconds).
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('fails alone when it needs more memory than its limit', async () => {
    await expect(expandInWorker(request([bigCalendar(20_000, NOW)]), { timeoutMs: 30_000, memoryMb: 8 })).rejects.toThrow(
      new SourceError('needed more than 8 MB to read'),
    )
  })

  it('stops at once when the server stops', async () => {
    const stopping = new AbortController()
    const text = calendarOf(Array.from({ length: 400 }, (_, i) => everySecond(`second-${i}@attacker.example`, NOW)))
    const reading = expandInWorker(request([text]), { timeoutMs: 30_000, signal: stopping.signal })
    setTimeout(() => stopping.abort(), 100)
    await expect(reading).rejects.toThrow('not read: the server is stopping')
  })

  it('tells a feed that is not a calendar, and skips a CalDAV object that is not one', async () => {
    await expect(expandInWorker(request(['<html>Sign in</html>']), { timeoutMs: 20_000 })).rejects.toThrow('did not answer an iCalendar file')
    const answer = multistatus([
      { href: '/dav/work/todo.ics', ics: 'BEGIN:VTODO\r\nEND:VTODO' },
      { href: '/dav/work/real.ics', ics: calendarOf([vevent('real@example.com', tomorrow, 60)]) },
    ])
    const caldav = { ...request([new TextEncoder().encode(answer)]), kind: 'caldav' as const }
    expect((await expandInWorker(caldav, { timeoutMs: 20_000 })).intervals).toEqual([{ start: tomorrow, end: tomorrow + 3_600_000 }])
  })
})

describe('feed redirects', () => {
  it('refuses a redirect to 127.0.0.1 and never requests it', async () => {
    const feeds = await startFeedServer()
    try {
      feeds.serve('/inside.ics', calendarOf([]))
      feeds.redirect('/feed.ics', feeds.url('/inside.ics'))
      await expect(readFeed(feeds.url('/feed.ics'), undefined)).rejects.toThrow(new SourceError('redirected to an internal address (127.0.0.1); refused'))
      expect(feeds.log.map((entry) => entry.path)).toEqual(['/feed.ics'])
    } finally {
      await feeds.close()
    }
  })

  /** A fake network: each URL answers a redirect to the next, names resolve as `dns` says. */
  function network(hops: Record<string, string>, dns: Record<string, string[]>) {
    const requested: string[] = []
    const fetch = (async (url: URL | string) => {
      requested.push(String(url))
      const next = hops[String(url)]
      return next ? new Response(null, { status: 302, headers: { Location: next } }) : new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR', { status: 200 })
    }) as typeof globalThis.fetch
    const lookup = async (host: string) => dns[host] ?? []
    return { requested, options: { fetch, lookup } }
  }

  it(`follows at most ${MAX_REDIRECTS} redirects to public addresses`, async () => {
    const chain = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`https://a${i}.example/f`, `https://a${i + 1}.example/f`]))
    const dns = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`a${i}.example`, ['93.184.216.34']]))
    const three = network(chain(3), dns)
    expect((await fetchFeed('https://a0.example/f', {}, three.options)).status).toBe(200)
    expect(three.requested).toHaveLength(4)
    const four = network(chain(4), dns)
    await expect(fetchFeed('https://a0.example/f', {}, four.options)).rejects.toThrow('redirected more than 3 times')
  })

  it.each([
    ['a private address', '10.1.2.3'],
    ['the cloud metadata address (link-local)', '169.254.169.254'],
    ['IPv6 loopback', '::1'],
    ['an IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['multicast', '224.0.0.1'],
    ['a unique-local IPv6 address', 'fd00::1'],
    ['carrier-grade NAT', '100.64.0.1'],
  ])('refuses a redirect to a name that resolves to %s', async (_, address) => {
    const { requested, options } = network({ 'https://feed.example/f': 'https://inside.example/f' }, { 'inside.example': ['93.184.216.34', address] })
    await expect(fetchFeed('https://feed.example/f', {}, options)).rejects.toThrow('redirected to an internal address (inside.example); refused')
    expect(requested).toEqual(['https://feed.example/f'])
  })

  it('refuses a redirect from https to http, and to an address literal inside', async () => {
    const down = network({ 'https://feed.example/f': 'http://feed.example/f' }, { 'feed.example': ['93.184.216.34'] })
    await expect(fetchFeed('https://feed.example/f', {}, down.options)).rejects.toThrow('redirected from https to http; refused')
    const literal = network({ 'https://feed.example/f': 'https://[::1]:8080/f' }, {})
    await expect(fetchFeed('https://feed.example/f', {}, literal.options)).rejects.toThrow('redirected to an internal address (::1); refused')
  })
})

describe('the host calendar with hostile feeds', () => {
  it('`npm run calendar` reads through the worker and tells what it left out', async () => {
    const feeds = await startFeedServer()
    try {
      feeds.serve('/invited.ics', calendarOf([thirtyFebruary('invite@attacker.example', NOW), vevent('real@example.com', tomorrow, 60)]))
      const { text, ok } = await calendarReport({
        sources: [feedSource(feeds.url('/invited.ics'), 0, NZ)],
        hostZone: NZ,
        now: Temporal.Instant.fromEpochMilliseconds(NOW),
        daysAhead: 14,
        maxStaleMs: 3_600_000,
        isHoliday: publicHolidays(''),
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        copies: undefined,
      })
      expect(ok).toBe(true)
      expect(text).toContain('- feed 1 (127.0.0.1)\n    read now: 2 events, 1 busy block in the bookable window\n    left out: 1 recurring event whose rule takes too many steps to reach the window')
    } finally {
      await feeds.close()
    }
  })

  it('logs the series it left out once, by the feed’s name, and logs a refused redirect; no address of either', async () => {
    const feeds = await startFeedServer()
    const { logger, records } = capturedLogger('info')
    const secret = '/calendar/ical/private-0a1b2c3d4e5f/basic.ics'
    feeds.serve(secret, calendarOf([thirtyFebruary('invite@attacker.example', NOW), vevent('real@example.com', tomorrow, 60)]))
    feeds.serve('/inside.ics', calendarOf([]))
    feeds.redirect('/moved/private-9f8e7d.ics', feeds.url('/inside.ics'))
    const calendar = createHostCalendar({
      sources: [feedSource(feeds.url(secret), 0, NZ), feedSource(feeds.url('/moved/private-9f8e7d.ics'), 1, NZ)],
      now: () => NOW,
      daysAhead: 14,
      refreshMs: 60_000,
      maxStaleMs: 3_600_000,
      log: logger,
    })
    try {
      await calendar.refresh()
      await calendar.refresh()
      const messages = records().map((record) => String(record.msg))
      expect(messages.filter((m) => m.includes('left out'))).toEqual([
        'Calendar: feed 1 (127.0.0.1) has 1 recurring event left out: its rule takes too many steps to reach the bookable window',
      ])
      expect(messages.some((m) => m.startsWith('Calendar: feed 2 (127.0.0.1) cannot be read (redirected to an internal address (127.0.0.1); refused) since'))).toBe(true)
      expect(calendar.states().map((state) => state.copy?.intervals)).toEqual([[{ start: tomorrow, end: tomorrow + 3_600_000 }], undefined])
      expect(JSON.stringify(records())).not.toMatch(/private-|inside\.ics/)
    } finally {
      await calendar.stop()
      await feeds.close()
    }
  })
})
