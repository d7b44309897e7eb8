import { describe, expect, it } from 'vitest'
import { buildBookingPayload, buildReschedulePayload, wantsHour24 } from '../../../core/bookingPayload'
import { BookingRequestSchema } from '../../../core/bookingWire'
import { RescheduleRequestSchema } from '../../../core/manageWire'
import * as v from 'valibot'
import { bookingPayload } from '../../support/bookingPayload'

const identity = { host: 'kiwi-automate', eventTypeId: 7, eventTypeSlug: 'quick-chat' }

function payload(slot: string, timeZone: string) {
  return buildBookingPayload({ name: '  Aroha Ngata ', email: ' aroha@example.co.nz  ', slot, timeZone }, identity)
}

describe('booking payload (docs/design.md#wire)', () => {
  it('is exactly the Cal.com body, with trimmed values', () => {
    // 21:00 UTC on 22 November is the fixture's 10:00 on 23 November in Auckland.
    expect(payload('2026-11-22T21:00:00.000Z', 'Pacific/Auckland')).toStrictEqual(bookingPayload())
  })

  it('sends a note as responses.notes, its line breaks as \\n and trimmed, and leaves an empty one out', () => {
    const slot = '2026-11-22T21:00:00.000Z'
    const withNote = (notes: string) => buildBookingPayload({ name: 'Aroha Ngata', email: 'aroha@example.co.nz', notes, slot, timeZone: 'Pacific/Auckland' }, identity)
    expect(withNote('  Pricing?\r\nAnd a demo.\n ')).toStrictEqual(
      bookingPayload({ responses: { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [], notes: 'Pricing?\nAnd a demo.' } }),
    )
    expect(withNote(' \n ')).toStrictEqual(bookingPayload())
    expect(v.safeParse(BookingRequestSchema, withNote('Pricing?\nAnd a demo.')).success).toBe(true)
  })

  it('carries the emailed code as emailVerificationCode when there is one (docs/design.md#email-codes)', () => {
    const slot = '2026-11-22T21:00:00.000Z'
    const withCode = buildBookingPayload({ name: 'Aroha Ngata', email: 'aroha@example.co.nz', slot, timeZone: 'Pacific/Auckland', emailVerificationCode: '042917' }, identity)
    expect(withCode).toStrictEqual({ ...bookingPayload(), emailVerificationCode: '042917' })
    expect(v.safeParse(BookingRequestSchema, withCode).success).toBe(true)
    expect(v.safeParse(BookingRequestSchema, { ...withCode, emailVerificationCode: '42917' }).success).toBe(false)
    expect(buildBookingPayload({ name: 'Aroha Ngata', email: 'aroha@example.co.nz', slot, timeZone: 'Pacific/Auckland', emailVerificationCode: '' }, identity)).toStrictEqual(bookingPayload())
  })

  it("carries the visitor's clock in Cal.com's free-form metadata, and nothing when it is not known (docs/email.md#times)", () => {
    const slot = '2026-11-22T21:00:00.000Z'
    const withClock = (hour24?: boolean) =>
      buildBookingPayload({ name: 'Aroha Ngata', email: 'aroha@example.co.nz', slot, timeZone: 'Pacific/Auckland', ...(hour24 === undefined ? {} : { hour24 }) }, identity)
    expect(withClock(true)).toStrictEqual({ ...bookingPayload(), metadata: { timeFormat: '24' } })
    expect(withClock(false)).toStrictEqual({ ...bookingPayload(), metadata: { timeFormat: '12' } })
    expect(withClock()).toStrictEqual(bookingPayload())
    expect(v.safeParse(BookingRequestSchema, withClock(true)).success).toBe(true)
    expect(wantsHour24(withClock(true).metadata)).toBe(true)
    expect(wantsHour24(withClock(false).metadata)).toBe(false)
    expect(wantsHour24({})).toBe(false)
    expect(wantsHour24({ timeFormat: 24 })).toBe(false)
  })

  it('passes the shared wire schema', () => {
    expect(v.safeParse(BookingRequestSchema, payload('2026-11-22T21:00:00Z', 'Pacific/Auckland')).success).toBe(true)
  })

  it.each([
    ['America/Los_Angeles', '2026-11-23T17:00:00Z', '2026-11-23T09:00:00-08:00', '2026-11-23T09:15:00-08:00'],
    ['UTC', '2026-11-23T17:00:00Z', '2026-11-23T17:00:00+00:00', '2026-11-23T17:15:00+00:00'],
    ['Asia/Kolkata', '2026-11-23T04:30:00Z', '2026-11-23T10:00:00+05:30', '2026-11-23T10:15:00+05:30'],
    ['Pacific/Auckland', '2026-06-14T22:00:00Z', '2026-06-15T10:00:00+12:00', '2026-06-15T10:15:00+12:00'],
  ])('%s: local start and end with their offset', (zone, slot, start, end) => {
    const body = payload(slot, zone)
    expect([body.start, body.end, body.timeZone]).toEqual([start, end, zone])
  })

  it.each([
    // Auckland, 5 April 2026: 03:00 +13:00 becomes 02:00 +12:00.
    ['Pacific/Auckland', '2026-04-04T13:45:00Z', '2026-04-05T02:45:00+13:00', '2026-04-05T02:00:00+12:00'],
    // Auckland, 27 September 2026: 02:00 +12:00 becomes 03:00 +13:00.
    ['Pacific/Auckland', '2026-09-26T13:45:00Z', '2026-09-27T01:45:00+12:00', '2026-09-27T03:00:00+13:00'],
    // Los Angeles, 8 March 2026: 02:00 −08:00 becomes 03:00 −07:00.
    ['America/Los_Angeles', '2026-03-08T09:45:00Z', '2026-03-08T01:45:00-08:00', '2026-03-08T03:00:00-07:00'],
    // Los Angeles, 1 November 2026: 02:00 −07:00 becomes 01:00 −08:00.
    ['America/Los_Angeles', '2026-11-01T08:45:00Z', '2026-11-01T01:45:00-07:00', '2026-11-01T01:00:00-08:00'],
  ])('%s across a daylight-saving change: end is 15 real minutes later', (zone, slot, start, end) => {
    const body = payload(slot, zone)
    expect([body.start, body.end]).toEqual([start, end])
    expect(Date.parse(body.end) - Date.parse(body.start)).toBe(15 * 60 * 1000)
  })
})

describe('reschedule payload (Cal.com: the booking call with rescheduleUid)', () => {
  const move = buildReschedulePayload({ slot: '2026-11-22T21:00:00.000Z', timeZone: 'Pacific/Auckland', rescheduleUid: 'b-1' }, identity)

  it('is the booking body for the new time, without responses (the attendee stays the booking\'s own), with rescheduleUid', () => {
    const { responses: _responses, ...rest } = bookingPayload()
    expect(move).toStrictEqual({ ...rest, rescheduleUid: 'b-1' })
  })

  it('passes the shared wire schema of a move', () => {
    expect(v.safeParse(RescheduleRequestSchema, move).success).toBe(true)
  })

  it('a new booking carries no rescheduleUid at all', () => {
    expect(payload('2026-11-22T21:00:00Z', 'Pacific/Auckland')).not.toHaveProperty('rescheduleUid')
  })
})
