import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { availabilityFromConfig, slotGridOn, type Availability } from '../../server/scheduler/availability'
import { freeSlots, groupSlotsByDate, outOfBoundsReason, toIsoUtc } from '../../server/scheduler/slots'

const availability = (env: Record<string, string> = {}): Availability => availabilityFromConfig(loadConfig(env))
const allDay = (zone: string) =>
  availability({ SCHEDULE_TIME_ZONE: zone, SCHEDULE_DAYS: 'mon-sun', SCHEDULE_START: '00:00', SCHEDULE_END: '24:00' })
const wall = (instants: readonly Temporal.Instant[], zone: string) =>
  instants.map((i) => i.toZonedDateTimeISO(zone).toPlainTime().toString().slice(0, 5))

describe('the slot grid', () => {
  it.each(['Pacific/Auckland', 'America/Los_Angeles', 'UTC', 'Asia/Kolkata'])(
    'is 09:00 to 16:45 every 15 minutes on a weekday in %s',
    (zone) => {
      const grid = slotGridOn(availability({ SCHEDULE_TIME_ZONE: zone }), Temporal.PlainDate.from('2026-11-24'))
      expect(grid).toHaveLength(32)
      expect(wall(grid, zone)[0]).toBe('09:00')
      expect(wall(grid, zone).at(-1)).toBe('16:45')
      expect(grid[0]?.toZonedDateTimeISO(zone).toPlainDate().toString()).toBe('2026-11-24')
    },
  )

  it('is empty at the weekend', () => {
    expect(slotGridOn(availability(), Temporal.PlainDate.from('2026-11-28'))).toEqual([])
    expect(slotGridOn(availability(), Temporal.PlainDate.from('2026-11-29'))).toEqual([])
  })

  it('follows SCHEDULE_SLOT_MINUTES', () => {
    expect(
      wall(slotGridOn(availability({ SCHEDULE_SLOT_MINUTES: '30' }), Temporal.PlainDate.from('2026-11-24')), 'Pacific/Auckland'),
    ).toEqual(['09', '10', '11', '12', '13', '14', '15', '16'].flatMap((h) => [`${h}:00`, `${h}:30`]))
  })

  it('skips the wall times a spring-forward day does not have (Auckland, 27 September 2026)', () => {
    const grid = slotGridOn(allDay('Pacific/Auckland'), Temporal.PlainDate.from('2026-09-27'))
    expect(grid).toHaveLength(92)
    expect(wall(grid, 'Pacific/Auckland').filter((t) => t.startsWith('02:'))).toEqual([])
    expect(new Set(grid.map((i) => i.epochMilliseconds)).size).toBe(92)
  })

  it('gives a repeated fall-back hour once (Auckland, 5 April 2026)', () => {
    const grid = slotGridOn(allDay('Pacific/Auckland'), Temporal.PlainDate.from('2026-04-05'))
    expect(grid).toHaveLength(96)
    expect(new Set(grid.map((i) => i.epochMilliseconds)).size).toBe(96)
    // Consecutive slots are 15 minutes apart except across the repeated hour.
    const gaps = grid.slice(1).map((i, n) => i.since(grid[n] as Temporal.Instant).total('minutes'))
    expect(gaps.filter((g) => g !== 15)).toEqual([75])
  })

  it('handles the Los Angeles spring-forward (8 March 2026)', () => {
    expect(slotGridOn(allDay('America/Los_Angeles'), Temporal.PlainDate.from('2026-03-08'))).toHaveLength(92)
  })
})

describe('free slots', () => {
  const now = Temporal.Instant.from('2026-11-23T08:30:00+13:00')
  const from = Temporal.Instant.from('2026-11-22T00:00:00+13:00')
  const to = Temporal.Instant.from('2026-11-25T00:00:00+13:00')

  it('leave out the minimum notice and taken slots', () => {
    const taken = new Set([Temporal.Instant.from('2026-11-24T09:15:00+13:00').epochMilliseconds])
    const slots = freeSlots(availability(), now, from, to, taken)
    const times = slots.map((s) => s.toZonedDateTimeISO('Pacific/Auckland').toPlainDateTime().toString().slice(0, 16))
    expect(times[0]).toBe('2026-11-23T10:30')
    expect(times).toContain('2026-11-24T09:00')
    expect(times).not.toContain('2026-11-24T09:15')
    expect(times).toHaveLength(26 + 31)
  })

  it('respect SCHEDULE_MIN_NOTICE_MINUTES and SCHEDULE_DAYS_AHEAD', () => {
    const slots = freeSlots(
      availability({ SCHEDULE_MIN_NOTICE_MINUTES: '0', SCHEDULE_DAYS_AHEAD: '1' }),
      now,
      from,
      to,
      new Set(),
    )
    const times = slots.map((s) => s.toZonedDateTimeISO('Pacific/Auckland').toPlainDateTime().toString().slice(0, 16))
    expect(times[0]).toBe('2026-11-23T09:00')
    expect(times.at(-1)).toBe('2026-11-23T16:45')
  })

  it('are keyed by date in the requested zone, as UTC instants with milliseconds', () => {
    const slot = Temporal.Instant.from('2026-11-23T10:30:00+13:00')
    expect(groupSlotsByDate([slot], 'Pacific/Auckland')).toEqual({ '2026-11-23': [{ time: '2026-11-22T21:30:00.000Z' }] })
    expect(Object.keys(groupSlotsByDate([slot], 'America/Los_Angeles'))).toEqual(['2026-11-22'])
    expect(Object.keys(groupSlotsByDate([slot], 'UTC'))).toEqual(['2026-11-22'])
    expect(Object.keys(groupSlotsByDate([slot], 'Asia/Kolkata'))).toEqual(['2026-11-23'])
    expect(toIsoUtc(slot)).toBe('2026-11-22T21:30:00.000Z')
  })
})

describe('a booking start', () => {
  const now = Temporal.Instant.from('2026-11-23T08:30:00+13:00')
  const reason = (start: string) => outOfBoundsReason(availability(), now, Temporal.Instant.from(start))
  it.each([
    ['2026-11-23T10:30:00+13:00', undefined],
    ['2026-11-22T21:30:00Z', undefined],
    ['2026-11-20T10:00:00+13:00', 'in the past'],
    ['2026-11-23T10:15:00+13:00', 'inside the minimum notice'],
    ['2027-01-22T09:00:00+13:00', 'beyond the booking window'],
    ['2026-11-24T10:07:00+13:00', 'not a slot boundary inside availability'],
    ['2026-11-24T10:00:30+13:00', 'not a slot boundary inside availability'],
    ['2026-11-24T17:00:00+13:00', 'not a slot boundary inside availability'],
    ['2026-11-28T10:00:00+13:00', 'not a slot boundary inside availability'],
  ])('%s is %s', (start, expected) => {
    expect(reason(start)).toBe(expected)
  })
})
