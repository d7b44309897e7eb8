import { describe, expect, it } from 'vitest'
import type { SlotsResponse } from '../../core/bookingWire'
import type { Fetch } from '../../server/scheduler/calcomUpstream'
import { localFeed } from '../../server/db/changeFeed'
import type { DeskStore } from '../../server/db/desk'
import type { BookingStore } from '../../server/db/store'
import { createScheduler } from '../../server/scheduler/chooseScheduler'
import type { BookRequest, SlotsRequest } from '../../server/scheduler/scheduler'
import { checkBooking, checkSlotsInput } from '../../server/scheduler/validation'
import { bookingBody, MONDAY_0830, slotsInput, testClock, testConfig } from './support/harness'

const CALCOM = 'http://calcom.test'

/** A store that records what is asked of it: nothing is booked, every insert succeeds. */
function recordingStore() {
  const calls: string[] = []
  const store = {
    kind: 'pglite',
    changes: localFeed(),
    calendarSecret: 'test-calendar-secret',
    // No time off: every day of the availability offers its slots.
    desk: { timeOff: async () => [] } as Partial<DeskStore> as DeskStore,
    async takenStarts() {
      calls.push('takenStarts')
      return new Set<number>()
    },
    async newBookingId() {
      calls.push('newBookingId')
      return 1
    },
    async insert(booking) {
      calls.push('insert')
      return {
        ok: true,
        booking: {
          ...booking,
          id: 1,
          startTime: booking.start.toString({ fractionalSecondDigits: 3 }),
          endTime: booking.end.toString({ fractionalSecondDigits: 3 }),
          status: 'ACCEPTED',
          createdAt: '2026-11-22T19:30:00.000Z',
          sequence: 0,
          cancelledAt: null,
          cancellationReason: null,
          rescheduledAt: null,
          previousStartTime: null,
          notes: null,
          emailVerified: false,
        },
      }
    },
  } as Partial<BookingStore> as BookingStore
  return { store, calls }
}

/** Cal.com mode must not touch the local database. */
const untouchableStore: BookingStore = new Proxy({} as BookingStore, {
  get: (_target, key) => (key === 'then' ? undefined : () => Promise.reject(new Error(`store.${String(key)} called`))),
})

/** A fetch that records each call and answers with `reply`. */
function fakeFetch(reply: () => Response | Promise<Response>) {
  const calls: { url: string; method: string | undefined; body: unknown }[] = []
  const fetch: Fetch = async (url, init) => {
    calls.push({ url, method: init.method, body: init.body })
    return reply()
  }
  return { fetch, calls }
}
const noFetch: Fetch = () => Promise.reject(new Error('fetch called'))

function slotsRequest(timeZone = 'Pacific/Auckland'): SlotsRequest {
  const input = slotsInput('2026-11-23T11:00:00.000Z', '2026-11-24T11:00:00.000Z', timeZone)
  const checked = checkSlotsInput(input)
  if (!checked.ok) throw new Error(checked.message)
  return checked.value
}

function bookRequest(start: string, extra: Record<string, unknown> = {}): BookRequest {
  const checked = checkBooking({ ...bookingBody(start), ...extra }, testConfig())
  if (!checked.ok) throw new Error(checked.message)
  return { ...checked.value, clients: [{ key: 'test-client', maxPerDay: 100_000 }] }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('without CALCOM_URL the built-in scheduler answers', () => {
  const clock = testClock().read

  it('slots from the availability and the store, never calling out', async () => {
    const { store, calls } = recordingStore()
    const scheduler = createScheduler({ config: testConfig(), store, clock, fetch: noFetch })
    const outcome = await scheduler.slots(slotsRequest())
    expect(calls).toEqual(['takenStarts'])
    if (!outcome.ok) throw new Error(outcome.code)
    expect(outcome.status).toBe(200)
    const slots = (JSON.parse(outcome.body.text) as { result: { data: { json: { slots: Record<string, unknown[]> } } } }).result
      .data.json.slots
    expect(Object.keys(slots)).toEqual(['2026-11-24'])
    expect(slots['2026-11-24']).toHaveLength(32)
  })

  it('asks the store once for repeated requests, again after a booking change and in the next minute', async () => {
    const { store, calls } = recordingStore()
    // 08:30:10: inside a minute (an answer at an exact whole minute holds for that instant only).
    const time = testClock(MONDAY_0830.add({ seconds: 10 }))
    const scheduler = createScheduler({ config: testConfig(), store, clock: time.read, fetch: noFetch })
    const first = await scheduler.slots(slotsRequest())
    time.now = time.now.add({ seconds: 30 })
    expect(await scheduler.slots(slotsRequest())).toEqual(first)
    expect(calls).toEqual(['takenStarts'])
    ;(store.changes as ReturnType<typeof localFeed>).changed()
    await scheduler.slots(slotsRequest())
    expect(calls).toHaveLength(2)
    time.now = time.now.add({ seconds: 31 })
    await scheduler.slots(slotsRequest())
    expect(calls).toHaveLength(3)
  })

  it('refuses another host with its code, before the store', async () => {
    const { store, calls } = recordingStore()
    const scheduler = createScheduler({ config: testConfig({ BOOKING_HOST: 'someone-else' }), store, clock })
    expect(await scheduler.slots(slotsRequest())).toEqual({ ok: false, code: 'unknownHost' })
    expect(calls).toEqual([])
  })

  it('gives the same free slots as instants, for the voice tools', async () => {
    const scheduler = createScheduler({ config: testConfig(), store: recordingStore().store, clock, fetch: noFetch })
    const served = await scheduler.slots(slotsRequest())
    const free = await scheduler.freeSlots(slotsRequest())
    if (!served.ok || !free.ok) throw new Error('refused')
    const times = Object.values((JSON.parse(served.body.text) as SlotsResponse).result.data.json.slots).flat().map((slot) => slot.time)
    expect(free.body.map((slot) => slot.toString({ fractionalSecondDigits: 3 }))).toEqual(times)
  })

  it('books into the store and answers the booking', async () => {
    const { store, calls } = recordingStore()
    const scheduler = createScheduler({ config: testConfig(), store, clock, fetch: noFetch })
    const outcome = await scheduler.book(bookRequest('2026-11-24T10:00'))
    expect(calls).toEqual(['newBookingId', 'insert'])
    expect(outcome).toMatchObject({
      ok: true,
      status: 200,
      body: { id: 1, status: 'ACCEPTED', user: { username: 'kiwi-automate' }, startTime: '2026-11-23T21:00:00.000Z' },
    })
  })

  it('refuses a start out of bounds with its code, writing nothing', async () => {
    const { store, calls } = recordingStore()
    const scheduler = createScheduler({ config: testConfig(), store, clock })
    expect(await scheduler.book(bookRequest('2026-11-23T09:00'))).toEqual({ ok: false, code: 'outOfBounds' })
    expect(calls).toEqual([])
  })
})

describe('with CALCOM_URL the Cal.com scheduler answers', () => {
  const config = testConfig({ CALCOM_URL: CALCOM })
  const clock = testClock().read

  it('forwards the validated slots input and passes the answer on, never touching the store', async () => {
    const answer = { result: { data: { json: { slots: { '2026-11-24': [{ time: '2026-11-23T20:00:00.000Z' }] } } } } }
    const { fetch, calls } = fakeFetch(() => json(200, answer))
    const scheduler = createScheduler({ config, store: untouchableStore, clock, fetch })
    const outcome = await scheduler.slots(slotsRequest('Asia/Kolkata'))
    expect(outcome).toMatchObject({ ok: true, status: 200 })
    expect(outcome.ok && JSON.parse(outcome.body.text)).toEqual(answer)
    const input = slotsInput('2026-11-23T11:00:00.000Z', '2026-11-24T11:00:00.000Z', 'Asia/Kolkata')
    expect(calls).toEqual([
      { url: `${CALCOM}/api/trpc/slots/getSchedule?input=${encodeURIComponent(JSON.stringify(input))}`, method: 'GET', body: undefined },
    ])
  })

  it('gives the free slots as instants in order, from the same call (the voice tools read these)', async () => {
    const answer = { result: { data: { json: { slots: { '2026-11-25': [{ time: '2026-11-24T21:00:00.000Z' }], '2026-11-24': [{ time: '2026-11-23T20:15:00.000Z' }, { time: '2026-11-23T20:00:00.000Z' }] } } } } }
    const { fetch, calls } = fakeFetch(() => json(200, answer))
    const scheduler = createScheduler({ config, store: untouchableStore, clock, fetch })
    const outcome = await scheduler.freeSlots(slotsRequest())
    expect(outcome.ok && outcome.body.map(String)).toEqual(['2026-11-23T20:00:00Z', '2026-11-23T20:15:00Z', '2026-11-24T21:00:00Z'])
    expect(calls).toHaveLength(1)
    const { fetch: garbled } = fakeFetch(() => json(200, { result: {} }))
    expect(await createScheduler({ config, store: untouchableStore, clock, fetch: garbled }).freeSlots(slotsRequest())).toEqual({ ok: false, code: 'calendarAnswerUnreadable' })
  })

  it('turns a Cal.com error into a refusal with its status, message and own body', async () => {
    const error = { error: { json: { message: 'User not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } } }
    const { fetch } = fakeFetch(() => json(404, error))
    const scheduler = createScheduler({ config, store: untouchableStore, clock, fetch })
    expect(await scheduler.slots(slotsRequest())).toEqual({
      ok: false,
      code: 'calcomRefused',
      upstream: { status: 404, message: 'User not found', body: error },
    })
  })

  it('forwards the validated booking (trimmed, unknown fields left out) and passes Cal.com’s refusal on, with our code for its code', async () => {
    const { fetch, calls } = fakeFetch(() => json(409, { message: 'no_available_users_found_error' }))
    const scheduler = createScheduler({ config, store: untouchableStore, clock, fetch })
    const request = bookRequest('2026-11-24T10:00', { injected: '<script>', responses: { name: '  Aroha Ngata ', email: 'aroha@example.co.nz', guests: [] } })
    expect(await scheduler.book(request)).toMatchObject({
      ok: false,
      code: 'slotTaken',
      upstream: { status: 409, message: 'no_available_users_found_error' },
    })
    expect(calls).toMatchObject([{ url: `${CALCOM}/api/book/event`, method: 'POST' }])
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      ...bookingBody('2026-11-24T10:00'),
      responses: { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [] },
    })
  })

  it.each([
    ['a 5xx', () => json(503, { message: 'upstream stack trace at /srv/cal' }), 'calendarFailing'],
    ['an answer that is not JSON', () => new Response('<html>Bad gateway</html>', { status: 404 }), 'calendarAnswerUnreadable'],
  ])('turns %s into a refusal of our own (a 502 with our sentence)', async (_, reply, code) => {
    const { fetch } = fakeFetch(reply)
    const scheduler = createScheduler({ config, store: untouchableStore, clock, fetch })
    expect(await scheduler.book(bookRequest('2026-11-24T10:00'))).toEqual({ ok: false, code })
  })

  it('answers a 502 refusal when Cal.com cannot be reached', async () => {
    const scheduler = createScheduler({ config, store: untouchableStore, clock, fetch: noFetch })
    expect(await scheduler.book(bookRequest('2026-11-24T10:00'))).toEqual({ ok: false, code: 'calendarUnreachable' })
  })
})
