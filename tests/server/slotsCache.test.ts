import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { localFeed } from '../../server/db/changeFeed'
import type { Availability } from '../../server/scheduler/availability'
import { freeSlots } from '../../server/scheduler/slots'
import { createSlotsCache, timeBucket } from '../../server/scheduler/slotsCache'

const at = (text: string) => Temporal.Instant.from(text)

describe('timeBucket', () => {
  it('puts every instant strictly inside one minute together, and an exact minute alone', () => {
    expect(timeBucket(at('2026-11-23T10:00:00.001Z'))).toBe(timeBucket(at('2026-11-23T10:00:59.999999999Z')))
    expect(timeBucket(at('2026-11-23T10:00:00Z'))).not.toBe(timeBucket(at('2026-11-23T10:00:00.000000001Z')))
    expect(timeBucket(at('2026-11-23T10:00:59.999Z'))).not.toBe(timeBucket(at('2026-11-23T10:01:00.001Z')))
    expect(timeBucket(at('1969-12-31T23:59:30Z'))).toBe(timeBucket(at('1969-12-31T23:59:01Z')))
  })

  // The claim the cache rests on: within one bucket, the free slots do not depend on the time.
  it('holds: the free slots are the same for every instant of one bucket (any zone, notice, window, hours)', () => {
    const zones = ['Pacific/Auckland', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']
    const availability = fc.record({
      timeZone: fc.constantFrom(...zones),
      days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      startMinute: fc.integer({ min: 0, max: 16 }).map((h) => h * 60),
      endMinute: fc.integer({ min: 17, max: 24 }).map((h) => h * 60),
      slotMinutes: fc.constantFrom(5, 15, 30, 60),
      minNoticeMinutes: fc.integer({ min: 0, max: 2 * 24 * 60 }),
      daysAhead: fc.integer({ min: 1, max: 30 }),
      isHoliday: fc.constant(() => false),
    }) satisfies fc.Arbitrary<Availability>
    // Around 2026's daylight-saving changes too (New York 1 Nov, Auckland 5 Apr and 27 Sep).
    const minute = fc.integer({ min: Date.parse('2026-03-25T00:00:00Z') / 60_000, max: Date.parse('2026-11-30T00:00:00Z') / 60_000 })
    // Offsets from a whole minute over two minutes, exact whole minutes included.
    const offset = fc.oneof(fc.constantFrom(0n, 60_000_000_000n), fc.bigInt({ min: 0n, max: 120_000_000_000n }))
    fc.assert(
      fc.property(availability, minute, offset, offset, (avail, m, a, b) => {
        const base = BigInt(m) * 60_000_000_000n
        const first = Temporal.Instant.fromEpochNanoseconds(base + a)
        const second = Temporal.Instant.fromEpochNanoseconds(base + b)
        fc.pre(timeBucket(first) === timeBucket(second))
        const from = Temporal.Instant.fromEpochNanoseconds(base).subtract({ hours: 24 })
        const to = from.add({ hours: 24 * (avail.daysAhead + 3) })
        const slots = (now: Temporal.Instant) => freeSlots(avail, now, from, to, new Set()).map(String)
        expect(slots(second)).toEqual(slots(first))
      }),
      { numRuns: 200 },
    )
  })
})

describe('createSlotsCache', () => {
  const now = at('2026-11-23T10:00:30Z')
  const counting = (answers: string[] = ['a', 'b', 'c', 'd']) => {
    let calls = 0
    return {
      compute: async () => answers[calls++] ?? 'z',
      calls: () => calls,
    }
  }

  it('computes once for one key in one bucket, and again for another key or bucket', async () => {
    const cache = createSlotsCache<string>(localFeed())
    const work = counting()
    expect(await cache.get('k', now, work.compute)).toBe('a')
    expect(await cache.get('k', now.add({ seconds: 20 }), work.compute)).toBe('a')
    expect(await cache.get('other', now, work.compute)).toBe('b')
    expect(await cache.get('k', now.add({ seconds: 40 }), work.compute)).toBe('c')
    expect(work.calls()).toBe(3)
  })

  it('shares one computation between concurrent requests', async () => {
    const cache = createSlotsCache<string>(localFeed())
    const work = counting()
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', now, work.compute)))
    expect(answers).toEqual(['a', 'a', 'a'])
    expect(work.calls()).toBe(1)
  })

  it('drops every answer on a change, even one still being computed when the change came', async () => {
    const feed = localFeed()
    const cache = createSlotsCache(feed)
    let release!: (answer: string) => void
    const slow = cache.get('k', now, () => new Promise<string>((resolve) => (release = resolve)))
    feed.changed()
    release('before the change')
    expect(await slow).toBe('before the change')
    expect(await cache.get('k', now, async () => 'after the change')).toBe('after the change')
  })

  it('caches nothing while the feed is not live, and keeps no failure', async () => {
    let live = false
    const cache = createSlotsCache<string>(localFeed(() => live))
    const work = counting()
    await cache.get('k', now, work.compute)
    await cache.get('k', now, work.compute)
    expect(work.calls()).toBe(2)
    live = true
    await expect(cache.get('k', now, () => Promise.reject(new Error('database away')))).rejects.toThrow('database away')
    expect(await cache.get('k', now, work.compute)).toBe('c')
  })

  it('keeps at most its limit of answers, forgetting the oldest', async () => {
    const cache = createSlotsCache<string>(localFeed(), 2)
    const work = counting()
    await cache.get('one', now, work.compute)
    await cache.get('two', now, work.compute)
    await cache.get('three', now, work.compute)
    expect(await cache.get('two', now, work.compute)).toBe('b')
    expect(await cache.get('one', now, work.compute)).toBe('d')
  })
})
