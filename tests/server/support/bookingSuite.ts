/**
 * The booking API and store, end to end over HTTP. One function, run once per backend: PGlite in a
 * temporary directory, and a real PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Temporal } from 'temporal-polyfill'
import { BookingResponseSchema, SlotsResponseSchema, type BookingResponse } from '../../../core/bookingWire'
import { calendarUid } from '../../../server/calendar/calendarUid'
import type { BookingStore } from '../../../server/db/store'
import * as v from 'valibot'
import {
  ADMIN_TOKEN,
  bookingBody,
  localTimes,
  postBooking,
  slotsInput,
  slotsPath,
  startServer,
  testClock,
  testConfig,
  type RunningServer,
} from './harness'
import { atOnce } from './atOnce'

export interface StoreBackend {
  /** Opens the store; called again after close() to reopen the same data (a restart). */
  open(): Promise<BookingStore>
  /** Removes the data once the suite is done. */
  dispose(): Promise<void>
}

const NZ = 'Pacific/Auckland'
const VOICE_SECRET = 'voice-secret-0123456789abcdef-0123'

export function defineBookingSuite(name: string, makeBackend: () => Promise<StoreBackend>) {
  describe(`booking API on ${name}`, () => {
    let backend: StoreBackend
    let store: BookingStore
    let server: RunningServer
    const clock = testClock()
    const config = testConfig()

    beforeAll(async () => {
      backend = await makeBackend()
      store = await backend.open()
      server = await startServer({ config, store, clock })
    })

    afterAll(async () => {
      await server?.close()
      await store?.close()
      await backend?.dispose()
    })

    const getSlots = async (startTime: string, endTime: string, zone = NZ) => {
      const response = await fetch(server.url + slotsPath(slotsInput(startTime, endTime, zone)))
      expect(response.status).toBe(200)
      return v.parse(SlotsResponseSchema, await response.json()).result.data.json.slots
    }

    describe('slots', () => {
      it('offer 15-minute slots from 09:00 to 16:45 on weekdays, after the 2-hour notice, without booked ones', async () => {
        const booked = await postBooking(server.url, bookingBody('2026-11-24T11:00'))
        expect(booked.status).toBe(200)

        // Saturday 21 to Tuesday 1 December, Auckland days.
        const slots = await getSlots('2026-11-20T11:00:00.000Z', '2026-12-01T11:00:00.000Z')
        // Past days and weekends are absent, not empty.
        expect(Object.keys(slots)).toEqual([
          '2026-11-23',
          '2026-11-24',
          '2026-11-25',
          '2026-11-26',
          '2026-11-27',
          '2026-11-30',
          '2026-12-01',
        ])
        const times = localTimes(slots, NZ)
        // Monday: it is 08:30, so 09:00 to 10:15 are inside the minimum notice; 10:30 is the first.
        const monday = times.filter((t) => t.startsWith('2026-11-23'))
        expect(monday[0]).toBe('2026-11-23 10:30')
        expect(monday.at(-1)).toBe('2026-11-23 16:45')
        expect(monday).toHaveLength(26)
        // Tuesday: all 32 but the booked 11:00.
        const tuesday = times.filter((t) => t.startsWith('2026-11-24'))
        expect(tuesday).toHaveLength(31)
        expect(tuesday).toContain('2026-11-24 10:45')
        expect(tuesday).not.toContain('2026-11-24 11:00')
        expect(tuesday).toContain('2026-11-24 11:15')
        for (const t of times)
          expect(t.slice(11) >= '09:00' && t.slice(11) <= '16:45' && ['00', '15', '30', '45'].includes(t.slice(14))).toBe(true)
        // Instants in UTC with milliseconds, like Cal.com.
        expect(slots['2026-11-23']?.[0]).toEqual({ time: '2026-11-22T21:30:00.000Z' })
      })

      it('key the days in the requested zone', async () => {
        const slots = await getSlots('2026-11-22T08:00:00.000Z', '2026-11-23T08:00:00.000Z', 'America/Los_Angeles')
        // Monday 10:30 in Auckland is Sunday 13:30 in Los Angeles.
        expect(Object.keys(slots)).toEqual(['2026-11-22'])
        expect(slots['2026-11-22']?.[0]).toEqual({ time: '2026-11-22T21:30:00.000Z' })
        expect(localTimes(slots, 'America/Los_Angeles')[0]).toBe('2026-11-22 13:30')
      })

      it("may be kept a few seconds by the visitor's own browser, never by a shared cache (the page prefetches them)", async () => {
        const response = await fetch(server.url + slotsPath(slotsInput('2026-11-22T11:00:00.000Z', '2026-11-23T11:00:00.000Z')))
        expect(response.headers.get('cache-control')).toBe('private, max-age=10')
      })

      it('stop 60 days ahead', async () => {
        // Now + 60 days is Friday 22 January 2027, 08:30 in Auckland: nothing that day or after.
        const slots = await getSlots('2027-01-17T11:00:00.000Z', '2027-01-31T11:00:00.000Z')
        expect(Object.keys(slots)).toEqual(['2027-01-18', '2027-01-19', '2027-01-20', '2027-01-21'])
        expect(localTimes(slots, NZ).at(-1)).toBe('2027-01-21 16:45')
      })

      it('lose a slot the moment it is booked, and the ones the notice passes as time goes on', async () => {
        const range = ['2026-11-22T11:00:00.000Z', '2026-11-24T11:00:00.000Z'] as const
        const monday = async () => localTimes(await getSlots(...range), NZ).filter((t) => t.startsWith('2026-11-23'))
        expect(await monday()).toContain('2026-11-23 15:00')
        expect((await postBooking(server.url, bookingBody('2026-11-23T15:00'))).status).toBe(200)
        expect(await monday()).not.toContain('2026-11-23 15:00')
        const start = clock.now
        try {
          // 08:30 → 08:44:59: 10:30 is still two hours away; at 08:45:01 it is not.
          clock.now = start.add({ minutes: 14, seconds: 59 })
          expect((await monday())[0]).toBe('2026-11-23 10:45')
          clock.now = start.add({ minutes: 15, seconds: 1 })
          expect((await monday())[0]).toBe('2026-11-23 11:00')
        } finally {
          clock.now = start
        }
      })

      it('are empty for a range entirely in the past', async () => {
        expect(await getSlots('2026-11-01T11:00:00.000Z', '2026-11-20T11:00:00.000Z')).toEqual({})
      })

      it('answer with the headers of every API answer and the request id sent, compressed when asked', async () => {
        const path = slotsPath(slotsInput('2026-11-22T11:00:00.000Z', '2026-11-25T11:00:00.000Z'))
        for (const encoding of ['br', 'gzip', 'identity']) {
          // Twice: the second answer is the cached one.
          for (const n of [1, 2]) {
            const response = await fetch(server.url + path, { headers: { 'Accept-Encoding': encoding, 'X-Request-Id': `slots-${encoding}-${n}` } })
            const transport = ['date', 'content-length', 'connection', 'keep-alive']
            expect(Object.fromEntries([...response.headers].filter(([header]) => !transport.includes(header)))).toEqual({
              'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
              'x-content-type-options': 'nosniff',
              'referrer-policy': 'no-referrer',
              'strict-transport-security': 'max-age=15552000',
              'x-request-id': `slots-${encoding}-${n}`,
              'content-type': 'application/json',
              'cache-control': 'private, max-age=10',
              vary: 'Accept-Encoding',
              ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
            })
            const slots = v.parse(SlotsResponseSchema, await response.json()).result.data.json.slots
            expect(Object.keys(slots)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25'])
          }
        }
      })
    })

    describe('booking', () => {
      it('returns the booking, then 409 for the same slot', async () => {
        const before = await store.count()
        const body = bookingBody('2026-11-25T10:00', { timeZone: 'Pacific/Auckland' })
        const response = await postBooking(server.url, body)
        expect(response.status).toBe(200)
        const booking: BookingResponse = v.parse(BookingResponseSchema, await response.json())
        expect(booking).toMatchObject({
          title: expect.stringContaining('Aroha Ngata'),
          startTime: '2026-11-24T21:00:00.000Z',
          endTime: '2026-11-24T21:15:00.000Z',
          status: 'ACCEPTED',
          eventTypeId: 7,
          responses: { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [] },
          attendees: [{ name: 'Aroha Ngata', email: 'aroha@example.co.nz', timeZone: 'Pacific/Auckland' }],
          user: { username: 'kiwi-automate' },
        })
        expect(booking.id).toBeGreaterThan(0)
        expect(booking.uid).toMatch(/^[0-9a-f-]{36}$/)

        // The same instant written in another zone is the same slot.
        const again = await postBooking(server.url, bookingBody('2026-11-24T13:00[America/Los_Angeles]'))
        expect(again.status).toBe(409)
        expect(await again.json()).toEqual({ message: 'no_available_users_found_error' })
        expect(await store.count()).toBe(before + 1)
      })

      it('trims the name and email it stores', async () => {
        const response = await postBooking(
          server.url,
          bookingBody('2026-11-25T10:15', { responses: { name: '  Mere  ', email: ' mere@example.com ', guests: [] } }),
        )
        expect(response.status).toBe(200)
        expect(((await response.json()) as BookingResponse).attendees[0]).toMatchObject({
          name: 'Mere',
          email: 'mere@example.com',
        })
      })

      it('gives exactly one of 50 concurrent requests for one slot', async () => {
        const before = await store.count()
        const responses = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            postBooking(
              server.url,
              bookingBody('2026-11-26T14:00', { responses: { name: `Racer ${i}`, email: `racer${i}@example.com`, guests: [] } }),
            ),
          ),
        )
        const statuses = responses.map((r) => r.status)
        expect(statuses.filter((s) => s === 200)).toHaveLength(1)
        expect(statuses.filter((s) => s === 409)).toHaveLength(49)
        await Promise.all(responses.map((r) => r.arrayBuffer()))
        expect(await store.count()).toBe(before + 1)
        const rows = (await store.list(Temporal.Instant.from('2026-11-26T14:00:00+13:00'))).filter(
          (b) => b.startTime === '2026-11-26T01:00:00.000Z',
        )
        expect(rows).toHaveLength(1)
      })

      it('a dry run checks everything and writes nothing', async () => {
        const before = await store.count()
        const response = await postBooking(server.url, bookingBody('2026-11-27T09:00', { _isDryRun: true }))
        expect(response.status).toBe(200)
        expect(await store.count()).toBe(before)
      })

      const okBody = bookingBody('2026-11-30T09:00')
      const tooBig = JSON.stringify({ ...okBody, metadata: { padding: 'x'.repeat(17 * 1024) } })
      const bad: [string, unknown, number, string][] = [
        [
          'a missing name',
          { ...okBody, responses: { email: 'a@example.com', guests: [] } },
          400,
          'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).',
        ],
        [
          'a blank name',
          { ...okBody, responses: { ...okBody.responses, name: '   ' } },
          400,
          'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).',
        ],
        [
          'a 10,000-character name',
          { ...okBody, responses: { ...okBody.responses, name: 'a'.repeat(10_000) } },
          400,
          'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).',
        ],
        [
          'a 101-character name',
          { ...okBody, responses: { ...okBody.responses, name: 'a'.repeat(101) } },
          400,
          'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).',
        ],
        [
          'an HTML/script name',
          { ...okBody, responses: { ...okBody.responses, name: '<script>alert(1)</script>' } },
          400,
          'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).',
        ],
        [
          'a link as name',
          { ...okBody, responses: { ...okBody.responses, name: 'http://evil.test/login' } },
          400,
          'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).',
        ],
        [
          'an email address in the name',
          { ...okBody, responses: { ...okBody.responses, name: 'Aroha (write to aroha@evil.test)' } },
          400,
          'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).',
        ],
        [
          'a number as name',
          { ...okBody, responses: { ...okBody.responses, name: 42 } },
          400,
          'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).',
        ],
        [
          'a bad email',
          { ...okBody, responses: { ...okBody.responses, email: 'aroha at example' } },
          400,
          'Please enter a valid email address.',
        ],
        [
          'an email with a space',
          { ...okBody, responses: { ...okBody.responses, email: 'a roha@example.com' } },
          400,
          'Please enter a valid email address.',
        ],
        ['a missing email', { ...okBody, responses: { name: 'Aroha', guests: [] } }, 400, 'Please enter a valid email address.'],
        ['missing responses', { ...okBody, responses: undefined }, 400, 'Please enter your name and email address.'],
        ['a missing start', { ...okBody, start: undefined }, 400, 'Please choose a valid start time.'],
        ['a start without offset', { ...okBody, start: '2026-11-30T09:00:00' }, 400, 'Please choose a valid start time.'],
        ['an impossible date', { ...okBody, start: '2026-13-30T09:00:00+13:00' }, 400, 'Please choose a valid start time.'],
        [
          'end ≠ start + 15 min',
          { ...okBody, end: '2026-11-30T09:30:00+13:00' },
          400,
          'The call must end 15 minutes after it starts.',
        ],
        ['eventTypeId as a string', { ...okBody, eventTypeId: '7' }, 400, 'The call type is missing or not valid.'],
        ['another event type', { ...okBody, eventTypeId: 8 }, 400, 'This call type cannot be booked here.'],
        ['another event slug', { ...okBody, eventTypeSlug: 'long-chat' }, 400, 'This call type cannot be booked here.'],
        ['another host', { ...okBody, user: 'someone-else' }, 400, 'This host cannot be booked here.'],
        ['a bad time zone', { ...okBody, timeZone: 'Mars/Olympus' }, 400, 'Please choose a valid time zone.'],
        ['_isDryRun as a string', { ...okBody, _isDryRun: 'no' }, 400, 'The booking request is not valid.'],
        ['an array body', [okBody], 400, 'The booking request must be a JSON object.'],
        ['a non-JSON body', 'name=Aroha&email=aroha@example.co.nz', 400, 'The booking request must be JSON.'],
        ['a body over 16 KB', tooBig, 413, 'The request is too large.'],
        ['an off-boundary start', bookingBody('2026-11-30T09:05'), 400, 'booking_time_out_of_bounds_error'],
        ['a start in the past', bookingBody('2026-11-20T10:00'), 400, 'booking_time_out_of_bounds_error'],
        ['a start inside the 2-hour notice', bookingBody('2026-11-23T10:15'), 400, 'booking_time_out_of_bounds_error'],
        ['a start beyond 60 days', bookingBody('2027-01-25T10:00'), 400, 'booking_time_out_of_bounds_error'],
        ['a start out of hours', bookingBody('2026-11-30T17:00'), 400, 'booking_time_out_of_bounds_error'],
        ['a start at 08:45', bookingBody('2026-11-30T08:45'), 400, 'booking_time_out_of_bounds_error'],
        ['a start on a Saturday', bookingBody('2026-11-28T10:00'), 400, 'booking_time_out_of_bounds_error'],
      ]

      it.each(bad)('rejects %s and writes nothing', async (_label, body, status, message) => {
        const before = await store.count()
        const response = await postBooking(server.url, body)
        expect(response.status).toBe(status)
        expect(await response.json()).toEqual({ message })
        expect(await store.count()).toBe(before)
      })

      it('rejects a chunked body over 16 KB by the bytes it reads, and writes nothing', async () => {
        const before = await store.count()
        const chunk = new TextEncoder().encode(' '.repeat(4096))
        let sent = 0
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent++ < 5) controller.enqueue(chunk)
            else controller.close()
          },
        })
        const response = await postBooking(
          server.url,
          stream as unknown as string,
          { body: stream, duplex: 'half' } as RequestInit,
        )
        expect(response.status).toBe(413)
        expect(await store.count()).toBe(before)
      })

      it('ignores unknown fields', async () => {
        const response = await postBooking(server.url, {
          ...bookingBody('2026-11-30T09:15'),
          surprise: '<b>hi</b>',
          responses: { ...okBody.responses, phone: '021' },
        })
        expect(response.status).toBe(200)
        expect(JSON.stringify(await response.json())).not.toContain('surprise')
      })
    })

    describe('where the lead came from (docs/booking.md#where-a-lead-came-from)', () => {
      const leadOf = async (response: Response) => {
        expect(response.status).toBe(200)
        const { uid } = (await response.json()) as BookingResponse
        return (await store.find(uid))?.leadSource
      }

      it("keeps Cal.com's tracking and the metadata strings on the booking, never in its answer", async () => {
        const tracking = { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring', utm_term: 'ai receptionist', utm_content: 'banner-b' }
        const metadata = { timeFormat: '24', referrerHost: 'www.linkedin.com', landingPath: '/use-cases', gclid: 'Cj0KCQ', bookedOnPage: '/', bookedFrom: 'service:automation' }
        const response = await postBooking(server.url, { ...bookingBody('2026-12-02T09:00'), tracking, metadata })
        const answer = response.clone()
        expect(await leadOf(response)).toEqual({
          tracking,
          clickId: { name: 'gclid', value: 'Cj0KCQ' },
          referrerHost: 'www.linkedin.com',
          landingPath: '/use-cases',
          bookedOnPage: '/',
          bookedFrom: 'service:automation',
        })
        expect(JSON.stringify(await answer.json())).not.toMatch(/linkedin|use-cases|Cj0KCQ/)
        // The agency's feed says it in the event's DESCRIPTION (text escaped as RFC 5545 has it).
        const feed = await fetch(`${server.url}/api/bookings.ics`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
        expect((await feed.text()).replace(/\r\n /g, '')).toContain(
          'Came from: linkedin / paid / spring (term ai receptionist\\, content banner-b) via www.linkedin.com\\, gclid Cj0KCQ — landed on /use-cases\\, booked from the automation service card on /',
        )
      })

      it('cuts a 5,000-character utm_source to 200, drops control and invisible characters, ignores what is not a string: still booked', async () => {
        const response = await postBooking(server.url, {
          ...bookingBody('2026-12-02T09:15'),
          tracking: { utm_source: 'x'.repeat(5_000), utm_medium: 'pa\u0000id\u202e', utm_campaign: 42, utm_term: { nested: true }, utm_content: '\u0007' },
          metadata: { landingPath: '/\u001b[31mabout', bookedFrom: ['hero'], referrerHost: null, fbclid: 'a'.repeat(300) },
        })
        expect(await leadOf(response)).toEqual({
          tracking: { utm_source: 'x'.repeat(200), utm_medium: 'paid' },
          clickId: { name: 'fbclid', value: 'a'.repeat(200) },
          landingPath: '/[31mabout',
        })
      })

      it('a tracking that is not an object, or no lead at all: booked, with nothing kept', async () => {
        expect(await leadOf(await postBooking(server.url, { ...bookingBody('2026-12-02T09:30'), tracking: 'linkedin' }))).toBeNull()
        expect(await leadOf(await postBooking(server.url, bookingBody('2026-12-02T09:45')))).toBeNull()
      })
    })

    describe('bad slots input', () => {
      const good = slotsInput('2026-11-22T11:00:00.000Z', '2026-11-25T11:00:00.000Z')
      const cases: [string, string][] = [
        ['no input', '/api/calendar/slots'],
        ['input that is not JSON', '/api/calendar/slots?input=%7Bnope'],
        ['bad percent-encoding', '/api/calendar/slots?input=%E0%A4%A'],
        ['a missing timeZone', slotsPath({ json: { ...good.json, timeZone: undefined } })],
        ['a bad timeZone', slotsPath({ json: { ...good.json, timeZone: 'Not/AZone' } })],
        ['a bad startTime', slotsPath({ json: { ...good.json, startTime: 'tomorrow' } })],
        ['an end before the start', slotsPath({ json: { ...good.json, endTime: '2026-11-20T11:00:00.000Z' } })],
        ['an empty usernameList', slotsPath({ json: { ...good.json, usernameList: [] } })],
        ['another host', slotsPath({ json: { ...good.json, usernameList: ['someone-else'] } })],
        ['another event type', slotsPath({ json: { ...good.json, eventTypeSlug: 'long-chat' } })],
      ]
      it.each(cases)('answers %s with a tRPC 400', async (_label, path) => {
        const response = await fetch(server.url + path)
        expect(response.status).toBe(400)
        const body = (await response.json()) as {
          error: { json: { message: string; data: { code: string; httpStatus: number } } }
        }
        expect(body.error.json.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 })
        expect(body.error.json.message.length).toBeGreaterThan(10)
      })
    })

    describe('restart', () => {
      it('keeps bookings when the store is closed and opened again', async () => {
        const first = await postBooking(server.url, bookingBody('2026-12-01T15:00'))
        expect(first.status).toBe(200)
        const count = await store.count()
        await server.close()
        await store.close()

        store = await backend.open()
        server = await startServer({ config, store, clock })
        expect(await store.count()).toBe(count)
        const again = await postBooking(server.url, bookingBody('2026-12-01T15:00'))
        expect(again.status).toBe(409)
        const slots = await getSlots('2026-11-30T11:00:00.000Z', '2026-12-01T11:00:00.000Z')
        expect(localTimes(slots, NZ)).not.toContain('2026-12-01 15:00')
        expect(localTimes(slots, NZ)).toContain('2026-12-01 15:15')
      })
    })

    describe('the ics feed', () => {
      const feed = (base: string, authorization?: string) =>
        fetch(`${base}/api/bookings.ics`, { headers: authorization ? { Authorization: authorization } : {} })

      it('is 404 when no ADMIN_TOKEN is configured', async () => {
        const off = await startServer({ config: testConfig({ ADMIN_TOKEN: '' }), store, clock })
        try {
          expect((await feed(off.url, `Bearer ${ADMIN_TOKEN}`)).status).toBe(404)
        } finally {
          await off.close()
        }
      })

      it.each([
        ['no Authorization header', undefined],
        ['a wrong token', 'Bearer test-admin-token-0123456780'],
        ['a shorter token', 'Bearer test'],
        ['another scheme', `Basic ${ADMIN_TOKEN}`],
      ])('is 401 with %s', async (_label, authorization) => {
        const response = await feed(server.url, authorization)
        expect(response.status).toBe(401)
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
        expect(await response.text()).not.toContain('BEGIN:VCALENDAR')
      })

      it('makes wrong tokens cost: past RATE_LIMIT_SECRET_FAILURES a minute, 429 before any comparison', async () => {
        const guarded = await startServer({ config: testConfig({ RATE_LIMIT_SECRET_FAILURES: '3' }), store, clock })
        try {
          const statuses = []
          for (let i = 0; i < 30; i++) statuses.push((await feed(guarded.url, `Bearer wrong-token-${i}`)).status)
          expect(statuses.slice(0, 3)).toEqual([401, 401, 401])
          expect(new Set(statuses.slice(3))).toEqual(new Set([429]))
          const refused = await feed(guarded.url, `Bearer ${ADMIN_TOKEN}`)
          expect(refused.status).toBe(429)
          expect(await refused.text()).not.toContain('BEGIN:VCALENDAR')
        } finally {
          await guarded.close()
        }
      })

      it('lists the bookings as RFC 5545 with the token', async () => {
        const name = 'Tāne O\'Brien, Jr; "ops" \\ team'
        const made = await postBooking(
          server.url,
          bookingBody('2026-12-01T16:00', { responses: { name, email: 'tane@example.com', guests: [] } }),
        )
        expect(made.status).toBe(200)
        const { uid, id } = (await made.json()) as BookingResponse
        const eventUid = calendarUid(store.calendarSecret, id, 'kiwi-automate')

        const response = await feed(server.url, `Bearer ${ADMIN_TOKEN}`)
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
        expect(response.headers.get('cache-control')).toBe('no-store')
        const text = await response.text()
        expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
        expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
        expect(text.replace(/\r\n/g, '')).not.toMatch(/\n|\r/)
        for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
        const unfolded = text.replace(/\r\n /g, '')
        const event = unfolded.split('BEGIN:VEVENT').find((e) => e.includes(eventUid)) ?? ''
        expect(event).toContain(`\r\nUID:${eventUid}\r\n`)
        expect(unfolded).not.toContain(uid)
        expect(event).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/)
        expect(event).toContain('\r\nDTSTART:20261201T030000Z\r\n')
        expect(event).toContain('\r\nDTEND:20261201T031500Z\r\n')
        expect(event).toContain('Name: Tāne O\'Brien\\, Jr\\; "ops" \\\\ team\\nEmail: tane@example.com')
      })
    })

    describe('wrong secrets at once', () => {
      // Each test has a limit of its own: with PostgreSQL the counts of one limit and network are one row, whichever server counted them.
      // An hour's window: a loaded machine may take more than the default minute to answer them all.
      const AN_HOUR = { RATE_LIMIT_WINDOW_SECONDS: '3600' }
      const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

      it('800 wrong admin tokens in parallel: only the limit’s are compared (401), the others 429', async () => {
        const guarded = await startServer({ config: testConfig({ RATE_LIMIT_SECRET_FAILURES: '5', ...AN_HOUR }), store, clock })
        try {
          const statuses = await atOnce(guarded.url, 800, (i) =>
            `GET /api/bookings.ics HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer wrong-token-${i}\r\nConnection: close\r\n\r\n`,
          )
          expect([count(statuses, 401), count(statuses, 429)]).toEqual([5, 795])
        } finally {
          await guarded.close()
        }
      })

      it('800 wrong voice secrets in parallel: only the limit’s are compared (401), the others 429', async () => {
        const guarded = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: VOICE_SECRET, RATE_LIMIT_SECRET_FAILURES: '4', ...AN_HOUR }), store, clock })
        try {
          const statuses = await atOnce(guarded.url, 800, (i) =>
            `POST /api/voice/tools HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Vapi-Secret: wrong-${i}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
          )
          expect([count(statuses, 401), count(statuses, 429)]).toEqual([4, 796])
        } finally {
          await guarded.close()
        }
      })

      it('a right token gives its count back: right tokens between wrong ones never use up the limit', async () => {
        const guarded = await startServer({ config: testConfig({ RATE_LIMIT_SECRET_FAILURES: '7', ...AN_HOUR }), store, clock })
        const feed = (token: string) => fetch(`${guarded.url}/api/bookings.ics`, { headers: { Authorization: `Bearer ${token}` } })
        try {
          const wrong = []
          for (let i = 0; i < 6; i++) wrong.push((await feed(`wrong-token-${i}`)).status)
          expect(wrong).toEqual([401, 401, 401, 401, 401, 401])
          const right = []
          for (let i = 0; i < 10; i++) right.push((await feed(ADMIN_TOKEN)).status)
          expect(right).toEqual(Array.from({ length: 10 }, () => 200))
          expect([(await feed('wrong-token-6')).status, (await feed('wrong-token-7')).status, (await feed(ADMIN_TOKEN)).status]).toEqual([401, 429, 429])
        } finally {
          await guarded.close()
        }
      })
    })

    describe('rate limits', () => {
      it('answer 429 with Retry-After on both routes, per window', async () => {
        // The windows are measured by Date.now, in memory or in PostgreSQL (rate-limiter-flexible): the
        // test moves it instead of sleeping. The scheduler keeps its own clock.
        vi.useFakeTimers({ toFake: ['Date'] })
        const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000)
        const limited = await startServer({
          config: testConfig({ RATE_LIMIT_SLOTS: '3', RATE_LIMIT_BOOKINGS: '2', RATE_LIMIT_WINDOW_SECONDS: '60' }),
          store,
          clock: testClock(),
        })
        try {
          const slots = () => fetch(limited.url + slotsPath(slotsInput('2026-11-22T11:00:00.000Z', '2026-11-25T11:00:00.000Z')))
          for (let i = 0; i < 3; i++) expect((await slots()).status).toBe(200)
          const blocked = await slots()
          expect(blocked.status).toBe(429)
          expect(blocked.headers.get('retry-after')).toBe('60')
          expect(await blocked.json()).toMatchObject({
            error: { json: { data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } },
          })

          const before = await store.count()
          const book = () => postBooking(limited.url, bookingBody('2026-11-23T10:00'))
          for (let i = 0; i < 2; i++) expect((await book()).status).toBe(400)
          later(15)
          const refused = await book()
          expect(refused.status).toBe(429)
          expect(refused.headers.get('retry-after')).toBe('45')
          expect(await refused.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.' })
          expect(await store.count()).toBe(before)

          later(44)
          expect((await book()).headers.get('retry-after')).toBe('1')
          later(1)
          expect((await slots()).status).toBe(200)
          expect((await book()).status).toBe(400)
        } finally {
          await limited.close()
          vi.useRealTimers()
        }
      })
    })

    it('keeps the security headers of data on API answers: nothing may load, run or frame them', async () => {
      const response = await fetch(server.url + slotsPath(slotsInput('2026-11-22T11:00:00.000Z', '2026-11-25T11:00:00.000Z')))
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
    })
  })
}
