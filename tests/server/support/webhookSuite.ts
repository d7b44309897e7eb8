/**
 * Webhooks end to end over HTTP, run once per backend like ./afterBookingSuite: Cal.com's API v2 driven the way n8n's
 * Cal.com Trigger drives it, deliveries to a real local subscriber that checks both signatures of every delivery, the
 * outbox's retries, 410, MEETING_ENDED on an injected clock, a voice booking, a no-show, and (PostgreSQL) two instances
 * delivering each event once. Nothing secret may reach a log line.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BookingStore } from '../../../server/db/store'
import { noShowUpdatedEvent } from '../../../server/webhooks/bookingPayload'
import { createWebhookWorker, webhookWorkerFromConfig, type WebhookWorker } from '../../../server/webhooks/worker'
import type { StoreBackend } from './bookingSuite'
import { bookingBody, capturedLogger, postBooking, startServer, testClock, testConfig, type RunningServer, type TestClock } from './harness'
import { calSignatureValid, standardSignatureValid, WebhookReceiver, type Delivery } from '../../support/webhookReceiver'

const API_KEY = `key-${randomBytes(24).toString('hex')}`
const TEAM = 'team@kiwi.example'
const VAPI_SECRET = 'test-vapi-secret-0123456789abcdef'
/** n8n's Cal.com Trigger's three events and MEETING_ENDED, as it subscribes. */
const N8N_EVENTS = ['BOOKING_CANCELLED', 'BOOKING_CREATED', 'BOOKING_RESCHEDULED', 'MEETING_ENDED']
const newSecret = () => randomBytes(32).toString('hex')
const at = (iso: string) => Temporal.Instant.from(iso)

/** A subscription as /v2 answers it. */
interface HookOut {
  id: number
  subscriberUrl: string
  triggers: string[]
  active: boolean
  payloadTemplate: string | null
  secret: string | null
}

/** A /v2 answer: Cal.com's envelope. */
interface V2Answer<T> {
  status: number
  body: { status: string; data: T; error: { code: string; message: string } }
  headers: Headers
}

interface Site {
  server: RunningServer
  clock: TestClock
  worker: WebhookWorker
  lines: string[]
  /** A request to /v2 with the key (or `key`). */
  v2: <T = HookOut>(path: string, init?: { method?: string; body?: unknown; key?: string | null }) => Promise<V2Answer<T>>
  subscribe: (hook: Record<string, unknown>, base?: string) => Promise<{ id: number; secret: string }>
  book: (start: string, overrides?: Parameters<typeof bookingBody>[1]) => Promise<{ uid: string; id: number; location: string }>
  reschedule: (uid: string, start: string) => Promise<void>
  cancel: (uid: string, reason?: string) => Promise<void>
  /** Moves the injected clock and lets the worker look at once. */
  advanceTo: (iso: string) => void
  close: () => Promise<void>
}

export function defineWebhookSuite(name: string, makeBackend: () => Promise<StoreBackend>, options: { instances?: boolean } = {}) {
  describe(`webhooks on ${name}`, () => {
    let backend: StoreBackend
    let store: BookingStore
    const receiver = new WebhookReceiver()
    const sites: Site[] = []
    /** Every secret a test made: none may reach a log. */
    const secrets = new Set<string>([API_KEY])
    /** Each subscription's secret as it is now, by id: every delivery is checked with its own. */
    const hookSecrets = new Map<number, string | null>()

    beforeAll(async () => {
      backend = await makeBackend()
      store = await backend.open()
      await receiver.start()
    })
    afterEach(async () => {
      for (const s of sites.splice(0)) await s.close()
      // Every delivery of the test, whatever it asserted: signed with its subscription's secret, both ways.
      for (const delivery of receiver.received) {
        const hookId = Number(delivery.headers['webhook-id']?.split('_').pop())
        const secret = hookSecrets.get(hookId)
        if (secret === undefined) continue
        if (secret === null) {
          expect(delivery.headers['x-cal-signature-256']).toBe('no-secret-provided')
          expect(delivery.headers['webhook-signature']).toBeUndefined()
        } else {
          expect(calSignatureValid(delivery, secret), `X-Cal-Signature-256 of ${delivery.headers['webhook-id']}`).toBe(true)
          expect(standardSignatureValid(delivery, secret), `webhook-signature of ${delivery.headers['webhook-id']}`).toBe(true)
        }
      }
      hookSecrets.clear()
      for (const hook of await store.webhooks.all()) await store.webhooks.remove(hook.id, hook.eventTypeId)
      receiver.answers = []
      receiver.silent = false
      receiver.received.length = 0
    })
    afterAll(async () => {
      await receiver.stop()
      await store?.close()
      await backend?.dispose()
    })

    /** The site with its webhook worker on the injected clock, as server/main.ts wires them. */
    async function site(env: Record<string, string> = {}, clock: TestClock = testClock(), on: BookingStore = store, worker?: WebhookWorker): Promise<Site> {
      const config = testConfig({ API_KEY, HOST_EMAIL: TEAM, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRIES: '1s,1s', VAPI_SERVER_SECRET: VAPI_SECRET, ...env })
      const log = capturedLogger('debug')
      const hooks = worker ?? webhookWorkerFromConfig(config, on, (line) => log.logger.info(line), { clock: clock.read, pollMs: 100 })
      const server = await startServer({ config, store: on, clock, onMailQueued: hooks.wake, logger: log.logger })
      hooks.start()
      const v2: Site['v2'] = async (path, init = {}) => {
        const key = init.key === undefined ? API_KEY : init.key
        const response = await fetch(`${server.url}/v2${path}`, {
          method: init.method ?? 'GET',
          headers: {
            ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
            ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
        })
        return { status: response.status, body: (await response.json()) as V2Answer<never>['body'], headers: response.headers }
      }
      const made: Site = {
        server,
        clock,
        worker: hooks,
        lines: log.lines,
        v2,
        async subscribe(hook, base = '/webhooks') {
          const secret = typeof hook.secret === 'string' ? hook.secret : newSecret()
          secrets.add(secret)
          const answer = await v2(base, { method: 'POST', body: { subscriberUrl: receiver.url, triggers: N8N_EVENTS, active: true, secret, ...hook } })
          expect(answer.status, JSON.stringify(answer.body)).toBe(201)
          hookSecrets.set(answer.body.data.id, secret)
          return { id: answer.body.data.id, secret }
        },
        async book(start, overrides = {}) {
          const response = await postBooking(server.url, bookingBody(start, overrides))
          expect(response.status, await response.clone().text()).toBe(200)
          return (await response.json()) as { uid: string; id: number; location: string }
        },
        async reschedule(uid, start) {
          const { responses: _dropped, ...body } = bookingBody(start)
          const response = await postBooking(server.url, { ...body, rescheduleUid: uid })
          expect(response.status, await response.clone().text()).toBe(200)
        },
        async cancel(uid, reason) {
          const response = await fetch(`${server.url}/api/cancel`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ uid, ...(reason ? { cancellationReason: reason } : {}) }),
          })
          expect(response.status, await response.clone().text()).toBe(200)
        },
        advanceTo(iso) {
          clock.now = at(iso)
          hooks.wake()
        },
        async close() {
          await hooks.stop()
          await server.close()
          // Nothing secret in any line: the key, a hook's secret, a subscriber's URL or its token, a delivery's body.
          const text = log.lines.join('\n')
          for (const secret of secrets) expect(text).not.toContain(secret)
          expect(text).not.toContain('receiver-token')
          expect(text).not.toContain('/hooks/catch')
          expect(text).not.toContain('"triggerEvent"')
        },
      }
      sites.push(made)
      return made
    }

    /** Waits until `count` deliveries of the booking's `trigger` have arrived, and a moment more for any extra one. */
    async function arrived(uid: string, trigger: string, count = 1): Promise<Delivery[]> {
      await expect.poll(() => receiver.of(uid, trigger).length, { timeout: 10_000, message: `${count} × ${trigger}` }).toBeGreaterThanOrEqual(count)
      await new Promise((resolve) => setTimeout(resolve, 300))
      return receiver.of(uid, trigger)
    }

    /** Both signatures hold for the body as sent, and neither for the body changed by one character. */
    function expectSigned(delivery: Delivery, secret: string) {
      expect(calSignatureValid(delivery, secret), 'X-Cal-Signature-256').toBe(true)
      expect(standardSignatureValid(delivery, secret), 'webhook-signature').toBe(true)
      const tampered = { ...delivery, body: delivery.body.replace('"triggerEvent":"', '"triggerEvent":" ') }
      expect(tampered.body).not.toBe(delivery.body)
      expect(calSignatureValid(tampered, secret)).toBe(false)
      expect(standardSignatureValid(tampered, secret)).toBe(false)
      expect(delivery.headers['x-cal-webhook-version']).toBe('2021-10-20')
      expect(delivery.headers['content-type']).toBe('application/json')
      expect(delivery.headers['webhook-id']).toMatch(/^msg_[\w-]+_\d+$/)
    }

    describe("Cal.com's API v2, as n8n's Cal.com Trigger calls it", () => {
      it('tests the key with /v2/me, lists with take and skip, subscribes, finds its webhook again by URL, triggers and secret, and deletes it', async () => {
        const s = await site()
        // The credential test.
        const me = await s.v2('/me')
        expect(me.status).toBe(200)
        expect(me.body).toEqual({
          status: 'success',
          data: expect.objectContaining({ id: 1, username: 'kiwi-automate', email: TEAM, name: 'Kiwi Automate', timeZone: 'Pacific/Auckland' }),
        })
        expect(me.headers.get('cache-control')).toBe('no-store')
        const types = await s.v2('/event-types')
        expect(types.body.data).toEqual([expect.objectContaining({ id: 7, slug: 'quick-chat', title: '15 Min Call', lengthInMinutes: 15 })])

        // checkExists: nothing yet.
        expect(await s.v2('/webhooks?take=250&skip=0')).toMatchObject({ status: 200, body: { status: 'success', data: [] } })
        // create: a random secret of its own, the four events, active.
        const secret = newSecret()
        secrets.add(secret)
        const created = await s.v2('/webhooks', { method: 'POST', body: { subscriberUrl: receiver.url, triggers: N8N_EVENTS, active: true, secret } })
        expect(created.status).toBe(201)
        expect(created.body).toEqual({
          status: 'success',
          data: { id: expect.any(Number), subscriberUrl: receiver.url, triggers: N8N_EVENTS, active: true, payloadTemplate: null, secret, userId: 1 },
        })
        // checkExists on the next activation: the same page, matched as the node matches it.
        const listed = (await s.v2<HookOut[]>('/webhooks?take=250&skip=0')).body.data
        const found = listed.find(
          (w) =>
            w.subscriberUrl === receiver.url &&
            w.active &&
            w.triggers.length === N8N_EVENTS.length &&
            N8N_EVENTS.every((e) => w.triggers.includes(e)) &&
            (w.payloadTemplate ?? '') === '',
        )
        expect(found?.id).toBe(created.body.data.id)
        expect(found?.secret).toBe(secret)
        hookSecrets.set(found!.id, secret)
        expect((await s.v2('/webhooks?take=250&skip=1')).body.data).toEqual([])
        expect((await s.v2(`/webhooks/${found!.id}`)).body.data).toEqual(created.body.data)

        // A booking reaches it, signed twice; a body changed in transit verifies under neither signature.
        const booked = await s.book('2026-11-23T11:00')
        const [delivery] = await arrived(booked.uid, 'BOOKING_CREATED')
        expectSigned(delivery!, secret)

        // delete: answered with the webhook; gone from the list and from reads.
        const deleted = await s.v2(`/webhooks/${found!.id}`, { method: 'DELETE' })
        expect(deleted).toMatchObject({ status: 200, body: { status: 'success', data: { id: found!.id } } })
        expect((await s.v2('/webhooks?take=250&skip=0')).body.data).toEqual([])
        expect((await s.v2(`/webhooks/${found!.id}`)).status).toBe(404)
        const later = await s.book('2026-11-23T11:15')
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect(receiver.of(later.uid)).toEqual([])
      })

      it('is off (404) without API_KEY and in Cal.com mode; 401 without the right key; 429 past the wrong keys, before any comparison', async () => {
        const off = await site({ API_KEY: '' })
        expect(await off.v2('/me')).toMatchObject({ status: 404, body: { status: 'error', error: { code: 'NotFoundException' } } })
        const calcom = await site({ CALCOM_URL: 'http://127.0.0.1:9' })
        expect((await calcom.v2('/webhooks')).status).toBe(404)

        const s = await site({ RATE_LIMIT_SECRET_FAILURES: '3' })
        expect(await s.v2('/me', { key: null })).toMatchObject({ status: 401, body: { status: 'error', error: { code: 'UnauthorizedException' } } })
        expect((await s.v2('/me', { key: `${API_KEY}x` })).status).toBe(401)
        expect((await s.v2('/me', { key: API_KEY.slice(0, -1) })).status).toBe(401)
        // The third wrong key was counted: now even the right key waits, with Retry-After.
        const refused = await s.v2('/me')
        expect(refused).toMatchObject({ status: 429, body: { status: 'error', error: { code: 'TooManyRequestsException' } } })
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
        // Unknown paths under /v2 answer in the envelope too.
        const fresh = await site()
        expect(await fresh.v2('/bookings')).toMatchObject({ status: 404, body: { status: 'error' } })
      })

      it('refuses bad bodies naming the field, a 26th webhook, and subscribers on loopback, private, link-local and metadata addresses, resolved', async () => {
        const s = await site({ WEBHOOK_ALLOW_PRIVATE: 'false' })
        const post = (body: unknown) => s.v2('/webhooks', { method: 'POST', body })
        const good = { subscriberUrl: 'https://93.184.215.14/hook', triggers: ['BOOKING_CREATED'], active: true }
        const cases: [unknown, RegExp][] = [
          [{ ...good, subscriberUrl: undefined }, /^subscriberUrl/],
          [{ ...good, subscriberUrl: 42 }, /^subscriberUrl/],
          [{ ...good, triggers: [] }, /^triggers/],
          [{ ...good, triggers: ['BOOKING_EXPLODED'] }, /^triggers/],
          [{ ...good, triggers: 'BOOKING_CREATED' }, /^triggers/],
          [{ ...good, active: 'yes' }, /^active/],
          [{ ...good, secret: 'has spaces in it' }, /^secret/],
          [{ ...good, secret: 'x'.repeat(257) }, /^secret/],
          [{ ...good, payloadTemplate: 'x'.repeat(8001) }, /^payloadTemplate/],
          [[good], /JSON object/],
          [{ ...good, subscriberUrl: 'ftp://example.com/hook' }, /^subscriberUrl must be an http/],
          [{ ...good, subscriberUrl: 'not a url' }, /^subscriberUrl must be an http/],
          [{ ...good, subscriberUrl: 'http://127.0.0.1:8080/hook' }, /public internet/],
          [{ ...good, subscriberUrl: 'http://localhost:5678/webhook' }, /public internet/],
          [{ ...good, subscriberUrl: 'http://[::1]/hook' }, /public internet/],
          [{ ...good, subscriberUrl: 'http://[::ffff:10.0.0.1]/hook' }, /public internet/],
          [{ ...good, subscriberUrl: 'http://10.1.2.3/hook' }, /public internet/],
          [{ ...good, subscriberUrl: 'http://192.168.1.20:5678/webhook' }, /public internet/],
          [{ ...good, subscriberUrl: 'http://169.254.169.254/latest/meta-data/' }, /public internet/],
          [{ ...good, subscriberUrl: 'http://100.100.100.200/' }, /public internet/],
          [{ ...good, subscriberUrl: 'https://no-such-host.invalid/hook' }, /cannot be found/],
        ]
        for (const [body, message] of cases) {
          const answer = await post(body)
          expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
          expect(answer.body.status).toBe('error')
          expect(answer.body.error.code).toBe('BadRequestException')
          expect(answer.body.error.message).toMatch(message)
        }
        expect(await s.v2('/webhooks', { method: 'POST', body: '{"subscriberUrl":' })).toMatchObject({ status: 400, body: { error: { message: 'The request body must be JSON.' } } })
        const notJson = await fetch(`${s.server.url}/v2/webhooks`, { method: 'POST', headers: { Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'text/plain' }, body: '{}' })
        expect(notJson.status).toBe(415)
        expect((await s.v2('/webhooks?take=0')).status).toBe(400)
        expect((await s.v2('/webhooks?take=251')).status).toBe(400)
        expect((await s.v2('/webhooks?skip=-1')).status).toBe(400)
        // A change to a private address is refused as a new one is.
        const made = await post(good)
        expect(made.status).toBe(201)
        expect((await s.v2(`/webhooks/${made.body.data.id}`, { method: 'PATCH', body: { subscriberUrl: 'http://127.0.0.1/x' } })).status).toBe(400)
        // Nothing refused was stored; 25 at most, all scopes together.
        expect((await s.v2('/webhooks')).body.data).toHaveLength(1)
        for (let i = 1; i < 25; i++) expect((await post({ ...good, subscriberUrl: `https://93.184.215.14/hook/${i}` })).status).toBe(201)
        const full = await s.v2('/event-types/7/webhooks', { method: 'POST', body: good })
        expect(full).toMatchObject({ status: 400, body: { error: { message: 'At most 25 webhooks can be subscribed: delete one first.' } } })
      })

      it('keeps event-type webhooks to their own routes, changes what a PATCH names, and drops what a webhook turned off had still to send', async () => {
        const s = await site()
        const mine = await s.subscribe({ triggers: ['BOOKING_CREATED'] }, '/event-types/7/webhooks')
        expect((await s.v2('/event-types/7/webhooks')).body.data).toEqual([
          expect.objectContaining({ id: mine.id, eventTypeId: 7, triggers: ['BOOKING_CREATED'], secret: mine.secret }),
        ])
        expect((await s.v2('/webhooks')).body.data).toEqual([])
        expect((await s.v2(`/webhooks/${mine.id}`)).status).toBe(404)
        expect((await s.v2('/event-types/8/webhooks')).status).toBe(404)
        const template = '{"who":"{{attendees.0.name}}","what":"{{triggerEvent}}"}'
        const patched = await s.v2(`/event-types/7/webhooks/${mine.id}`, { method: 'PATCH', body: { payloadTemplate: template } })
        expect(patched.body.data).toMatchObject({ triggers: ['BOOKING_CREATED'], payloadTemplate: template, secret: mine.secret, active: true })
        const cleared = await s.v2(`/event-types/7/webhooks/${mine.id}`, { method: 'PATCH', body: { secret: null, payloadTemplate: null } })
        hookSecrets.set(mine.id, null)
        expect(cleared.body.data).toMatchObject({ secret: null, payloadTemplate: null, triggers: ['BOOKING_CREATED'] })

        // Turned off while its subscriber is down: the retry still to go never goes, even once it is on again.
        receiver.answers = [503]
        const booked = await s.book('2026-11-23T13:00')
        await expect.poll(() => receiver.of(booked.uid).length).toBe(1)
        expect((await s.v2(`/event-types/7/webhooks/${mine.id}`, { method: 'PATCH', body: { active: false } })).body.data.active).toBe(false)
        expect((await s.v2(`/event-types/7/webhooks/${mine.id}`, { method: 'PATCH', body: { active: true } })).body.data.active).toBe(true)
        s.advanceTo('2026-11-23T08:31:00+13:00')
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect(receiver.of(booked.uid)).toHaveLength(1)
        expect((await store.webhookOutbox.forBooking(booked.uid)).map((d) => [d.status, d.lastError])).toEqual([['dropped', 'the webhook was turned off']])
        expect((await s.v2(`/event-types/7/webhooks/${mine.id}`, { method: 'DELETE' })).status).toBe(200)
      })
    })

    describe('deliveries in Cal.com’s shape', () => {
      it('booking, rescheduling and cancelling each reach the subscriber within seconds, with the join link, notes, times, attendees, rescheduleUid and cancellationReason', async () => {
        const s = await site()
        const { secret } = await s.subscribe({})
        const started = Date.now()
        const booked = await s.book('2026-11-24T10:00', {
          responses: { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [], notes: 'Quotes and follow-ups; we use Xero.' },
        })
        const [created] = await arrived(booked.uid, 'BOOKING_CREATED')
        expect(Date.now() - started).toBeLessThan(5000)
        expectSigned(created!, secret)
        expect(created!.json.createdAt).toBe('2026-11-22T19:30:00.000Z')
        const payload = created!.json.payload!
        expect(payload).toMatchObject({
          type: 'quick-chat',
          title: '15 Min Call between Kiwi Automate and Aroha Ngata',
          description: 'Quotes and follow-ups; we use Xero.',
          additionalNotes: 'Quotes and follow-ups; we use Xero.',
          startTime: '2026-11-23T21:00:00.000Z',
          endTime: '2026-11-23T21:15:00.000Z',
          organizer: { name: 'Kiwi Automate', email: TEAM, timeZone: 'Pacific/Auckland', language: { locale: 'en' } },
          attendees: [{ name: 'Aroha Ngata', email: 'aroha@example.co.nz', timeZone: 'Pacific/Auckland', language: { locale: 'en' }, firstName: 'Aroha', lastName: 'Ngata' }],
          location: booked.location,
          metadata: { videoCallUrl: booked.location },
          uid: booked.uid,
          bookingId: booked.id,
          eventTypeId: 7,
          length: 15,
          status: 'ACCEPTED',
          responses: {
            name: { label: 'your_name', value: 'Aroha Ngata' },
            email: { label: 'email_address', value: 'aroha@example.co.nz' },
            notes: { label: 'additional_notes', value: 'Quotes and follow-ups; we use Xero.' },
            location: { label: 'location', value: { value: 'video', optionValue: '' } },
          },
        })
        expect(booked.location).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{24}$/)

        await s.reschedule(booked.uid, '2026-11-24T11:30')
        const [moved] = await arrived(booked.uid, 'BOOKING_RESCHEDULED')
        expectSigned(moved!, secret)
        expect(moved!.json.payload).toMatchObject({
          uid: booked.uid,
          rescheduleUid: booked.uid,
          startTime: '2026-11-23T22:30:00.000Z',
          endTime: '2026-11-23T22:45:00.000Z',
          rescheduleStartTime: '2026-11-23T21:00:00.000Z',
          rescheduleEndTime: '2026-11-23T21:15:00.000Z',
          rescheduledBy: 'aroha@example.co.nz',
          location: booked.location,
          status: 'ACCEPTED',
        })

        await s.cancel(booked.uid, 'Plans changed')
        const [cancelled] = await arrived(booked.uid, 'BOOKING_CANCELLED')
        expectSigned(cancelled!, secret)
        expect(cancelled!.json.payload).toMatchObject({ uid: booked.uid, status: 'CANCELLED', cancellationReason: 'Plans changed', cancelledBy: 'aroha@example.co.nz' })
        // Each once, each with its own webhook-id.
        const ids = [created, moved, cancelled].map((d) => d!.headers['webhook-id'])
        expect(new Set(ids).size).toBe(3)
        expect(receiver.of(booked.uid).filter((d) => d.json.triggerEvent !== 'MEETING_ENDED')).toHaveLength(3)
      })

      it("carries where the lead came from: Cal.com's tracking, and the metadata strings beside the join link", async () => {
        const s = await site()
        await s.subscribe({ triggers: ['BOOKING_CREATED'] })
        const tracking = { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring' }
        const booked = await s.book('2026-11-24T13:00', {
          tracking,
          metadata: { referrerHost: 'www.linkedin.com', landingPath: '/use-cases', bookedOnPage: '/services/automation', bookedFrom: 'service:automation', gclid: 'Cj0KCQ' },
        })
        const [created] = await arrived(booked.uid, 'BOOKING_CREATED')
        expect(created!.json.payload).toMatchObject({
          tracking,
          metadata: {
            videoCallUrl: booked.location,
            referrerHost: 'www.linkedin.com',
            landingPath: '/use-cases',
            bookedOnPage: '/services/automation',
            bookedFrom: 'service:automation',
            gclid: 'Cj0KCQ',
          },
        })
        // A booking that carries no lead has no tracking at all, and only the join link in its metadata.
        const plain = await s.book('2026-11-24T13:15')
        const [bare] = await arrived(plain.uid, 'BOOKING_CREATED')
        expect(bare!.json.payload).not.toHaveProperty('tracking')
        expect(bare!.json.payload!.metadata).toEqual({ videoCallUrl: plain.location })
      })

      it('a phone call carries its number, and a booking made by voice fires the same event', async () => {
        const s = await site({ BOOKING_LOCATIONS: 'video,phone' })
        await s.subscribe({ triggers: ['BOOKING_CREATED'] })
        const phoned = await s.book('2026-11-25T10:00', {
          responses: { name: 'Tama Rewi', email: 'tama@example.co.nz', guests: [], location: { value: 'phone', optionValue: '021 555 0123' } },
        })
        const [byPhone] = await arrived(phoned.uid, 'BOOKING_CREATED')
        expect(byPhone!.json.payload).toMatchObject({
          location: '+64215550123',
          metadata: {},
          attendees: [expect.objectContaining({ phoneNumber: '+64215550123' })],
          responses: { location: { label: 'location', value: { value: 'phone', optionValue: '+64215550123' } } },
        })

        const fixture = JSON.parse(await readFile(join(import.meta.dirname, '../fixtures/vapi-tool-calls.book-call.json'), 'utf8'))
        const voice = await fetch(`${s.server.url}/api/voice/tools`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-vapi-secret': VAPI_SECRET },
          body: JSON.stringify(fixture),
        })
        expect(voice.status).toBe(200)
        expect(JSON.stringify(await voice.json())).toMatch(/booked/i)
        await expect.poll(() => receiver.received.filter((d) => (d.json.payload?.attendees as { email: string }[] | undefined)?.[0]?.email === 'aroha@example.co.nz').length, { timeout: 10_000 }).toBe(1)
        const byVoice = receiver.received.find((d) => (d.json.payload?.attendees as { email: string }[] | undefined)?.[0]?.email === 'aroha@example.co.nz')!
        expect(byVoice.json).toMatchObject({
          triggerEvent: 'BOOKING_CREATED',
          payload: { startTime: '2026-11-26T01:30:00.000Z', additionalNotes: expect.stringContaining('plumbing'), status: 'ACCEPTED', eventTypeId: 7 },
        })
      })

      it('MEETING_ENDED goes at the call’s end on the injected clock, moves with the call, and never comes for a cancelled one', async () => {
        const s = await site()
        const { secret } = await s.subscribe({ triggers: ['MEETING_ENDED'] })
        const held = await s.book('2026-11-23T11:30')
        const moved = await s.book('2026-11-23T11:45')
        const cancelled = await s.book('2026-11-23T12:00')
        await s.reschedule(moved.uid, '2026-11-23T12:30')
        await s.cancel(cancelled.uid)
        expect(await store.webhookOutbox.pendingEvents(held.uid)).toEqual([{ trigger: 'MEETING_ENDED', dueAt: '2026-11-22T22:45:00.000Z' }])
        expect(await store.webhookOutbox.pendingEvents(moved.uid)).toEqual([{ trigger: 'MEETING_ENDED', dueAt: '2026-11-22T23:45:00.000Z' }])
        expect(await store.webhookOutbox.pendingEvents(cancelled.uid)).toEqual([])

        // Other tests' calls end meanwhile too, and this subscription gets theirs: it listens when they come due.
        const ours = () => [held, moved, cancelled].flatMap((b) => receiver.of(b.uid))
        s.advanceTo('2026-11-23T11:44:59+13:00')
        await new Promise((resolve) => setTimeout(resolve, 400))
        expect(ours()).toEqual([])
        s.advanceTo('2026-11-23T11:45:00+13:00')
        const [ended] = await arrived(held.uid, 'MEETING_ENDED')
        expectSigned(ended!, secret)
        expect(ended!.json).toMatchObject({ createdAt: '2026-11-22T22:45:00.000Z', payload: { uid: held.uid, endTime: '2026-11-22T22:45:00.000Z', status: 'ACCEPTED' } })
        // The moved call's old end (12:00) passes without one; its new end brings it.
        s.advanceTo('2026-11-23T12:40:00+13:00')
        await new Promise((resolve) => setTimeout(resolve, 400))
        expect(receiver.of(moved.uid)).toEqual([])
        s.advanceTo('2026-11-23T13:00:00+13:00')
        expect((await arrived(moved.uid, 'MEETING_ENDED'))[0]!.json.payload).toMatchObject({ startTime: '2026-11-22T23:30:00.000Z' })
        expect(receiver.of(cancelled.uid)).toEqual([])
        expect(ours()).toHaveLength(2)
      })

      it('a subscriber answering 503, then 500, then 200 gets the event once, with one webhook-id, each attempt recorded', async () => {
        const s = await site({ WEBHOOK_RETRIES: '1s,1s' })
        const { secret } = await s.subscribe({ triggers: ['BOOKING_CREATED'] })
        receiver.answers = [503, 500]
        const booked = await s.book('2026-11-23T14:00')
        await expect.poll(() => receiver.of(booked.uid).length).toBe(1)
        // The retry waits its second on the injected clock.
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(receiver.of(booked.uid)).toHaveLength(1)
        s.advanceTo('2026-11-23T08:30:01+13:00')
        await expect.poll(() => receiver.of(booked.uid).length).toBe(2)
        s.advanceTo('2026-11-23T08:30:02+13:00')
        const all = await arrived(booked.uid, 'BOOKING_CREATED', 3)
        expect(all.map((d) => d.answered)).toEqual([503, 500, 200])
        expect(new Set(all.map((d) => d.headers['webhook-id'])).size).toBe(1)
        expect(new Set(all.map((d) => d.body)).size).toBe(1)
        for (const d of all) expectSigned(d, secret)
        const [state] = await store.webhookOutbox.forBooking(booked.uid)
        expect(state).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200, messageId: all[0]!.headers['webhook-id'] })
        expect(state!.tries.map((t) => [t.status, t.error])).toEqual([
          [503, 'answered 503'],
          [500, 'answered 500'],
          [200, null],
        ])
        expect(state!.tries.every((t) => t.durationMs >= 0)).toBe(true)
        s.advanceTo('2026-11-23T09:00:00+13:00')
        await new Promise((resolve) => setTimeout(resolve, 400))
        expect(receiver.of(booked.uid)).toHaveLength(3)
      })

      it('gives up after the last wait of WEBHOOK_RETRIES, and a 410 turns the webhook off at once', async () => {
        const s = await site({ WEBHOOK_RETRIES: '1s' })
        const { id } = await s.subscribe({ triggers: ['BOOKING_CREATED'] })
        receiver.answers = [500, 502, 200]
        const failing = await s.book('2026-11-23T15:00')
        await expect.poll(() => receiver.of(failing.uid).length).toBe(1)
        s.advanceTo('2026-11-23T08:30:01+13:00')
        await expect.poll(() => receiver.of(failing.uid).length).toBe(2)
        s.advanceTo('2026-11-23T09:30:00+13:00')
        await new Promise((resolve) => setTimeout(resolve, 400))
        expect(receiver.of(failing.uid)).toHaveLength(2)
        expect(await store.webhookOutbox.forBooking(failing.uid)).toMatchObject([{ status: 'failed', attempts: 2, lastStatus: 502 }])

        receiver.answers = [410]
        const gone = await s.book('2026-11-23T15:15')
        await expect.poll(() => receiver.of(gone.uid).length).toBe(1)
        await expect.poll(async () => (await s.v2(`/webhooks/${id}`)).body.data.active).toBe(false)
        expect(await store.webhookOutbox.forBooking(gone.uid)).toMatchObject([{ status: 'failed', attempts: 1, lastStatus: 410 }])
        const after = await s.book('2026-11-23T15:30')
        await new Promise((resolve) => setTimeout(resolve, 400))
        expect(receiver.of(after.uid)).toEqual([])
        expect((await store.webhooks.all())[0]!.offReason).toBe('the subscriber answered 410 Gone')
      })

      it('never connects to a private address without WEBHOOK_ALLOW_PRIVATE, as written or as resolved when it sends', async () => {
        const s = await site({ WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_RETRIES: '' })
        // Stored while private addresses were allowed (or a name that resolved elsewhere then): refused at the connection.
        for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')])
          await store.webhooks.create({ subscriberUrl: url, triggers: ['BOOKING_CREATED'], active: true, secret: null, payloadTemplate: null, eventTypeId: null }, 25, s.clock.read().toString())
        const booked = await s.book('2026-11-23T13:30')
        await expect.poll(async () => (await store.webhookOutbox.forBooking(booked.uid)).map((d) => [d.status, d.lastError])).toEqual([
          ['failed', 'refused: the host is not on a public address'],
          ['failed', 'refused: the host is not on a public address'],
        ])
        expect(receiver.received).toEqual([])
      })

      it('a subscriber that does not answer in time is tried again', async () => {
        const log = capturedLogger('debug')
        const clock = testClock()
        const worker = createWebhookWorker({
          outbox: store.webhookOutbox,
          clock: clock.read,
          log: (line) => log.logger.info(line),
          retries: [1000],
          allowPrivate: true,
          timeoutMs: 300,
          pollMs: 100,
        })
        const s = await site({}, clock, store, worker)
        await s.subscribe({ triggers: ['BOOKING_CREATED'] })
        receiver.silent = true
        const booked = await s.book('2026-11-23T16:00')
        await expect.poll(async () => (await store.webhookOutbox.forBooking(booked.uid))[0]?.lastError, { timeout: 5000 }).toBe('no answer in time')
        receiver.silent = false
        s.advanceTo('2026-11-23T08:30:01+13:00')
        await expect.poll(async () => (await store.webhookOutbox.forBooking(booked.uid))[0]?.status).toBe('delivered')
        expect(log.lines.join('\n')).toMatch(/webhook delivery \d+ \(BOOKING_CREATED to webhook \d+, attempt 1\) failed; next try at .* \(no answer in time/)
      })

      it('renders a payloadTemplate with Cal.com’s {{variables}}, and sends a template that is not JSON as a form', async () => {
        const s = await site()
        const template = JSON.stringify({ content: 'A new event has been scheduled', type: '{{type}}', name: '{{title}}', organizer: '{{organizer.name}}', booker: '{{attendees.0.name}}', when: '{{startTime}} ({{triggerEvent}})' })
        const { secret } = await s.subscribe({ triggers: ['BOOKING_CREATED'], payloadTemplate: template })
        const booked = await s.book('2026-11-23T16:30', { responses: { name: 'Mere "Mia" O’Brien', email: 'mere@example.co.nz', guests: [] } })
        await expect.poll(() => receiver.received.length).toBe(1)
        const [templated] = receiver.received
        expect(JSON.parse(templated!.body)).toEqual({
          content: 'A new event has been scheduled',
          type: 'quick-chat',
          name: '15 Min Call between Kiwi Automate and Mere "Mia" O’Brien',
          organizer: 'Kiwi Automate',
          booker: 'Mere "Mia" O’Brien',
          when: '2026-11-23T03:30:00.000Z (BOOKING_CREATED)',
        })
        expect(calSignatureValid(templated!, secret)).toBe(true)
        expect(standardSignatureValid(templated!, secret)).toBe(true)
        expect(booked.uid).toBeDefined()

        await s.v2(`/webhooks/${(await store.webhooks.all())[0]!.id}`, { method: 'PATCH', body: { payloadTemplate: 'booking={{uid}}&who={{attendees.0.email}}' } })
        const second = await s.book('2026-11-23T16:45', { responses: { name: 'Hemi', email: 'hemi@example.co.nz', guests: [] } })
        await expect.poll(() => receiver.received.length).toBe(2)
        expect(receiver.received[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded')
        expect(receiver.received[1]!.body).toBe(`booking=${second.uid}&who=hemi@example.co.nz`)
        expect(calSignatureValid(receiver.received[1]!, secret)).toBe(true)
      })

      it('BOOKING_NO_SHOW_UPDATED in Cal.com’s shape, from its builder written by the store (the desk’s call)', async () => {
        const s = await site()
        const { secret } = await s.subscribe({ triggers: ['BOOKING_NO_SHOW_UPDATED'] })
        const booked = await s.book('2026-11-23T10:30')
        const row = (await store.find(booked.uid))!
        await store.webhookOutbox.write(row.id, [noShowUpdatedEvent(row, true, { now: s.clock.read(), newId: () => randomBytes(8).toString('hex') })], s.clock.read())
        s.worker.wake()
        const [noShow] = await arrived(booked.uid, 'BOOKING_NO_SHOW_UPDATED')
        expectSigned(noShow!, secret)
        expect(noShow!.json).toEqual({
          triggerEvent: 'BOOKING_NO_SHOW_UPDATED',
          createdAt: '2026-11-22T19:30:00.000Z',
          payload: { message: `${row.email} marked as no-show`, bookingUid: booked.uid, bookingId: booked.id, attendees: [{ email: row.email, noShow: true }] },
        })
        // Only the subscription that asked for it: the booking's own BOOKING_CREATED went to nobody.
        expect(receiver.of(booked.uid)).toHaveLength(1)
      })
    })

    if (options.instances) {
      it('two instances on one PostgreSQL deliver each event once', async () => {
        const other = await backend.open()
        try {
          const one = await site({}, testClock(), store)
          const two = await site({}, testClock(), other)
          await one.subscribe({ triggers: ['BOOKING_CREATED', 'BOOKING_CANCELLED'] })
          const uids: string[] = []
          for (let i = 0; i < 8; i++) {
            const s = i % 2 === 0 ? one : two
            const booked = await s.book(`2026-11-27T${String(10 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`)
            uids.push(booked.uid)
            if (i % 4 === 3) await (i % 2 === 0 ? two : one).cancel(booked.uid)
          }
          await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(10)
          await new Promise((resolve) => setTimeout(resolve, 800))
          expect(receiver.received).toHaveLength(10)
          expect(new Set(receiver.received.map((d) => d.headers['webhook-id'])).size).toBe(10)
          for (const uid of uids) expect(receiver.of(uid, 'BOOKING_CREATED')).toHaveLength(1)
        } finally {
          for (const s of sites.splice(0)) await s.close()
          await other.close()
        }
      })
    }
  })
}
