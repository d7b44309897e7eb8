import { describe, expect, it } from 'vitest'
import {
  firstFreeDay,
  firstFreeDayFrom,
  isBefore,
  LOOKAHEAD_DAYS,
  lookaheadWindow,
  mergeDaySlots,
  rowDays,
  shiftDay,
  slotWindow,
  todayAt,
} from '../../../core/slotWindow'

describe('slotWindow: start of day − 3 days to end of day + 7 days, in the visitor zone', () => {
  it.each([
    ['Pacific/Auckland', '2026-11-23', '2026-11-19T11:00:00Z', '2026-11-30T10:59:59.999Z'],
    ['America/Los_Angeles', '2026-11-23', '2026-11-20T08:00:00Z', '2026-12-01T07:59:59.999Z'],
    ['UTC', '2026-11-23', '2026-11-20T00:00:00Z', '2026-11-30T23:59:59.999Z'],
    ['Asia/Kolkata', '2026-11-23', '2026-11-19T18:30:00Z', '2026-11-30T18:29:59.999Z'],
    // Auckland leaves daylight time on Sunday 5 April 2026: the window starts at +13 and ends at +12.
    ['Pacific/Auckland', '2026-04-05', '2026-04-01T11:00:00Z', '2026-04-12T11:59:59.999Z'],
    // ... and enters it on Sunday 27 September 2026: starts at +12, ends at +13.
    ['Pacific/Auckland', '2026-09-27', '2026-09-23T12:00:00Z', '2026-10-04T10:59:59.999Z'],
    // Los Angeles: daylight time from 8 March 2026 to 1 November 2026.
    ['America/Los_Angeles', '2026-03-08', '2026-03-05T08:00:00Z', '2026-03-16T06:59:59.999Z'],
    ['America/Los_Angeles', '2026-11-01', '2026-10-29T07:00:00Z', '2026-11-09T07:59:59.999Z'],
  ])('%s, %s', (zone, day, startTime, endTime) => {
    expect(slotWindow(day, zone)).toEqual({ startTime, endTime })
  })
})

describe('mergeDaySlots: day before, day and day after; the local day only; sorted; unique', () => {
  it('Pacific/Auckland: keeps a slot filed under the day before when its local date is the day', () => {
    const slots = {
      '2026-11-22': [{ time: '2026-11-22T20:45:00.000Z' }, { time: '2026-11-22T10:00:00.000Z' }],
      '2026-11-23': [
        { time: '2026-11-22T21:15:00.000Z' },
        { time: '2026-11-22T21:00:00.000Z' },
        { time: '2026-11-22T21:00:00Z' },
      ],
      '2026-11-24': [{ time: '2026-11-23T10:45:00.000Z' }, { time: '2026-11-23T11:00:00.000Z' }],
      '2026-11-25': [{ time: '2026-11-22T22:00:00.000Z' }],
    }
    expect(mergeDaySlots(slots, '2026-11-23', 'Pacific/Auckland')).toEqual([
      '2026-11-22T20:45:00Z',
      '2026-11-22T21:00:00Z',
      '2026-11-22T21:15:00Z',
      '2026-11-23T10:45:00Z',
    ])
  })

  it('America/Los_Angeles: the same instants land on the local day', () => {
    const slots = {
      '2026-11-22': [{ time: '2026-11-23T07:45:00Z' }],
      '2026-11-23': [{ time: '2026-11-23T17:00:00Z' }, { time: '2026-11-23T08:00:00Z' }],
      '2026-11-24': [{ time: '2026-11-24T07:59:00Z' }, { time: '2026-11-24T08:00:00Z' }],
    }
    expect(mergeDaySlots(slots, '2026-11-23', 'America/Los_Angeles')).toEqual([
      '2026-11-23T08:00:00Z',
      '2026-11-23T17:00:00Z',
      '2026-11-24T07:59:00Z',
    ])
  })

  it('UTC: the local day is the UTC day', () => {
    const slots = {
      '2026-11-22': [{ time: '2026-11-22T23:45:00Z' }],
      '2026-11-23': [{ time: '2026-11-23T09:00:00Z' }, { time: '2026-11-23T00:00:00Z' }],
      '2026-11-24': [{ time: '2026-11-24T00:00:00Z' }],
    }
    expect(mergeDaySlots(slots, '2026-11-23', 'UTC')).toEqual(['2026-11-23T00:00:00Z', '2026-11-23T09:00:00Z'])
  })

  it('Asia/Kolkata: a half-hour offset moves the day boundary to 18:30 UTC', () => {
    const slots = {
      '2026-11-22': [{ time: '2026-11-22T18:29:00Z' }, { time: '2026-11-22T18:30:00Z' }],
      '2026-11-23': [{ time: '2026-11-23T04:30:00Z' }],
      '2026-11-24': [{ time: '2026-11-23T18:29:00Z' }, { time: '2026-11-23T18:30:00Z' }],
    }
    expect(mergeDaySlots(slots, '2026-11-23', 'Asia/Kolkata')).toEqual([
      '2026-11-22T18:30:00Z',
      '2026-11-23T04:30:00Z',
      '2026-11-23T18:29:00Z',
    ])
  })

  it('Pacific/Auckland, 5 April 2026 (25 hours): both ends of the long day, not the next midnight', () => {
    const slots = {
      '2026-04-05': [
        { time: '2026-04-04T11:30:00Z' }, // 00:30 +13:00
        { time: '2026-04-04T13:30:00Z' }, // 02:30 +13:00, first pass
        { time: '2026-04-04T14:30:00Z' }, // 02:30 +12:00, second pass
        { time: '2026-04-05T11:45:00Z' }, // 23:45 +12:00
      ],
      '2026-04-06': [{ time: '2026-04-05T12:00:00Z' }], // 00:00 on the 6th
    }
    expect(mergeDaySlots(slots, '2026-04-05', 'Pacific/Auckland')).toEqual([
      '2026-04-04T11:30:00Z',
      '2026-04-04T13:30:00Z',
      '2026-04-04T14:30:00Z',
      '2026-04-05T11:45:00Z',
    ])
  })

  it('Pacific/Auckland, 27 September 2026 (23 hours): the day ends at 11:00 UTC', () => {
    const slots = {
      '2026-09-26': [{ time: '2026-09-26T11:59:00Z' }, { time: '2026-09-26T12:00:00Z' }],
      '2026-09-27': [{ time: '2026-09-27T10:45:00Z' }, { time: '2026-09-27T11:00:00Z' }],
    }
    expect(mergeDaySlots(slots, '2026-09-27', 'Pacific/Auckland')).toEqual([
      '2026-09-26T12:00:00Z',
      '2026-09-27T10:45:00Z',
    ])
  })

  it('America/Los_Angeles, 8 March and 1 November 2026', () => {
    expect(
      mergeDaySlots(
        { '2026-03-08': [{ time: '2026-03-09T06:59:00Z' }, { time: '2026-03-08T08:00:00Z' }, { time: '2026-03-09T07:00:00Z' }] },
        '2026-03-08',
        'America/Los_Angeles',
      ),
    ).toEqual(['2026-03-08T08:00:00Z', '2026-03-09T06:59:00Z'])
    expect(
      mergeDaySlots(
        { '2026-11-01': [{ time: '2026-11-02T07:59:00Z' }, { time: '2026-11-01T07:00:00Z' }, { time: '2026-11-02T08:00:00Z' }] },
        '2026-11-01',
        'America/Los_Angeles',
      ),
    ).toEqual(['2026-11-01T07:00:00Z', '2026-11-02T07:59:00Z'])
  })

  it('an absent day gives no slots', () => {
    expect(mergeDaySlots({}, '2026-11-23', 'UTC')).toEqual([])
  })
})

describe('day helpers', () => {
  it('today depends on the zone', () => {
    expect(todayAt('2026-11-20T11:30:00Z', 'Pacific/Auckland')).toBe('2026-11-21')
    expect(todayAt('2026-11-20T11:30:00Z', 'America/Los_Angeles')).toBe('2026-11-20')
    expect(todayAt('2026-11-20T18:30:00Z', 'Asia/Kolkata')).toBe('2026-11-21')
  })

  it('moves across month and year ends', () => {
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28')
    expect(isBefore('2026-11-19', '2026-11-20')).toBe(true)
    expect(isBefore('2026-11-20', '2026-11-20')).toBe(false)
  })
})

describe('the day row and the look-ahead', () => {
  it('the row is seven days from three before the window day, never before today, all inside the window', () => {
    expect(rowDays('2026-11-20', '2026-11-20')).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'])
    expect(rowDays('2026-11-22', '2026-11-20')[0]).toBe('2026-11-20')
    expect(rowDays('2026-11-27', '2026-11-20')).toEqual(['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'])
  })

  it('firstFreeDay: the first of the days with a slot in the zone', () => {
    const slots = { '2026-11-23': [{ time: '2026-11-22T21:00:00Z' }] }
    expect(firstFreeDay(slots, rowDays('2026-11-21', '2026-11-21'), 'Pacific/Auckland')).toBe('2026-11-23')
    // The same instant is Sunday evening in New York.
    expect(firstFreeDay(slots, rowDays('2026-11-21', '2026-11-21'), 'America/New_York')).toBe('2026-11-22')
    expect(firstFreeDay({}, ['2026-11-21'], 'UTC')).toBeNull()
  })

  it('firstFreeDayFrom: the earliest local date on or after the start', () => {
    const slots = { '2026-12-02': [{ time: '2026-12-01T21:00:00Z' }], '2026-12-09': [{ time: '2026-12-08T21:00:00Z' }] }
    expect(firstFreeDayFrom(slots, '2026-11-27', 'Pacific/Auckland')).toBe('2026-12-02')
    expect(firstFreeDayFrom(slots, '2026-12-03', 'Pacific/Auckland')).toBe('2026-12-09')
    expect(firstFreeDayFrom(slots, '2026-12-10', 'Pacific/Auckland')).toBeNull()
  })

  it('the look-ahead asks for the LOOKAHEAD_DAYS from the start of its day', () => {
    expect(lookaheadWindow('2026-11-27', 'Pacific/Auckland')).toEqual({ startTime: '2026-11-26T11:00:00Z', endTime: '2027-01-21T10:59:59.999Z' })
    expect(LOOKAHEAD_DAYS).toBeLessThanOrEqual(62)
  })
})
