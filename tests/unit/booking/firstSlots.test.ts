import { Temporal } from 'temporal-polyfill'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { slotWindow, todayAt } from '../../../core/slotWindow'
import { firstSlotsUrl, prefetchFirstSlots } from '../../../src/boot/firstSlots'
import { fetchSlots, slotsUrl } from '../../../src/lib/api/calendarApi'
import { firstSlotsWindow } from '../../../src/boot/firstSlotsWindow'
import { expectSlots, takePrefetchedSlots } from '../../../src/lib/api/slotsPrefetch'

const settings = { host: 'kiwi-automate', eventTypeId: 7, eventTypeSlug: 'quick-chat', apiBase: 'https://cal.example', locations: ['video'] as const, phoneCountry: 'NZ', phoneCountries: [] }

// Zones with daylight saving on both hemispheres, half and quarter hours, the date line, and no DST.
const ZONES = ['Pacific/Auckland', 'Pacific/Chatham', 'America/New_York', 'America/Sao_Paulo', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/St_Johns', 'UTC']
// Around the changes of 2026 and 2027 in those zones, and ordinary days.
const NOWS = ['2026-03-08T06:59:00Z', '2026-03-08T07:01:00Z', '2026-03-29T00:30:00Z', '2026-04-04T13:30:00Z', '2026-04-05T14:10:00Z', '2026-09-26T14:00:00Z', '2026-09-27T13:59:59Z', '2026-10-25T00:30:00Z', '2026-11-01T05:30:00Z', '2026-11-25T22:13:00Z', '2026-12-31T23:59:59.999Z', '2027-01-01T10:00:00Z', '2027-02-28T23:00:00Z']

describe('the picker\'s first slots, without Temporal (the idle prefetch)', () => {
  it('asks for the window the slots machine asks for first, to the character, in every zone and around daylight-saving changes', () => {
    for (const zone of ZONES) {
      for (const now of NOWS) {
        const day = todayAt(now, zone)
        // A day after today too: some of them start or end on a change.
        for (const offset of [0, 1, 2, 3, 4, 5, 6, 7, 8]) {
          const at = Temporal.Instant.from(now).add({ hours: 24 * offset })
          const today = todayAt(at.toString(), zone)
          expect(firstSlotsWindow(at.epochMilliseconds, zone), `${zone} at ${at}`).toEqual(slotWindow(today, zone))
        }
        expect(firstSlotsUrl(Date.parse(now), zone, settings)).toBe(slotsUrl({ day, timeZone: zone }, settings))
      }
    }
  })

  it('gives up on a day whose midnight the zone skips, rather than ask for another window', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 6 September 2026: that day starts at 01:00.
    expect(Temporal.PlainDate.from('2026-09-06').toZonedDateTime({ timeZone: 'America/Santiago' }).hour).toBe(1)
    // Today the 9th: the window starts on the 6th.
    expect(firstSlotsWindow(Date.parse('2026-09-09T15:00:00Z'), 'America/Santiago')).toBeNull()
    expect(firstSlotsWindow(Date.parse('2026-09-10T15:00:00Z'), 'America/Santiago')).toEqual(slotWindow('2026-09-10', 'America/Santiago'))
  })
})

describe('the idle prefetch and the picker', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('makes one request, whose answer the picker shows without asking again', async () => {
    const answer = { result: { data: { json: { slots: { '2026-11-26': [{ time: '2026-11-25T21:00:00.000Z' }] } } } } }
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer)))
    vi.stubGlobal('fetch', fetch)
    vi.useFakeTimers({ now: Date.parse('2026-11-25T22:13:00Z'), toFake: ['Date'] })
    vi.stubGlobal('window', { localStorage: { getItem: (key: string) => (key === 'kiwi.timeZone' ? 'Pacific/Auckland' : null) } })
    prefetchFirstSlots()
    prefetchFirstSlots()
    // The slots machine's first query: today in the visitor's zone, worked out with Temporal.
    const day = todayAt(Temporal.Now.instant().toString(), 'Pacific/Auckland')
    await expect(fetchSlots({ day, timeZone: 'Pacific/Auckland' })).resolves.toEqual(answer.result.data.json.slots)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('leaves the first sign of intent alone while the worker\'s prefetch waits for the picker, and asks once it is taken', async () => {
    const fetch = vi.fn(async () => new Response('{}'))
    vi.stubGlobal('fetch', fetch)
    vi.useFakeTimers({ now: Date.parse('2026-11-25T22:13:00Z'), toFake: ['Date'] })
    vi.stubGlobal('window', { localStorage: { getItem: () => null } })
    const workerUrl = 'https://cal.example/asked-by-the-worker'
    const worker = expectSlots(workerUrl)!
    prefetchFirstSlots()
    expect(fetch).not.toHaveBeenCalled()
    worker.answer({})
    await takePrefetchedSlots(workerUrl)
    prefetchFirstSlots()
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
