import { describe, expect, it } from 'vitest'
import { BookingRejected } from '../../../core/bookingErrors'
import { DESK_TEXTS, type DeskCall, type DeskView } from '../../../core/deskWire'
import { callPhase, callsByDay, joinProminent, nextCallMoment, timeOffProblem } from '../../../machines/deskCalls'
import { deskErrorText, isSignedOut } from '../../../core/deskErrors'

const call = (uid: string, startTime: string, minutes = 15): DeskCall => ({
  uid,
  startTime,
  endTime: new Date(Date.parse(startTime) + minutes * 60_000).toISOString(),
  name: 'Aroha Ngata',
  email: 'aroha@example.com',
  timeZone: 'Pacific/Auckland',
  notes: null,
  joinUrl: 'https://meet.jit.si/0123456789abcdef01234567',
  phone: null,
  cameFrom: null,
  bookedBy: 'form',
  brief: null,
  noShow: false,
  inTimeOff: false,
})

describe('callsByDay', () => {
  // New Zealand daylight time ends on Sunday 5 April 2026 at 3:00 (+13:00 → +12:00).
  const calls = [
    call('sat-late', '2026-04-04T10:30:00Z'), // Saturday 23:30 NZDT
    call('sun-early', '2026-04-04T11:30:00Z'), // Sunday 00:30 NZDT
    call('sun-late', '2026-04-05T11:30:00Z'), // Sunday 23:30 NZST
    call('mon-early', '2026-04-05T12:30:00Z'), // Monday 00:30 NZST
  ]

  it('groups by the day in the host zone across the end of daylight time', () => {
    expect(callsByDay(calls, 'Pacific/Auckland').map(({ day, calls }) => [day, calls.map((c) => c.uid)])).toEqual([
      ['2026-04-04', ['sat-late']],
      ['2026-04-05', ['sun-early', 'sun-late']],
      ['2026-04-06', ['mon-early']],
    ])
  })

  it('groups the same calls by other days in another zone', () => {
    expect(callsByDay(calls, 'UTC').map(({ day, calls }) => [day, calls.length])).toEqual([
      ['2026-04-04', 2],
      ['2026-04-05', 2],
    ])
  })

  it('keeps the order the server gave (time off first) within a day', () => {
    const late = call('late', '2026-04-06T02:00:00Z')
    const early = { ...call('early', '2026-04-05T22:00:00Z'), inTimeOff: true }
    expect(callsByDay([early, late], 'Pacific/Auckland')[0]!.calls.map((c) => c.uid)).toEqual(['early', 'late'])
    expect(callsByDay([late, early], 'Pacific/Auckland')[0]!.calls.map((c) => c.uid)).toEqual(['late', 'early'])
  })

  it('gives no day for no call', () => {
    expect(callsByDay([], 'Pacific/Auckland')).toEqual([])
  })
})

describe('the join window', () => {
  const c = call('c', '2026-03-03T21:00:00.000Z')
  const start = Date.parse('2026-03-03T21:00:00.000Z')
  const end = start + 15 * 60_000

  it('is prominent from ten minutes before the start until the end', () => {
    expect(joinProminent(c, start - 600_001)).toBe(false)
    expect(joinProminent(c, start - 600_000)).toBe(true)
    expect(joinProminent(c, start)).toBe(true)
    expect(joinProminent(c, end - 1)).toBe(true)
    expect(joinProminent(c, end)).toBe(false)
  })

  it('names each phase', () => {
    expect([start - 600_001, start - 1, start, end].map((now) => callPhase(c, now))).toEqual(['before', 'joinSoon', 'started', 'over'])
  })

  it('finds the next moment a listed call changes phase', () => {
    const view: DeskView = { email: 'h@example.com', timeZone: 'UTC', upcoming: [c], past: [], timeOff: [] }
    expect(nextCallMoment(view, start - 3_600_000)).toBe(start - 600_000)
    expect(nextCallMoment(view, start - 600_000)).toBe(start)
    expect(nextCallMoment(view, start)).toBe(end)
    expect(nextCallMoment(view, end)).toBeNull()
    expect(nextCallMoment({ ...view, upcoming: [] }, start)).toBeNull()
  })
})

describe('timeOffProblem', () => {
  // Tuesday 3 March 2026, 9:00 in Auckland; still Monday 2 March in UTC.
  const now = Date.parse('2026-03-02T20:00:00Z')
  const form = (from: string, to: string, label = '') => ({ from, to, label })

  it('takes today onwards, one day or many, with a plain label', () => {
    expect(timeOffProblem(form('2026-03-03', '2026-03-03'), now, 'Pacific/Auckland')).toBeNull()
    expect(timeOffProblem(form('2026-03-01', '2026-03-03', ' Holiday '), now, 'Pacific/Auckland')).toBeNull()
    expect(timeOffProblem(form('2026-03-03', '2027-03-03'), now, 'Pacific/Auckland')).toBeNull()
  })

  it('asks for both days in order', () => {
    expect(timeOffProblem(form('', '2026-03-04'), now, 'Pacific/Auckland')).toBe(DESK_TEXTS.timeOffOrder)
    expect(timeOffProblem(form('2026-03-05', '2026-03-04'), now, 'Pacific/Auckland')).toBe(DESK_TEXTS.timeOffOrder)
    expect(timeOffProblem(form('2026-02-30', '2026-03-04'), now, 'Pacific/Auckland')).toBe(DESK_TEXTS.timeOffOrder)
  })

  it('refuses time off over before today in the host zone', () => {
    expect(timeOffProblem(form('2026-03-01', '2026-03-02'), now, 'Pacific/Auckland')).toBe(DESK_TEXTS.timeOffPast)
    // The same days are today's in London, still on 2 March.
    expect(timeOffProblem(form('2026-03-01', '2026-03-02'), now, 'Europe/London')).toBeNull()
  })

  it('spans at most TIME_OFF_MAX_DAYS days, both ends included', () => {
    expect(timeOffProblem(form('2026-03-03', '2027-03-04'), now, 'Pacific/Auckland')).toBe(DESK_TEXTS.timeOffTooLong)
  })

  it('refuses a label too long or with control characters', () => {
    expect(timeOffProblem(form('2026-03-03', '2026-03-03', 'x'.repeat(101)), now, 'Pacific/Auckland')).toBe(DESK_TEXTS.timeOffLabelInvalid)
    expect(timeOffProblem(form('2026-03-03', '2026-03-03', 'Off\u0007'), now, 'Pacific/Auckland')).toBe(DESK_TEXTS.timeOffLabelInvalid)
    expect(timeOffProblem(form('2026-03-03', '2026-03-03', 'x'.repeat(100)), now, 'Pacific/Auckland')).toBeNull()
  })
})

describe('a failed desk request', () => {
  it('ends the session on a 401 only', () => {
    expect(isSignedOut(new BookingRejected(401, DESK_TEXTS.sessionEnded, 'signed_out'))).toBe(true)
    expect(isSignedOut(new BookingRejected(403, DESK_TEXTS.foreignOrigin))).toBe(false)
    expect(isSignedOut(new TypeError('Failed to fetch'))).toBe(false)
  })

  it("shows the server's sentence as it is, else the network's", () => {
    expect(deskErrorText(new BookingRejected(409, DESK_TEXTS.notStarted))).toBe(DESK_TEXTS.notStarted)
    expect(deskErrorText(new BookingRejected(500, undefined))).toBe(DESK_TEXTS.actionFailed)
    expect(deskErrorText(new TypeError('Failed to fetch'))).toBe(DESK_TEXTS.actionFailed)
  })
})
