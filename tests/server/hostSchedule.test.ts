/**
 * Public holidays, buffers around busy times, and the daily cap, in the built-in
 * scheduler, over HTTP on PGlite; and a property test of slots against widened busy intervals.
 */
import fc from 'fast-check'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SlotsResponseSchema } from '../../core/bookingWire'
import { BusyTimes, type Interval } from '../../server/calendar/busyTimes'
import { ConfigError, loadConfig } from '../../server/config'
import { openStore, type BookingStore } from '../../server/db/store'
import { availabilityFromConfig, slotGridOn } from '../../server/scheduler/availability'
import { freeSlots } from '../../server/scheduler/slots'
import { bookingBody, localTimes, postBooking, slotsInput, slotsPath, startServer, testClock, testConfig } from './support/harness'

const NZ = 'Pacific/Auckland'

/** One PGlite for the file (opening one is the slow part); a server per setting on it, closed at the end. */
let dir: string
let store: BookingStore
const running: { close: () => Promise<void> }[] = []
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'host-schedule-'))
  store = await openStore({ dataDir: dir })
})
afterAll(async () => {
  for (const server of running) await server.close()
  await store?.close()
  await rm(dir, { recursive: true, force: true })
})
function serverWith(env: Record<string, string>) {
  return async () => {
    const server = await startServer({ config: testConfig(env), store, clock: testClock() })
    running.push(server)
    return server
  }
}

async function slotTimes(url: string, from: string, to: string): Promise<string[]> {
  const response = await fetch(url + slotsPath(slotsInput(from, to, NZ)))
  expect(response.status).toBe(200)
  return localTimes(v.parse(SlotsResponseSchema, await response.json()).result.data.json.slots, NZ)
}
const days = (times: string[]) => [...new Set(times.map((t) => t.slice(0, 10)))]

describe('public holidays (SCHEDULE_HOLIDAYS)', () => {
  // Thursday 24 December 2026 to Tuesday 5 January 2027, Auckland days.
  const from = '2026-12-23T11:00:00.000Z'
  const to = '2027-01-05T11:00:00.000Z'

  it('have no slots with the default NZ-AUK: Christmas, the Monday for Boxing Day, the Monday for 2 January', async () => {
    const { url } = await serverWith({})()
    expect(days(await slotTimes(url, from, to))).toEqual(['2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-05'])
  })

  it('are ordinary days with SCHEDULE_HOLIDAYS empty', async () => {
    const { url } = await serverWith({ SCHEDULE_HOLIDAYS: '' })()
    expect(days(await slotTimes(url, from, to))).toEqual([
      '2026-12-24',
      '2026-12-25',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-04',
      '2027-01-05',
    ])
  })

  it('cannot be booked', async () => {
    const { url } = await serverWith({})()
    expect((await postBooking(url, bookingBody('2026-12-25T10:00'))).status).toBe(400)
  })

  it('follow the region: Auckland Anniversary Day (26 January 2026) is not a holiday in Wellington', () => {
    const monday = Temporal.PlainDate.from('2026-01-26')
    expect(slotGridOn(availabilityFromConfig(loadConfig({})), monday)).toEqual([])
    expect(slotGridOn(availabilityFromConfig(loadConfig({ SCHEDULE_HOLIDAYS: 'NZ-WGN' })), monday)).toHaveLength(32)
  })

  it('refuse an unknown code, naming the setting', () => {
    expect(() => loadConfig({ SCHEDULE_HOLIDAYS: 'XX' })).toThrow(ConfigError)
    expect(() => loadConfig({ SCHEDULE_HOLIDAYS: 'NZ-XYZ' })).toThrow(/SCHEDULE_HOLIDAYS/)
    expect(loadConfig({ SCHEDULE_HOLIDAYS: 'au-nsw' }).SCHEDULE_HOLIDAYS).toBe('AU-NSW')
  })
})

describe('buffers and the daily cap', () => {
  const tuesday = ['2026-11-23T11:00:00.000Z', '2026-11-24T11:00:00.000Z'] as const

  it('keep SCHEDULE_BUFFER_BEFORE_MINUTES before and SCHEDULE_BUFFER_AFTER_MINUTES after each call free', async () => {
    const { url } = await serverWith({ SCHEDULE_BUFFER_BEFORE_MINUTES: '30', SCHEDULE_BUFFER_AFTER_MINUTES: '15' })()
    expect((await postBooking(url, bookingBody('2026-11-24T11:00'))).status).toBe(200)
    const times = (await slotTimes(url, ...tuesday)).map((t) => t.slice(11))
    // The call is 11:00–11:15, widened to 10:30–11:30: slots 10:15 to 11:15 overlap it.
    expect(times).toContain('10:15')
    for (const gone of ['10:30', '10:45', '11:00', '11:15']) expect(times).not.toContain(gone)
    expect(times).toContain('11:30')
    // Booking inside the buffer is refused as a taken slot.
    expect((await postBooking(url, bookingBody('2026-11-24T11:15'))).status).toBe(409)
    expect((await postBooking(url, bookingBody('2026-11-24T11:30'))).status).toBe(200)
  })

  it('stop offering a day once it holds SCHEDULE_MAX_CALLS_PER_DAY calls', async () => {
    const { url } = await serverWith({ SCHEDULE_MAX_CALLS_PER_DAY: '2' })()
    const wednesday = ['2026-11-24T11:00:00.000Z', '2026-11-25T11:00:00.000Z'] as const
    expect((await postBooking(url, bookingBody('2026-11-25T09:00'))).status).toBe(200)
    expect(await slotTimes(url, ...wednesday)).not.toEqual([])
    expect((await postBooking(url, bookingBody('2026-11-25T15:00'))).status).toBe(200)
    expect(await slotTimes(url, ...wednesday)).toEqual([])
    expect((await postBooking(url, bookingBody('2026-11-25T12:00'))).status).toBe(409)
    // Thursday is untouched.
    expect(await slotTimes(url, '2026-11-25T11:00:00.000Z', '2026-11-26T11:00:00.000Z')).toHaveLength(32)
  })

  it('refuse bad values, naming the setting', () => {
    expect(() => loadConfig({ SCHEDULE_BUFFER_BEFORE_MINUTES: '-5' })).toThrow(/SCHEDULE_BUFFER_BEFORE_MINUTES/)
    expect(() => loadConfig({ SCHEDULE_MAX_CALLS_PER_DAY: '0' })).toThrow(/SCHEDULE_MAX_CALLS_PER_DAY/)
    expect(loadConfig({}).SCHEDULE_MAX_CALLS_PER_DAY).toBeUndefined()
  })
})

describe('slots against busy times (property)', () => {
  const availability = availabilityFromConfig(
    loadConfig({ SCHEDULE_DAYS: 'mon-sun', SCHEDULE_START: '00:00', SCHEDULE_END: '24:00', SCHEDULE_HOLIDAYS: '', SCHEDULE_MIN_NOTICE_MINUTES: '0' }),
  )
  const now = Temporal.Instant.from('2026-09-25T00:00:00Z')
  const from = now
  const to = now.add({ hours: 72 })
  const base = now.epochMilliseconds
  const minutes = (n: number) => n * 60_000
  const interval = fc
    .tuple(fc.integer({ min: -120, max: 72 * 60 }), fc.integer({ min: 1, max: 300 }))
    .map(([start, length]): Interval => ({ start: base + minutes(start), end: base + minutes(start + length) }))

  it('offers exactly the grid slots that overlap no busy interval widened by the buffers', () => {
    const grid = freeSlots(availability, now, from, to, new Set()).map((s) => s.epochMilliseconds)
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 40 }), fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 90 }), (raw, before, after) => {
        const busy = BusyTimes.of(raw).widened(minutes(before), minutes(after))
        const offered = new Set(freeSlots(availability, now, from, to, new Set(), { busy: [busy], fullDays: new Set() }).map((s) => s.epochMilliseconds))
        for (const start of grid) {
          const end = start + minutes(15)
          const overlapsOne = raw.some((i) => i.start - minutes(before) < end && i.end + minutes(after) > start)
          expect(offered.has(start)).toBe(!overlapsOne)
        }
      }),
      { numRuns: 200 },
    )
  })
})
