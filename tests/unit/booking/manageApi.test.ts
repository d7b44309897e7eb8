import { afterEach, describe, expect, it, vi } from 'vitest'
import { BookingRejected } from '../../../core/bookingErrors'
import { buildReschedulePayload } from '../../../core/bookingPayload'
import { cancelBooking, fetchBooking, rescheduleBooking } from '../../../src/lib/api/manageApi'

afterEach(() => vi.unstubAllGlobals())

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const view = {
  uid: 'b-1',
  title: 'Quick Chat',
  startTime: '2026-11-22T21:00:00.000Z',
  endTime: '2026-11-22T21:15:00.000Z',
  status: 'ACCEPTED',
  timeZone: 'Pacific/Auckland',
  name: 'Aroha',
  user: { username: 'kiwi-automate' },
  canChange: true,
}

describe('GET /api/booking/{uid}', () => {
  it('asks for the uid, encoded, and returns the checked booking', async () => {
    const fetch = stubFetch(200, view)
    await expect(fetchBooking('b-1')).resolves.toEqual(view)
    await fetchBooking('a/b?c')
    expect((fetch.mock.calls as unknown as string[][]).map(([url]) => url)).toEqual(['/api/booking/b-1', '/api/booking/a%2Fb%3Fc'])
  })

  it('a 404 rejects as not found, with the server sentence', async () => {
    stubFetch(404, { message: 'This booking was not found.' })
    await expect(fetchBooking('nope')).rejects.toEqual(new BookingRejected(404, 'This booking was not found.'))
  })

  it('an answer that is not a booking rejects', async () => {
    stubFetch(200, { ...view, status: 'PENDING' })
    await expect(fetchBooking('b-1')).rejects.toThrow()
  })
})

describe('POST /api/cancel (Cal.com\'s shape)', () => {
  it('POSTs { uid, cancellationReason } as JSON; any OK answer is done', async () => {
    const fetch = stubFetch(200, { success: true, message: 'Booking successfully cancelled.' })
    await expect(cancelBooking({ uid: 'b-1', cancellationReason: 'Sick' })).resolves.toBeUndefined()
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/cancel')
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(JSON.parse(init.body as string)).toEqual({ uid: 'b-1', cancellationReason: 'Sick' })
  })

  it('an error answer rejects with its status and message', async () => {
    stubFetch(400, { message: 'This call has already been cancelled.' })
    await expect(cancelBooking({ uid: 'b-1' })).rejects.toMatchObject({ status: 400, serverMessage: 'This call has already been cancelled.' })
  })
})

describe('a move: POST /api/book/event with rescheduleUid', () => {
  const identity = { host: 'kiwi-automate', eventTypeId: 7, eventTypeSlug: 'quick-chat' }

  it('is the booking call with rescheduleUid and without responses; the answer is the booking\'s view', async () => {
    const fetch = stubFetch(200, view)
    const move = buildReschedulePayload({ slot: '2026-11-22T21:00:00Z', timeZone: 'Pacific/Auckland', rescheduleUid: 'b-1' }, identity)
    await expect(rescheduleBooking(move)).resolves.toEqual(view)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toMatch(/\/api\/book\/event$/)
    const body = JSON.parse(init.body as string) as Record<string, unknown>
    expect(body).toMatchObject({ rescheduleUid: 'b-1', start: '2026-11-23T10:00:00+13:00' })
    expect(body).not.toHaveProperty('responses')
  })

  it('an answer that is not a view rejects', async () => {
    stubFetch(200, { ...view, canChange: undefined })
    await expect(rescheduleBooking(buildReschedulePayload({ slot: '2026-11-22T21:00:00Z', timeZone: 'UTC', rescheduleUid: 'b-1' }, identity))).rejects.toThrow()
  })
})
