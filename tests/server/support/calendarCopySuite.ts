/**
 * The last good copy of each calendar source in the database. Run on PGlite and on
 * PostgreSQL: a restart with the feed down uses the copy until the stale limit; a source never read
 * offers nothing; on PostgreSQL one instance reads the sources and the other follows within seconds.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostCalendarFromConfig } from '../../../server/calendar/fromConfig'
import type { HostCalendar } from '../../../server/calendar/hostCalendar'
import type { ServerConfig } from '../../../server/config'
import type { BookingStore } from '../../../server/db/store'
import { createLogger } from '../../../server/log/logger'
import type { StoreBackend } from './bookingSuite'
import { startFeedServer, type FeedServer } from './feedServer'
import { localTimes, slotsInput, slotsPath, startServer, testClock, testConfig, type RunningServer } from './harness'

const NZ = 'Pacific/Auckland'
const FEED = '/calendar/ical/host/private-0123456789abcdef/basic.ics'
const MONDAY = ['2026-11-29T11:00:00.000Z', '2026-11-30T11:00:00.000Z'] as const

export function defineCalendarCopySuite(name: string, makeBackend: () => Promise<StoreBackend>) {
  describe(`calendar copies on ${name}`, () => {
    let backend: StoreBackend
    let feeds: FeedServer
    let outlook: string
    const clock = testClock()
    const lines: string[] = []
    const log = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } })
    const open: { store: BookingStore; calendar: HostCalendar; server: RunningServer }[] = []

    async function instance(store: BookingStore, config: ServerConfig) {
      const calendar = hostCalendarFromConfig({ config, store, log, now: () => clock.now.epochMilliseconds }) as HostCalendar
      const server = await startServer({ config, store, clock, calendar })
      const entry = { store, calendar, server }
      open.push(entry)
      return entry
    }
    async function close(entry: (typeof open)[number]) {
      open.splice(open.indexOf(entry), 1)
      await entry.calendar.stop()
      await entry.server.close()
      await entry.store.close()
    }
    const slots = async (server: RunningServer) => {
      const response = await fetch(server.url + slotsPath(slotsInput(...MONDAY, NZ)))
      if (response.status !== 200) return response.status
      const body = (await response.json()) as { result: { data: { json: { slots: Record<string, { time: string }[]> } } } }
      return localTimes(body.result.data.json.slots, NZ)
    }

    beforeAll(async () => {
      backend = await makeBackend()
      feeds = await startFeedServer()
      outlook = await readFile(join(import.meta.dirname, '../fixtures/calendars/outlook.ics'), 'utf8')
      feeds.serve(FEED, outlook)
    })
    afterAll(async () => {
      for (const entry of [...open]) await close(entry)
      await feeds?.close()
      await backend?.dispose()
    })

    it('uses the stored copy after a restart while the feed is down, until the stale limit', async () => {
      const config = testConfig({ HOST_CALENDAR_URLS: feeds.url(FEED) })
      const first = await instance(await backend.open(), config)
      await first.calendar.refresh()
      const before = await slots(first.server)
      expect(before).not.toContain('2026-11-30 13:00')
      await close(first)

      feeds.mode = '500'
      clock.now = clock.now.add({ hours: 20 })
      const second = await instance(await backend.open(), config)
      await second.calendar.refresh()
      expect(await slots(second.server)).toEqual(before)
      clock.now = clock.now.add({ hours: 5 })
      await second.calendar.refresh()
      expect(await slots(second.server)).toBe(503)
      expect(lines.join('\n')).toMatch(/feed 1 \(127\.0\.0\.1\) cannot be read \(answered HTTP 500\) since .*no usable copy/)
      expect(lines.join('\n')).not.toContain('private-0123456789abcdef')
      feeds.mode = 'up'
      await second.calendar.refresh()
      expect(await slots(second.server)).toEqual(before)
      // The clock stays: a copy read later than what a test reads next would win (newer copies are kept).
      await close(second)
      // Two stores opened and four reads, each in a calendar worker of its own: seconds on a loaded machine.
    }, 60_000)

    it('offers nothing while a source was never read', async () => {
      const config = testConfig({ HOST_CALENDAR_URLS: `${feeds.url(FEED)},${feeds.url('/missing.ics')}` })
      const only = await instance(await backend.open(), config)
      await only.calendar.refresh()
      expect(await slots(only.server)).toBe(503)
      expect(lines.join('\n')).toMatch(/feed 2 \(127\.0\.0\.1\) cannot be read \(answered HTTP 404\)/)
      await close(only)
    })

    it('lets one instance read the sources and every instance follow (PostgreSQL)', async (context) => {
      const storeA = await backend.open()
      if (storeA.kind !== 'postgres') {
        await storeA.close()
        return context.skip()
      }
      const config = testConfig({ HOST_CALENDAR_URLS: feeds.url(FEED) })
      const a = await instance(storeA, config)
      const b = await instance(await backend.open(), config)
      await a.calendar.refresh()
      const requests = feeds.log.length
      await b.calendar.refresh()
      // B found A's lease: it read nothing and took A's copy.
      expect(feeds.log.length).toBe(requests)
      expect(await slots(b.server)).not.toContain('2026-11-30 13:00')
      expect(await slots(b.server)).toContain('2026-11-30 10:00')

      // A new event: A reads it, B hears of it through the change feed within seconds.
      clock.now = clock.now.add({ minutes: 1 })
      feeds.serve(FEED, outlook.replace('DTSTART;TZID=New Zealand Standard Time:20261203T163000', 'DTSTART;TZID=New Zealand Standard Time:20261130T100000').replace('DTEND;TZID=New Zealand Standard Time:20261203T173000', 'DTEND;TZID=New Zealand Standard Time:20261130T110000'))
      await a.calendar.refresh()
      const deadline = Date.now() + 5_000
      let seen = await slots(b.server)
      while (Array.isArray(seen) && seen.includes('2026-11-30 10:00') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        seen = await slots(b.server)
      }
      expect(seen).not.toContain('2026-11-30 10:00')
      feeds.serve(FEED, outlook)
      clock.now = clock.now.subtract({ minutes: 1 })
    })
  })
}
