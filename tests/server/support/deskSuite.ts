/**
 * The agency's desk over HTTP (docs/desk.md, core/deskWire.ts), run once per backend like ./manageSuite: signing in by
 * a mailed link, the session cookie and its expiry, the guards, the mail cap and limits, the view, the host's cancel,
 * no-shows and time off, with what each sends (mails to a real SMTP server, webhook events), and no desk data in a log.
 */
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingResponseSchema } from '../../../core/bookingWire'
import { DESK_TEXTS, DeskViewSchema, type DeskView } from '../../../core/deskWire'
import type { BookingStore } from '../../../server/db/store'
import { createMailer } from '../../../server/mail/mailer'
import type { StoreBackend } from './bookingSuite'
import { bookingBody, capturedLogger, localTimes, postBooking, slotsInput, slotsPath, startServer, testClock, testConfig, type TestClock } from './harness'
import { SmtpSink } from './smtpSink'

const NZ = 'Pacific/Auckland'
const PUBLIC_URL = 'https://kiwi.example'
const TEAM = 'team@kiwi.example'

/** Reads a table of the suite's store, where the backend allows it (PostgreSQL); undefined: it does not (PGlite). */
export type RawQuery = (text: string) => Promise<Record<string, unknown>[]>

let addresses = 0
/** A fresh address per use: the SMTP sink is shared by the whole suite. */
const fresh = (who: string) => `${who}${++addresses}@kiwi.example`

export function defineDeskSuite(name: string, makeBackend: () => Promise<StoreBackend>, raw?: () => Promise<{ query: RawQuery; close: () => Promise<void> }>) {
  describe(`the desk on ${name}`, () => {
    let backend: StoreBackend
    let store: BookingStore
    const sink = new SmtpSink()

    beforeAll(async () => {
      backend = await makeBackend()
      store = await backend.open()
      await sink.start()
    })
    afterAll(async () => {
      await sink.stop()
      await store?.close()
      await backend?.dispose()
    })

    /** The site with its mail worker, as server/main.ts wires them; `owner` may sign in. */
    async function site(env: Record<string, string> = {}, clock: TestClock = testClock()) {
      const owner = fresh('owner')
      const config = testConfig({ SMTP_URL: sink.url, HOST_EMAIL: TEAM, DESK_EMAILS: owner, PUBLIC_URL, ...env })
      const captured = capturedLogger('debug')
      const mail = createMailer({ config, store, dataDir: '/nonexistent', clock: clock.read, log: (line) => captured.lines.push(line), pollMs: 100 })
      const server = await startServer({ config, store, clock, onMailQueued: mail.wake, logger: captured.logger })
      mail.start()
      const post = (path: string, body: unknown, { cookie, origin = new URL(config.PUBLIC_URL).origin }: { cookie?: string; origin?: string | null } = {}) =>
        fetch(`${server.url}/api/desk${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}), ...(cookie ? { Cookie: cookie } : {}) },
          body: JSON.stringify(body),
        })
      const get = (cookie?: string) => fetch(`${server.url}/api/desk`, { headers: cookie ? { Cookie: cookie } : {} })
      const linkMails = (to: string) => sink.received.filter((m) => m.envelopeTo.includes(to) && (m.parsed.subject ?? '').startsWith('Your sign-in link'))
      /** The token of the sign-in mail to `to` after the `seen` ones before it. */
      const linkTo = async (to: string, seen = 0) => {
        await expect.poll(() => linkMails(to).length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(seen)
        const text = linkMails(to)[seen]?.parsed.text ?? ''
        const token = /#link=([A-Za-z0-9_-]+)/.exec(text)?.[1]
        expect(token).toBeDefined()
        return { token: token as string, text }
      }
      const signIn = async () => {
        const seen = linkMails(owner).length
        expect((await post('/link', { email: owner })).status).toBe(202)
        const { token } = await linkTo(owner, seen)
        const started = await post('/session', { token })
        expect(started.status).toBe(204)
        return { cookie: (started.headers.get('set-cookie') ?? '').split(';')[0] as string, token }
      }
      const view = async (cookie: string): Promise<DeskView> => {
        const response = await get(cookie)
        expect(response.status).toBe(200)
        return v.parse(DeskViewSchema, await response.json())
      }
      const booked = async (start: string, email = fresh('visitor')) => {
        const response = await postBooking(server.url, bookingBody(start, { responses: { name: 'Aroha Ngata', email, guests: [] } }))
        expect(response.status, await response.clone().text()).toBe(200)
        return { ...v.parse(BookingResponseSchema, await response.json()), email }
      }
      const slotTimes = async (from: string, to: string) => {
        const response = await fetch(server.url + slotsPath(slotsInput(from, to)))
        const body = (await response.json()) as { result: { data: { json: { slots: Record<string, { time: string }[]> } } } }
        return localTimes(body.result.data.json.slots, NZ)
      }
      /** A subscription to `trigger` (events are kept only while one listens), and the events it gets for `uid`. */
      const subscribe = async (trigger: 'BOOKING_CANCELLED' | 'BOOKING_NO_SHOW_UPDATED') => {
        const hook = await store.webhooks.create(
          { subscriberUrl: 'https://hooks.example/desk', triggers: [trigger], active: true, secret: null, payloadTemplate: null, eventTypeId: null },
          1000,
          clock.read().toString(),
        )
        if (hook === 'full') throw new Error('no room for a subscription')
        return async (uid: string) => {
          const now = clock.read()
          await store.webhookOutbox.fanOut(now, 1000)
          const claimed = await store.webhookOutbox.claim(now, now.add({ minutes: 5 }), 1000)
          return claimed.filter((d) => d.webhookId === hook.id && (d.payload.uid === uid || d.payload.bookingUid === uid)).map((d) => d.payload)
        }
      }
      const close = async () => {
        await mail.stop()
        await server.close()
      }
      return { url: server.url, config, owner, clock, logs: captured.lines, post, get, linkTo, signIn, view, booked, slotTimes, subscribe, close }
    }

    it('is not set up without DESK_EMAILS or HOST_EMAIL', async () => {
      const s = await site({ HOST_EMAIL: '', DESK_EMAILS: '' })
      try {
        for (const response of [await s.get(), await s.post('/link', { email: 'someone@example.com' })]) {
          expect(response.status).toBe(404)
          expect(await response.json()).toEqual({ code: 'not_set_up', message: DESK_TEXTS.notSetUp })
        }
      } finally {
        await s.close()
      }
    })

    it('answers a stranger and the host alike, mails only the host, and the link works once', async () => {
      const s = await site()
      try {
        const stranger = fresh('stranger')
        const answers = [await s.post('/link', { email: stranger }), await s.post('/link', { email: s.owner.toUpperCase() })]
        for (const answer of answers) {
          expect(answer.status).toBe(202)
          expect(answer.headers.get('cache-control')).toBe('no-store')
          expect(await answer.json()).toEqual({ message: DESK_TEXTS.linkSent })
        }
        const { token, text } = await s.linkTo(s.owner)
        expect(text).toContain(`${PUBLIC_URL}/desk#link=${token}`)
        expect(text).toContain('It works once, within 15 minutes.')
        expect(text).toContain('If you did not ask for it, you need not do anything')
        expect(sink.received.filter((m) => m.envelopeTo.includes(stranger))).toEqual([])

        const first = await s.post('/session', { token })
        expect(first.status).toBe(204)
        const again = await s.post('/session', { token })
        expect(again.status).toBe(400)
        expect(await again.json()).toEqual({ code: 'link_refused', message: DESK_TEXTS.linkRefused })
        expect((await s.post('/session', { token: 'x'.repeat(43) })).status).toBe(400)
      } finally {
        await s.close()
      }
    })

    it('refuses a link after 15 minutes', async () => {
      const clock = testClock()
      const s = await site({}, clock)
      try {
        await s.post('/link', { email: s.owner })
        const { token } = await s.linkTo(s.owner)
        clock.now = clock.now.add({ minutes: 15 })
        const late = await s.post('/session', { token })
        expect(late.status).toBe(400)
        expect(await late.json()).toMatchObject({ code: 'link_refused' })
      } finally {
        await s.close()
      }
    })

    it('sets a __Host- Secure cookie over https and a plain one over http, both HttpOnly and SameSite=Strict', async () => {
      const secure = await site()
      const plain = await site({ PUBLIC_URL: 'http://localhost:3000' })
      try {
        await secure.post('/link', { email: secure.owner })
        const started = await secure.post('/session', { token: (await secure.linkTo(secure.owner)).token })
        const cookie = started.headers.get('set-cookie') ?? ''
        expect(cookie).toMatch(/^__Host-desk_session=[A-Za-z0-9_-]{43};/)
        expect(cookie).toContain('; Path=/')
        expect(cookie).toContain('; HttpOnly')
        expect(cookie).toContain('; Secure')
        expect(cookie).toContain('; SameSite=Strict')

        await plain.post('/link', { email: plain.owner })
        const plainStart = await plain.post('/session', { token: (await plain.linkTo(plain.owner)).token })
        const plainCookie = plainStart.headers.get('set-cookie') ?? ''
        expect(plainCookie).toMatch(/^desk_session=[A-Za-z0-9_-]{43};/)
        expect(plainCookie).toContain('; HttpOnly')
        expect(plainCookie).toContain('; SameSite=Strict')
        expect(plainCookie).not.toContain('Secure')
      } finally {
        await secure.close()
        await plain.close()
      }
    })

    // The tables are read where the suite can reach them: on PostgreSQL (PGlite is the store's own process's).
    it.skipIf(!raw)('keeps only digests of the token and the session id', async () => {
      const s = await site()
      const db = await (raw as NonNullable<typeof raw>)()
      try {
        const { cookie, token } = await s.signIn()
        const sessionId = cookie.split('=')[1] as string
        const links = await db.query('SELECT token_hash FROM desk_links')
        const sessions = await db.query('SELECT id_hash FROM desk_sessions')
        const stored = JSON.stringify([links, sessions])
        expect(stored).not.toContain(token)
        expect(stored).not.toContain(sessionId)
        expect(links.map((row) => row.token_hash)).toContain((await import('node:crypto')).createHash('sha256').update(token).digest('hex'))
        // The sent mail keeps no text either.
        expect(JSON.stringify(await db.query("SELECT message FROM mail_jobs WHERE kind = 'desk-link'"))).not.toContain(token)
      } finally {
        await db.close()
        await s.close()
      }
    })

    it('ends a session after 12 idle hours, after 7 days whatever, and at sign-out', async () => {
      const clock = testClock()
      const s = await site({}, clock)
      try {
        const idle = await s.signIn()
        const busy = await s.signIn()
        clock.now = clock.now.add({ hours: 11 })
        expect((await s.get(busy.cookie)).status).toBe(200)
        clock.now = clock.now.add({ hours: 1 })
        const ended = await s.get(idle.cookie)
        expect(ended.status).toBe(401)
        expect(await ended.json()).toEqual({ code: 'signed_out', message: DESK_TEXTS.sessionEnded })
        // Seen every 11 hours, it lives until 7 days after it began.
        for (let hours = 22; hours < 7 * 24; hours += 11) {
          clock.now = testClock().now.add({ hours })
          expect((await s.get(busy.cookie)).status, `after ${hours} hours`).toBe(200)
        }
        clock.now = testClock().now.add({ hours: 7 * 24 })
        expect((await s.get(busy.cookie)).status).toBe(401)

        clock.now = testClock().now.add({ hours: 8 * 24 })
        const again = await s.signIn()
        const out = await s.post('/sign-out', {}, { cookie: again.cookie })
        expect(out.status).toBe(204)
        expect(out.headers.get('set-cookie')).toMatch(/^__Host-desk_session=;.*Max-Age=0/)
        expect((await s.get(again.cookie)).status).toBe(401)
        expect((await s.get()).status).toBe(401)
      } finally {
        await s.close()
      }
    })

    it('answers 403 to a POST from another origin or none, the sign-in routes included', async () => {
      const s = await site()
      try {
        const { cookie } = await s.signIn()
        const call = await s.booked('2026-11-25T10:00')
        for (const origin of ['https://evil.example', null]) {
          for (const [path, body] of [[`/calls/${call.uid}/cancel`, { reason: 'x' }], ['/link', { email: s.owner }], ['/session', { token: 'x'.repeat(43) }], ['/time-off', { from: '2026-12-01', to: '2026-12-01' }]] as const) {
            const response = await s.post(path, body, { cookie, origin })
            expect(response.status, `${path} from ${origin}`).toBe(403)
            expect(await response.json()).toEqual({ message: DESK_TEXTS.foreignOrigin })
          }
        }
        expect((await s.view(cookie)).upcoming.map((c) => c.uid)).toContain(call.uid)
      } finally {
        await s.close()
      }
    })

    it('sends at most DESK_LINK_MAILS_PER_HOUR sign-in mails an hour, answering the same past it', async () => {
      // An hour of its own: the cap counts the whole site's links.
      const clock = testClock(testClock().now.add({ hours: 400 * 24 }))
      const s = await site({ DESK_LINK_MAILS_PER_HOUR: '1' }, clock)
      try {
        expect((await s.post('/link', { email: s.owner })).status).toBe(202)
        await s.linkTo(s.owner)
        const capped = await s.post('/link', { email: s.owner })
        expect(capped.status).toBe(202)
        expect(await capped.json()).toEqual({ message: DESK_TEXTS.linkSent })
        await expect.poll(() => s.logs.some((line) => line.includes('DESK_LINK_MAILS_PER_HOUR'))).toBe(true)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(sink.received.filter((m) => m.envelopeTo.includes(s.owner))).toHaveLength(1)
      } finally {
        await s.close()
      }
    })

    it('limits sign-in links per address, listed or not, and per network', async () => {
      const s = await site({ RATE_LIMIT_BOOKINGS: '5' })
      try {
        const stranger = fresh('stranger')
        for (let i = 0; i < 3; i++) expect((await s.post('/link', { email: stranger })).status).toBe(202)
        const limited = await s.post('/link', { email: stranger })
        expect(limited.status).toBe(429)
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(await limited.json()).toEqual({ message: DESK_TEXTS.tooManyLinks })
        // The network's fifth request passes, its sixth does not.
        expect((await s.post('/link', { email: fresh('other') })).status).toBe(202)
        expect((await s.post('/session', { token: 'x'.repeat(43) })).status).toBe(429)
      } finally {
        await s.close()
      }
    })

    it('shows the calls with their join links, by start, and checks the view against the wire', async () => {
      const s = await site()
      try {
        const { cookie } = await s.signIn()
        const later = await s.booked('2026-12-02T11:00')
        const sooner = await s.booked('2026-12-01T09:30')
        const desk = await s.view(cookie)
        expect(desk.email).toBe(s.owner)
        expect(desk.timeZone).toBe(NZ)
        const mine = desk.upcoming.filter((c) => [later.uid, sooner.uid].includes(c.uid))
        expect(mine.map((c) => c.uid)).toEqual([sooner.uid, later.uid])
        expect(mine[0]).toMatchObject({ name: 'Aroha Ngata', email: sooner.email, bookedBy: 'form', noShow: false, inTimeOff: false, phone: null })
        expect(mine[0]?.joinUrl).toMatch(/^https:\/\/meet\.jit\.si\//)
      } finally {
        await s.close()
      }
    })

    it('cancels as the host with a reason, inside the notice period, with the mail, the freed slot and the webhook', async () => {
      const clock = testClock()
      const s = await site({}, clock)
      try {
        const events = await s.subscribe('BOOKING_CANCELLED')
        const call = await s.booked('2026-11-26T10:00')
        expect(await s.slotTimes('2026-11-25T11:00:00Z', '2026-11-26T11:00:00Z')).not.toContain('2026-11-26 10:00')
        // Thirty minutes before: the visitor could no longer cancel; the host can.
        clock.now = Temporal.Instant.from('2026-11-26T09:30:00+13:00')
        const { cookie } = await s.signIn()
        const reason = 'I am unwell today; so sorry.'
        const cancelled = await s.post(`/calls/${call.uid}/cancel`, { reason }, { cookie })
        expect(cancelled.status, await cancelled.clone().text()).toBe(200)
        expect(v.parse(DeskViewSchema, await cancelled.json()).upcoming.map((c) => c.uid)).not.toContain(call.uid)

        const mailed = await sink.find(call.email, 'Cancelled:')
        expect(mailed.parsed.text).toContain('has had to cancel your call')
        expect(mailed.parsed.text).toContain(reason)
        expect(mailed.parsed.text).toContain(`${PUBLIC_URL}/`)
        expect(mailed.raw).toContain('METHOD:CANCEL')

        clock.now = testClock().now
        expect(await s.slotTimes('2026-11-25T11:00:00Z', '2026-11-26T11:00:00Z')).toContain('2026-11-26 10:00')
        clock.now = Temporal.Instant.from('2026-11-26T09:30:00+13:00')
        const [event] = await events(call.uid)
        expect(event).toMatchObject({ uid: call.uid, cancellationReason: reason, cancelledBy: TEAM, status: 'CANCELLED' })

        expect((await s.post(`/calls/${call.uid}/cancel`, { reason }, { cookie })).status).toBe(409)
        expect(await (await s.post(`/calls/${call.uid}/cancel`, { reason }, { cookie })).json()).toEqual({ message: DESK_TEXTS.alreadyCancelled })
        const unknown = await s.post('/calls/00000000-0000-4000-8000-000000000000/cancel', { reason }, { cookie })
        expect(unknown.status).toBe(404)
        expect(await unknown.json()).toEqual({ message: DESK_TEXTS.notFound })
        const bad = await s.post(`/calls/${call.uid}/cancel`, { reason: 'bell\u0007' }, { cookie })
        expect(bad.status).toBe(400)
        expect(await bad.json()).toEqual({ message: DESK_TEXTS.reasonInvalid })
      } finally {
        await s.close()
      }
    })

    it('refuses to cancel a call that has taken place', async () => {
      const clock = testClock()
      const s = await site({}, clock)
      try {
        const call = await s.booked('2026-11-27T10:00')
        clock.now = Temporal.Instant.from('2026-11-27T10:30:00+13:00')
        const { cookie } = await s.signIn()
        const late = await s.post(`/calls/${call.uid}/cancel`, { reason: '' }, { cookie })
        expect(late.status).toBe(409)
        expect(await late.json()).toEqual({ message: DESK_TEXTS.pastCancel })
      } finally {
        await s.close()
      }
    })

    it('marks a no-show once the call has started, mails the visitor a way to book again, undoes it, and sends the webhook', async () => {
      const clock = testClock()
      const s = await site({}, clock)
      try {
        const events = await s.subscribe('BOOKING_NO_SHOW_UPDATED')
        const call = await s.booked('2026-11-30T10:00')
        const { cookie } = await s.signIn()
        const early = await s.post(`/calls/${call.uid}/no-show`, { noShow: true, rebook: true }, { cookie })
        expect(early.status).toBe(409)
        expect(await early.json()).toEqual({ message: DESK_TEXTS.notStarted })

        clock.now = Temporal.Instant.from('2026-11-30T10:05:00+13:00')
        const { cookie: later } = await s.signIn()
        const marked = await s.post(`/calls/${call.uid}/no-show`, { noShow: true, rebook: true }, { cookie: later })
        expect(marked.status).toBe(200)
        const desk = v.parse(DeskViewSchema, await marked.json())
        expect(desk.upcoming.find((c) => c.uid === call.uid)?.noShow).toBe(true)
        const mailed = await sink.find(call.email, 'Sorry we missed you')
        expect(mailed.parsed.text).toContain(`${PUBLIC_URL}/`)

        const undone = await s.post(`/calls/${call.uid}/no-show`, { noShow: false }, { cookie: later })
        expect(v.parse(DeskViewSchema, await undone.json()).upcoming.find((c) => c.uid === call.uid)?.noShow).toBe(false)
        const sent = await events(call.uid)
        expect(sent).toEqual([
          { message: `${call.email} marked as no-show`, bookingUid: call.uid, bookingId: call.id, attendees: [{ email: call.email, noShow: true }] },
          { message: `${call.email} unmarked as no-show`, bookingUid: call.uid, bookingId: call.id, attendees: [{ email: call.email, noShow: false }] },
        ])
        // Only one follow-up mail: undoing sends none.
        expect(sink.received.filter((m) => m.envelopeTo.includes(call.email) && m.parsed.subject?.startsWith('Sorry'))).toHaveLength(1)
      } finally {
        await s.close()
      }
    })

    it("takes time off: that day's slots go at once, its calls come first, and it is validated", async () => {
      const clock = testClock()
      const s = await site({}, clock)
      try {
        const { cookie } = await s.signIn()
        const inIt = await s.booked('2026-12-04T14:00')
        await s.booked('2026-12-03T09:00')
        const range = ['2026-12-03T11:00:00Z', '2026-12-04T11:00:00Z'] as const
        expect((await s.slotTimes(...range)).length).toBeGreaterThan(0)
        const added = await s.post('/time-off', { from: '2026-12-04', to: '2026-12-04', label: 'Long weekend' }, { cookie })
        expect(added.status).toBe(200)
        const desk = v.parse(DeskViewSchema, await added.json())
        expect(desk.timeOff).toEqual([{ id: expect.any(String), from: '2026-12-04', to: '2026-12-04', label: 'Long weekend' }])
        expect(await s.slotTimes(...range)).toEqual([])
        expect(desk.upcoming[0]).toMatchObject({ uid: inIt.uid, inTimeOff: true })
        // Booking into it is refused, as any slot not offered.
        expect((await postBooking(s.url, bookingBody('2026-12-04T10:00'))).status).not.toBe(200)

        const removed = await s.post(`/time-off/${desk.timeOff[0]?.id}/remove`, {}, { cookie })
        expect(v.parse(DeskViewSchema, await removed.json()).timeOff).toEqual([])
        expect((await s.slotTimes(...range)).length).toBeGreaterThan(0)

        for (const [body, message] of [
          [{ from: '2026-12-05', to: '2026-12-04' }, DESK_TEXTS.timeOffOrder],
          [{ from: '2026-11-20', to: '2026-11-22' }, DESK_TEXTS.timeOffPast],
          [{ from: '2026-12-01', to: '2027-12-02' }, DESK_TEXTS.timeOffTooLong],
          [{ from: '2026-12-01', to: '2026-12-01', label: 'tab\u0000' }, DESK_TEXTS.timeOffLabelInvalid],
          [{ from: '2026-02-30', to: '2026-03-01' }, DESK_TEXTS.timeOffOrder],
        ] as const) {
          const refused = await s.post('/time-off', body, { cookie })
          expect(refused.status, JSON.stringify(body)).toBe(400)
          expect(await refused.json()).toEqual({ message })
        }
      } finally {
        await s.close()
      }
    })

    it('writes no address, token, session id, reason or label into any log line', async () => {
      const clock = testClock()
      const s = await site({}, clock)
      try {
        const { cookie, token } = await s.signIn()
        const call = await s.booked('2026-12-07T10:00')
        await s.post('/link', { email: fresh('stranger') })
        await s.post('/time-off', { from: '2026-12-08', to: '2026-12-08', label: 'Secret label' }, { cookie })
        await s.post(`/calls/${call.uid}/cancel`, { reason: 'A private reason' }, { cookie })
        await sink.find(call.email, 'Cancelled:')
        await s.post('/sign-out', {}, { cookie })
        expect(s.logs.some((line) => line.includes('/api/desk/calls/:uid/cancel'))).toBe(true)
        const secrets = [s.owner, 'stranger', token, cookie.split('=')[1] as string, call.uid, call.email, 'A private reason', 'Secret label']
        for (const line of s.logs) for (const secret of secrets) expect(line, line).not.toContain(secret)
      } finally {
        await s.close()
      }
    })
  })
}
