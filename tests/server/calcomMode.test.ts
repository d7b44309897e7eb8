import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  bookingBody,
  postBooking,
  rejectingStore,
  slotsInput,
  startServer,
  testClock,
  testConfig,
  type RunningServer,
} from './support/harness'

interface Received {
  method: string
  url: string
  contentType: string | undefined
  body: string
}

type Reply = { status: number; body: string } | 'hang'

/** A stand-in for Cal.com on a local port: records what it receives and answers what the test says. */
class FakeCalcom {
  received: Received[] = []
  reply: Reply = { status: 200, body: '{}' }
  private server: Server = createServer((req, res) => void this.handle(req, res))
  private hung: (() => void)[] = []

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    this.received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      contentType: req.headers['content-type'],
      body: Buffer.concat(chunks).toString('utf8'),
    })
    const reply = this.reply
    if (reply === 'hang') {
      this.hung.push(() => res.destroy())
      return
    }
    res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.body)
  }

  async stop() {
    for (const release of this.hung) release()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** Cal.com mode must not touch the local database. */
const untouchableStore = rejectingStore((call) => new Error(`store.${call} called in Cal.com mode`))

describe('Cal.com mode (CALCOM_URL)', () => {
  const calcom = new FakeCalcom()
  let site: RunningServer

  beforeAll(async () => {
    const calcomUrl = await calcom.start()
    site = await startServer({
      config: testConfig({ CALCOM_URL: calcomUrl, CALCOM_TIMEOUT_MS: '300' }),
      store: untouchableStore,
      clock: testClock(),
    })
  })
  afterAll(async () => {
    await site?.close()
    await calcom.stop()
  })
  beforeEach(() => {
    calcom.received = []
  })

  it('forwards the slots request with the query exactly as the browser sent it, and passes the answer through', async () => {
    const answer = { result: { data: { json: { slots: { '2026-11-24': [{ time: '2026-11-23T20:00:00.000Z' }] } } } } }
    calcom.reply = { status: 200, body: JSON.stringify(answer) }
    const query = `?input=${encodeURIComponent(JSON.stringify(slotsInput('2026-11-20T11:00:00.000Z', '2026-12-01T11:00:00.000Z', 'Asia/Kolkata')))}`
    const response = await fetch(`${site.url}/api/calendar/slots${query}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(answer)
    expect(calcom.received).toEqual([
      { method: 'GET', url: `/api/trpc/slots/getSchedule${query}`, contentType: undefined, body: '' },
    ])
  })

  it('passes a Cal.com slots error through with its status', async () => {
    const error = { error: { json: { message: 'User not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } } }
    calcom.reply = { status: 404, body: JSON.stringify(error) }
    const query = `?input=${encodeURIComponent(JSON.stringify(slotsInput('2026-11-20T11:00:00.000Z', '2026-12-01T11:00:00.000Z')))}`
    const response = await fetch(`${site.url}/api/calendar/slots${query}`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(error)
  })

  it('forwards the validated booking, not the raw body, and passes the booking through', async () => {
    const booking = { id: 91, uid: 'abc', title: 'Quick chat', status: 'ACCEPTED', user: { username: 'kiwi-automate' } }
    calcom.reply = { status: 200, body: JSON.stringify(booking) }
    // Odd spacing and an unknown field: what Cal.com gets is what we validated.
    const raw = JSON.stringify({ ...bookingBody('2026-11-24T09:00'), extra: 'dropped' }, null, 1)
    const response = await postBooking(site.url, raw)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(booking)
    expect(calcom.received).toMatchObject([{ method: 'POST', url: '/api/book/event', contentType: 'application/json' }])
    expect(JSON.parse(calcom.received[0]?.body ?? '')).toEqual(bookingBody('2026-11-24T09:00'))
  })

  it('forwards the visitor’s notes as Cal.com’s own responses.notes, as validated', async () => {
    calcom.reply = { status: 200, body: JSON.stringify({ id: 93, uid: 'noted', status: 'ACCEPTED' }) }
    const responses = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [], notes: '  Pricing for 5 people\r\nand a timeline  ' }
    const response = await postBooking(site.url, bookingBody('2026-11-24T09:00', { responses }))
    expect(response.status).toBe(200)
    const forwarded = JSON.parse(calcom.received[0]?.body ?? '') as { responses: Record<string, unknown> }
    expect(forwarded.responses).toEqual({ ...responses, notes: 'Pricing for 5 people\nand a timeline' })
  })

  it.each([
    [409, { message: 'no_available_users_found_error' }, 'no_available_users_found_error'],
    [400, { message: 'booking_time_out_of_bounds_error' }, 'booking_time_out_of_bounds_error'],
  ])('passes a %i from Cal.com through with its message', async (status, body, message) => {
    calcom.reply = { status, body: JSON.stringify(body) }
    const response = await postBooking(site.url, bookingBody('2026-11-24T09:00'))
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ message })
  })

  it.each([
    [500, JSON.stringify({ message: 'Something broke at Cal.com' })],
    [503, '{}'],
    [404, '<html>Not found</html>'],
  ])('answers a %i or non-JSON answer from Cal.com with a 502 and our own sentence', async (status, body) => {
    calcom.reply = { status, body }
    const response = await postBooking(site.url, bookingBody('2026-11-24T09:00'))
    expect(response.status).toBe(502)
    const { message } = (await response.json()) as { message: string }
    expect(message).toMatch(/^The calendar service (could not complete the request|sent an answer we could not read)\. Please try again later\.$/)
  })

  it('forwards a reschedule (rescheduleUid) and a cancellation to Cal.com, writing and mailing nothing itself', async () => {
    const moved = { id: 92, uid: 'moved', status: 'ACCEPTED' }
    calcom.reply = { status: 200, body: JSON.stringify(moved) }
    const reschedule = JSON.stringify({ ...bookingBody('2026-11-25T09:00'), rescheduleUid: 'calcom-uid-1' })
    const response = await postBooking(site.url, reschedule)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(moved)

    const cancelled = { success: true, message: 'Booking successfully cancelled.' }
    calcom.reply = { status: 200, body: JSON.stringify(cancelled) }
    const cancel = JSON.stringify({ uid: 'calcom-uid-1', cancellationReason: 'Travelling' })
    const answer = await fetch(`${site.url}/api/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: cancel })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual(cancelled)
    expect(calcom.received).toEqual([
      { method: 'POST', url: '/api/book/event', contentType: 'application/json', body: reschedule },
      { method: 'POST', url: '/api/cancel', contentType: 'application/json', body: cancel },
    ])
  })

  it('passes a Cal.com cancel refusal through, and has no booking of its own to show', async () => {
    calcom.reply = { status: 404, body: JSON.stringify({ message: 'Booking not found' }) }
    const answer = await fetch(`${site.url}/api/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ uid: 'nope' }),
    })
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({ message: 'Booking not found' })
    const view = await fetch(`${site.url}/api/booking/00000000-0000-4000-8000-000000000000`)
    expect(view.status).toBe(404)
    expect(await view.json()).toEqual({ message: 'This booking was not found.' })
  })

  it('validates before forwarding: a bad request never reaches Cal.com', async () => {
    const response = await postBooking(
      site.url,
      bookingBody('2026-11-24T09:00', { responses: { name: 'Aroha', email: 'nope', guests: [] } }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Please enter a valid email address.' })
    const slots = await fetch(`${site.url}/api/calendar/slots?input=${encodeURIComponent('{"json":{}}')}`)
    expect(slots.status).toBe(400)
    expect(calcom.received).toEqual([])
  })

  it('turns a hung Cal.com into a 502 with a message after the timeout', async () => {
    calcom.reply = 'hang'
    const started = performance.now()
    const response = await postBooking(site.url, bookingBody('2026-11-24T09:00'))
    const elapsed = performance.now() - started
    expect(response.status).toBe(502)
    expect(await response.json()).toEqual({ message: 'The calendar service did not answer in time. Please try again.' })
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(elapsed).toBeLessThan(5000)

    const slots = await fetch(
      `${site.url}/api/calendar/slots?input=${encodeURIComponent(JSON.stringify(slotsInput('2026-11-20T11:00:00.000Z', '2026-12-01T11:00:00.000Z')))}`,
    )
    expect(slots.status).toBe(502)
    expect(await slots.json()).toMatchObject({
      error: {
        json: {
          message: 'The calendar service did not answer in time. Please try again.',
          data: { code: 'BAD_GATEWAY', httpStatus: 502 },
        },
      },
    })
  })

  it('turns an unreachable Cal.com into a 502 with a message', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const dead = await startServer({ config: testConfig({ CALCOM_URL: deadUrl }), store: untouchableStore, clock: testClock() })
    try {
      const response = await postBooking(dead.url, bookingBody('2026-11-24T09:00'))
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({ message: 'The calendar service cannot be reached. Please try again later.' })
    } finally {
      await dead.close()
    }
  })
})
