/**
 * What follows a booking on the server, end to end over HTTP, run once per backend like ./manageSuite: reminders (due
 * outbox jobs on an injected clock, re-planned, dropped, sent once across a restart and, on PostgreSQL,
 * across two instances), the notice period for changes, and the visitor's notes (refused when hostile,
 * shown to the agency only, never logged). Mail goes to a real SMTP server in the test.
 */
import ICAL from 'ical.js'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKING_ERRORS, BookingResponseSchema, WIRE_MESSAGES } from '../../../core/bookingWire'
import { BookingViewSchema, changeNoticeMessage } from '../../../core/manageWire'
import { calendarUid } from '../../../server/calendar/calendarUid'
import { bookingsTableFrom } from '../../../server/db/bookingsTable'
import type { BookingStore } from '../../../server/db/store'
import { createMailer } from '../../../server/mail/mailer'
import type { MailWorker } from '../../../server/mail/worker'
import type { StoreBackend } from './bookingSuite'
import {
  ADMIN_TOKEN,
  bookingBody,
  capturedLogger,
  localTimes,
  postBooking,
  slotsInput,
  slotsPath,
  startServer,
  testClock,
  testConfig,
  type TestClock,
} from './harness'
import { inviteOf } from './invite'
import { SmtpSink, type ReceivedMail } from './smtpSink'

const NZ = 'Pacific/Auckland'
const TEAM = 'team@kiwi.example'
const PUBLIC_URL = 'https://kiwi.example'
/** The plan: the visitor 24 h and 1 h before, the agency 1 h before. */
const REMINDERS = { REMINDERS: '24h,1h', HOST_REMINDER: '1h' }

const person = (name: string, email: string, notes?: string) => ({
  responses: { name, email, guests: [] as string[], ...(notes === undefined ? {} : { notes }) },
})
const at = (iso: string) => Temporal.Instant.from(iso)

export function defineAfterBookingSuite(name: string, makeBackend: () => Promise<StoreBackend>, options: { instances?: boolean } = {}) {
  describe(`reminders, the notice period and notes on ${name}`, () => {
    let backend: StoreBackend
    let store: BookingStore
    let dataDir: string
    const sink = new SmtpSink()

    beforeAll(async () => {
      backend = await makeBackend()
      store = await backend.open()
      dataDir = await mkdtemp(join(tmpdir(), 'after-booking-'))
      await sink.start()
    })
    afterAll(async () => {
      await sink.stop()
      await store?.close()
      await backend?.dispose()
      await rm(dataDir, { recursive: true, force: true })
    })

    const eventUid = (booking: { id: number }) => calendarUid(store.calendarSecret, booking.id, 'kiwi-automate')

    /** The site with its mail worker on the injected clock, as server/main.ts wires them. */
    async function site(env: Record<string, string> = {}, clock: TestClock = testClock(), on: BookingStore = store) {
      const config = testConfig({ SMTP_URL: sink.url, HOST_EMAIL: TEAM, PUBLIC_URL, ...env })
      const log = capturedLogger('debug')
      const mail: MailWorker = createMailer({ config, store: on, dataDir, clock: clock.read, log: (line) => log.logger.info(line), pollMs: 100 })
      const server = await startServer({ config, store: on, clock, onMailQueued: mail.wake, logger: log.logger })
      mail.start()
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      const booked = async (start: string, overrides: Parameters<typeof bookingBody>[1] = {}) => {
        const response = await postBooking(server.url, bookingBody(start, overrides))
        expect(response.status, await response.clone().text()).toBe(200)
        return v.parse(BookingResponseSchema, await response.json())
      }
      const reschedule = (uid: string, start: string, overrides: Record<string, unknown> = {}) => {
        const { responses: _dropped, ...body } = bookingBody(start)
        return postBooking(server.url, { ...body, rescheduleUid: uid, ...overrides })
      }
      const slotTimes = async (from: string, to: string, rescheduleUid: string | null = null) => {
        const input = slotsInput(from, to)
        input.json.rescheduleUid = rescheduleUid
        const response = await fetch(server.url + slotsPath(input))
        expect(response.status).toBe(200)
        const body = (await response.json()) as { result: { data: { json: { slots: Record<string, { time: string }[]> } } } }
        return localTimes(body.result.data.json.slots, NZ)
      }
      /** Moves the clock and lets the worker look at once. */
      const advanceTo = (iso: string) => {
        clock.now = at(iso)
        mail.wake()
      }
      const close = async () => {
        await mail.stop()
        await server.close()
      }
      return {
        config,
        clock,
        mail,
        server,
        log,
        post,
        booked,
        reschedule,
        slotTimes,
        advanceTo,
        close,
        cancel: (uid: string) => post('/api/cancel', { uid }),
        view: async (uid: string) => v.parse(BookingViewSchema, await (await fetch(`${server.url}/api/booking/${uid}`)).json()),
      }
    }

    /** A booking's reminder jobs: to whom, due when, and what became of them. */
    const reminders = async (uid: string, on: BookingStore = store) =>
      (await on.mailJobs.forBooking(uid))
        .filter((job) => job.kind === 'reminder')
        .map((job) => ({ to: job.recipient, due: job.nextAttemptAt, status: job.status, why: job.lastError }))
    const remindersTo = (address: string) =>
      sink.received.filter((mail) => mail.envelopeTo.includes(address) && (mail.parsed.subject ?? '').startsWith('Reminder:'))
    /** Lets the worker poll a few times: what has not arrived by then is not coming. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 600))
    /** Waits until the booking has no reminder left to go. */
    const allSettled = (uid: string, on: BookingStore = store) =>
      expect.poll(async () => (await reminders(uid, on)).filter((r) => r.status === 'pending'), { timeout: 10_000 }).toEqual([])

    describe('reminders', () => {
      it('plans 24 h and 1 h for the visitor and 1 h for the agency, and sends each at its instant, with both zones, the link and the same invite', async () => {
        const s = await site(REMINDERS)
        try {
          const visitor = 'reminded@example.com'
          // Wednesday 25 November 10:00 in Auckland is 21:00 UTC the day before.
          const booking = await s.booked('2026-11-25T10:00', person('Rewi Reminded', visitor, 'Pricing for 5 people\nand a timeline'))
          const confirmation = await sink.find(visitor, 'Booked:')
          expect(await reminders(booking.uid)).toEqual([
            { to: 'visitor', due: '2026-11-23T21:00:00.000Z', status: 'pending', why: null },
            { to: 'visitor', due: '2026-11-24T20:00:00.000Z', status: 'pending', why: null },
            { to: 'host', due: '2026-11-24T20:00:00.000Z', status: 'pending', why: null },
          ])

          // A second before the 24-hour moment: nothing yet.
          s.advanceTo('2026-11-23T20:59:59Z')
          await settle()
          expect(remindersTo(visitor)).toEqual([])

          s.advanceTo('2026-11-23T21:00:00Z')
          const first = await sink.find(visitor, 'Reminder:')
          expect(first.parsed.subject).toBe(`Reminder: your call with Kiwi Automate, Wed 25 Nov 2026, 10:00 am (${NZ})`)
          const text = first.parsed.text ?? ''
          expect(text).toContain(`Wednesday 25 November 2026, 10:00 am to 10:15 am (${NZ}, UTC+13:00)`)
          expect(text).toContain(`${PUBLIC_URL}/booking/${booking.uid}`)
          // The notes are the agency's: not in the visitor's reminder, least of all its subject.
          expect(text).not.toContain('Pricing')
          // The same event as the confirmation's invite: same UID and SEQUENCE, so calendars update nothing.
          expect(inviteOf(first)).toEqual(inviteOf(confirmation))
          expect(inviteOf(first)).toMatchObject({ method: 'REQUEST', uid: eventUid(booking), sequence: 0 })
          expect(remindersTo(TEAM)).toEqual([])

          s.advanceTo('2026-11-24T19:59:59Z')
          await settle()
          expect(remindersTo(visitor)).toHaveLength(1)

          s.advanceTo('2026-11-24T20:00:00Z')
          await expect.poll(() => remindersTo(visitor).length, { timeout: 10_000 }).toBe(2)
          const toAgency = await sink.find(TEAM, 'Reminder:')
          expect(toAgency.parsed.subject).toBe(`Reminder: Rewi Reminded, Wed 25 Nov 2026, 10:00 am (${NZ})`)
          expect(toAgency.parsed.text).toContain(visitor)
          expect(toAgency.parsed.text).toMatch(/Notes: +Pricing for 5 people\n +and a timeline/)
          expect(inviteOf(toAgency)).toMatchObject({ uid: eventUid(booking), sequence: 0 })
          await allSettled(booking.uid)
          expect((await reminders(booking.uid)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent'])
          // The log names the jobs, never the visitor or the note.
          const logged = s.log.lines.join('\n')
          expect(logged).toMatch(/mail job \d+ \(reminder, to the visitor\) sent over SMTP/)
          expect(logged).not.toMatch(/Rewi|reminded@|Pricing/)
        } finally {
          await s.close()
        }
      })

      it('re-plans on a reschedule: the old reminders never go out, the new ones go at the new time with the new SEQUENCE', async () => {
        const s = await site(REMINDERS)
        try {
          const visitor = 'moved.reminder@example.com'
          const booking = await s.booked('2026-11-25T11:00', person('Moana Moved', visitor))
          const moved = await s.reschedule(booking.uid, '2026-11-26T14:00')
          expect(moved.status).toBe(200)
          expect(await reminders(booking.uid)).toEqual([
            { to: 'visitor', due: '2026-11-23T22:00:00.000Z', status: 'dropped', why: 'the call was moved' },
            { to: 'visitor', due: '2026-11-24T21:00:00.000Z', status: 'dropped', why: 'the call was moved' },
            { to: 'host', due: '2026-11-24T21:00:00.000Z', status: 'dropped', why: 'the call was moved' },
            { to: 'visitor', due: '2026-11-25T01:00:00.000Z', status: 'pending', why: null },
            { to: 'visitor', due: '2026-11-26T00:00:00.000Z', status: 'pending', why: null },
            { to: 'host', due: '2026-11-26T00:00:00.000Z', status: 'pending', why: null },
          ])

          // Past both old moments: nothing.
          s.advanceTo('2026-11-24T21:00:01Z')
          await settle()
          expect(remindersTo(visitor)).toEqual([])

          s.advanceTo('2026-11-25T01:00:00Z')
          const first = await sink.find(visitor, 'Reminder:')
          expect(first.parsed.subject).toBe(`Reminder: your call with Kiwi Automate, Thu 26 Nov 2026, 2:00 pm (${NZ})`)
          expect(inviteOf(first)).toMatchObject({ uid: eventUid(booking), sequence: 1, start: '2026-11-26T01:00:00.000Z' })
          s.advanceTo('2026-11-26T00:00:00Z')
          await allSettled(booking.uid)
          expect(remindersTo(visitor)).toHaveLength(2)
        } finally {
          await s.close()
        }
      })

      it('drops them on a cancellation', async () => {
        const s = await site(REMINDERS)
        try {
          const visitor = 'cancelled.reminder@example.com'
          const booking = await s.booked('2026-11-25T12:00', person('Kahu Cancelled', visitor))
          expect((await s.cancel(booking.uid)).status).toBe(200)
          expect((await reminders(booking.uid)).map((r) => [r.to, r.status, r.why])).toEqual([
            ['visitor', 'dropped', 'the call was cancelled'],
            ['visitor', 'dropped', 'the call was cancelled'],
            ['host', 'dropped', 'the call was cancelled'],
          ])
          s.advanceTo('2026-11-24T23:00:00Z')
          await settle()
          expect(remindersTo(visitor)).toEqual([])
        } finally {
          await s.close()
        }
      })

      it('skips a moment already past at booking: a call booked 30 minutes ahead gets no 1-hour reminder', async () => {
        // Monday 09:30 in Auckland, no minimum notice: the 10:00 call is 30 minutes away.
        const clock = testClock(at('2026-11-23T09:30:00+13:00'))
        const s = await site({ ...REMINDERS, SCHEDULE_MIN_NOTICE_MINUTES: '0' }, clock)
        try {
          const booking = await s.booked('2026-11-23T10:00', person('Last Minute', 'last.minute@example.com'))
          expect(await reminders(booking.uid)).toEqual([])
        } finally {
          await s.close()
        }
        // A moment still ahead is kept: 15 minutes before.
        const t = await site({ REMINDERS: '24h,15m', HOST_REMINDER: '1h', SCHEDULE_MIN_NOTICE_MINUTES: '0' }, clock)
        try {
          const booking = await t.booked('2026-11-23T10:15', person('Nearly Last', 'nearly.last@example.com'))
          expect(await reminders(booking.uid)).toEqual([{ to: 'visitor', due: '2026-11-22T21:00:00.000Z', status: 'pending', why: null }])
        } finally {
          await t.close()
        }
      })

      it('a server stopped across the due moment sends the reminder once after it starts again (only the latest one), and none once the call has started', async () => {
        const clock = testClock()
        let s = await site(REMINDERS, clock)
        const visitor = 'restart.reminder@example.com'
        const late = 'too.late@example.com'
        let uid = ''
        let lateUid = ''
        try {
          uid = (await s.booked('2026-11-27T11:00', person('Restart Reminded', visitor))).uid
          lateUid = (await s.booked('2026-11-27T09:00', person('Too Late', late))).uid
          await sink.find(visitor, 'Booked:')
          await sink.find(late, 'Booked:')
        } finally {
          await s.close()
        }
        // Down from Monday until Friday 10:30 in Auckland: both moments of the 11:00 call have passed, and the 09:00 call has started.
        await store.close()
        store = await backend.open()
        clock.now = at('2026-11-27T10:30:00+13:00')
        s = await site(REMINDERS, clock)
        try {
          await allSettled(uid)
          await allSettled(lateUid)
          await settle()
          const once = remindersTo(visitor)
          expect(once).toHaveLength(1)
          expect(once[0]?.parsed.subject).toBe(`Reminder: your call with Kiwi Automate, Fri 27 Nov 2026, 11:00 am (${NZ})`)
          expect((await reminders(uid)).map((r) => [r.to, r.status, r.why])).toEqual([
            ['visitor', 'dropped', 'a later reminder replaces it'],
            ['visitor', 'sent', null],
            ['host', 'sent', null],
          ])
          expect(remindersTo(late)).toEqual([])
          expect((await reminders(lateUid)).map((r) => [r.status, r.why])).toEqual([
            ['dropped', 'the call had started'],
            ['dropped', 'the call had started'],
            ['dropped', 'the call had started'],
          ])
        } finally {
          await s.close()
        }
        // And once more: a second restart sends nothing again.
        await store.close()
        store = await backend.open()
        s = await site(REMINDERS, clock)
        try {
          await settle()
          expect(remindersTo(visitor)).toHaveLength(1)
        } finally {
          await s.close()
        }
      })

      it('a reminder still retrying when the next one is due gives way to it: one email, not two', async () => {
        const clock = testClock()
        const s = await site(REMINDERS, clock)
        const visitor = 'retrying.reminder@example.com'
        try {
          const booking = await s.booked('2026-12-04T11:00', person('Retry Reminded', visitor))
          await expect.poll(async () => (await store.mailJobs.forBooking(booking.uid)).filter((job) => job.status === 'sent').length).toBe(2)
          // The mail server turns the visitor away for now (452) at the 24-hour moment: the attempt is put off.
          sink.refuse.set(visitor, 452)
          s.advanceTo('2026-12-03T11:00:00+13:00')
          await expect.poll(async () => (await reminders(booking.uid))[0]?.why ?? null, { timeout: 10_000 }).toMatch(/452/)
          sink.refuse.delete(visitor)
          // It is due again after the backoff, but the 1-hour moment comes first: the earlier reminder is dropped,
          // the later one sent.
          s.advanceTo('2026-12-04T10:00:00+13:00')
          await allSettled(booking.uid)
          await settle()
          expect(remindersTo(visitor)).toHaveLength(1)
          expect((await reminders(booking.uid)).map((r) => [r.to, r.status])).toEqual([
            ['visitor', 'dropped'],
            ['visitor', 'sent'],
            ['host', 'sent'],
          ])
        } finally {
          sink.refuse.delete(visitor)
          await s.close()
        }
      })

      it.runIf(options.instances)('two instances on one PostgreSQL send each reminder once', async () => {
        const clock = testClock()
        const other = await backend.open()
        const a = await site(REMINDERS, clock)
        const b = await site(REMINDERS, clock, other)
        try {
          const visitors = ['twin.one@example.com', 'twin.two@example.com', 'twin.three@example.com']
          const uids: string[] = []
          for (const [i, visitor] of visitors.entries()) {
            const via = i % 2 === 0 ? a : b
            uids.push((await via.booked(`2026-11-30T1${i + 4}:00`, person(`Twin ${i}`, visitor))).uid)
          }
          // The confirmations first: a job in flight when the clock jumps a week would outlive its lease.
          for (const uid of uids)
            await expect.poll(async () => (await store.mailJobs.forBooking(uid)).filter((job) => job.kind === 'booked' && job.status === 'sent').length).toBe(2)
          // 13:00 on the day: each visitor's 24-hour reminder is due (the 14:00 call's 1-hour one replaces it), and the
          // agency's for 14:00. Both workers look at once, and every 100 ms after.
          clock.now = at('2026-11-30T13:00:00+13:00')
          a.mail.wake()
          b.mail.wake()
          for (const visitor of visitors) await expect.poll(() => remindersTo(visitor).length, { timeout: 10_000 }).toBeGreaterThan(0)
          await sink.find(TEAM, 'Reminder: Twin 0,')
          await settle()
          for (const visitor of visitors) expect(remindersTo(visitor), visitor).toHaveLength(1)
          expect(sink.received.filter((mail) => (mail.parsed.subject ?? '').startsWith('Reminder: Twin'))).toHaveLength(1)
          const states = (await Promise.all(uids.map((uid) => reminders(uid)))).map((list) => list.map((r) => `${r.to} ${r.status}`))
          expect(states).toEqual([
            ['visitor dropped', 'visitor sent', 'host sent'],
            ['visitor sent', 'visitor pending', 'host pending'],
            ['visitor sent', 'visitor pending', 'host pending'],
          ])
          // Sent by whichever worker claimed each, never twice.
          const ids = sink.received.filter((mail) => visitors.some((visitor) => mail.envelopeTo.includes(visitor))).map((mail) => mail.parsed.messageId)
          expect(new Set(ids).size).toBe(ids.length)
        } finally {
          await a.close()
          await b.close()
          await other.close()
        }
      })
    })

    describe('the notice period for changes', () => {
      it('refuses a cancellation and a reschedule from an hour before the start with a 409 and a sentence naming the host’s email; the view says when it closes', async () => {
        const clock = testClock()
        const s = await site({}, clock)
        try {
          const early = await s.booked('2026-12-09T10:00', person('Notice Early', 'notice.early@example.com'))
          const later = await s.booked('2026-12-09T10:30', person('Notice Later', 'notice.later@example.com'))
          const message = changeNoticeMessage(60, TEAM)
          expect(message).toBe(
            'Calls can be cancelled or moved online until 1 hour before they start, so this one can no longer be changed here. To change it, please email team@kiwi.example.',
          )
          expect((await s.view(early.uid)).changeNotice).toEqual({ closesAt: '2026-12-08T20:00:00.000Z', message })

          // 09:00 in Auckland: exactly an hour before the 10:00 call, half an hour before the 10:30 one's notice.
          clock.now = at('2026-12-09T09:00:00+13:00')
          const move = (dryRun: boolean) => s.reschedule(early.uid, '2026-12-10T14:00', { _isDryRun: dryRun })
          for (const response of [await s.cancel(early.uid), await move(false), await move(true)]) {
            expect(response.status).toBe(409)
            expect(await response.json()).toEqual({ message })
          }
          const view = await s.view(early.uid)
          expect(view).toMatchObject({ status: 'ACCEPTED', canChange: true, changeNotice: { closesAt: '2026-12-08T20:00:00.000Z', message } })
          // Nothing was written: the booking and its jobs are as they were.
          expect((await store.find(early.uid))?.startTime).toBe('2026-12-08T21:00:00.000Z')
          expect((await store.mailJobs.forBooking(early.uid)).map((job) => job.kind)).toEqual(['booked', 'booked'])
          // The picker offers no time to move the closed call to; the open one still has its times.
          expect(await s.slotTimes('2026-12-09T11:00:00.000Z', '2026-12-10T11:00:00.000Z', early.uid)).toEqual([])
          expect(await s.slotTimes('2026-12-09T11:00:00.000Z', '2026-12-10T11:00:00.000Z', later.uid)).toContain('2026-12-10 14:00')

          // The later call's notice closes at 09:30: until then it moves.
          expect((await s.reschedule(later.uid, '2026-12-10T14:00')).status).toBe(200)

          // Once the call has started, the view carries no notice (there is nothing left to change).
          clock.now = at('2026-12-09T10:05:00+13:00')
          expect(await s.view(early.uid)).not.toHaveProperty('changeNotice')
        } finally {
          await s.close()
        }
      })

      it('without HOST_EMAIL points to the confirmation email; with 0 there is no notice period', async () => {
        const clock = testClock(at('2026-12-03T09:30:00+13:00'))
        const s = await site({ HOST_EMAIL: '', SCHEDULE_MIN_NOTICE_MINUTES: '0' }, clock)
        const t = await site({ SCHEDULE_CHANGE_NOTICE_MINUTES: '0', SCHEDULE_MIN_NOTICE_MINUTES: '0' }, clock)
        try {
          const booking = await s.booked('2026-12-03T10:00', person('No Host Email', 'no.host.email@example.com'))
          const refused = await s.cancel(booking.uid)
          expect(refused.status).toBe(409)
          expect(await refused.json()).toEqual({
            message:
              'Calls can be cancelled or moved online until 1 hour before they start, so this one can no longer be changed here. To change it, please reply to your confirmation email.',
          })
          const open = await t.booked('2026-12-03T10:15', person('No Notice', 'no.notice@example.com'))
          expect(await t.view(open.uid)).not.toHaveProperty('changeNotice')
          expect((await t.cancel(open.uid)).status).toBe(200)
        } finally {
          await s.close()
          await t.close()
        }
      })

      it('never offers a move into a new notice period, nor accepts one, when the notice is longer than the minimum notice', async () => {
        // Monday 08:30: bookings from 10:30 (2 hours' notice); moves only to a time whose 3-hour change notice has
        // not begun, so from 11:45 (an 11:30 call could not be changed from the moment it was moved there).
        const s = await site({ SCHEDULE_CHANGE_NOTICE_MINUTES: '180' })
        try {
          const booking = await s.booked('2026-11-26T10:00', person('Long Notice', 'long.notice@example.com'))
          const monday = ['2026-11-22T11:00:00.000Z', '2026-11-23T11:00:00.000Z'] as const
          expect((await s.slotTimes(...monday)).slice(0, 2)).toEqual(['2026-11-23 10:30', '2026-11-23 10:45'])
          expect((await s.slotTimes(...monday, booking.uid))[0]).toBe('2026-11-23 11:45')
          for (const time of ['2026-11-23T10:30', '2026-11-23T11:30']) {
            const inside = await s.reschedule(booking.uid, time)
            expect(inside.status).toBe(400)
            expect(await inside.json()).toEqual({ message: BOOKING_ERRORS.outOfBounds })
          }
          expect((await s.reschedule(booking.uid, '2026-11-23T11:45')).status).toBe(200)
        } finally {
          await s.close()
        }
      })
    })

    describe('notes', () => {
      it.each([
        ['a control character', 'Call me\u0007 back'],
        ['a bidi override', 'Pay \u202Eevil\u202C invoices'],
        ['a bidi isolate', 'About \u2067this\u2069'],
        ['a zero-width space', 'Call\u200bme'],
        ['10,000 characters', 'a'.repeat(10_000)],
        ['1,001 characters', 'b'.repeat(1001)],
        ['a number', 42],
      ])('refuses notes with %s (400, the notes sentence) and writes nothing', async (_label, notes) => {
        const s = await site()
        try {
          const before = await store.count()
          const body = bookingBody('2026-12-01T10:00', { responses: { name: 'Hostile Notes', email: 'hostile@example.com', guests: [], notes } as never })
          const response = await postBooking(s.server.url, body)
          expect(response.status).toBe(400)
          expect(await response.json()).toEqual({ message: WIRE_MESSAGES.notes })
          expect(await store.count()).toBe(before)
        } finally {
          await s.close()
        }
      })

      it('keeps < and > as a person writes them (escaped wherever the note is shown)', async () => {
        const s = await site()
        try {
          const kept = await s.booked('2026-12-01T11:30', person('Free Text', 'free.text@example.com', 'Budget < $5k, want quotes -> invoices'))
          expect((await store.find(kept.uid))?.notes).toBe('Budget < $5k, want quotes -> invoices')
        } finally {
          await s.close()
        }
      })

      it('keeps a note of 1,000 characters with line breaks; an empty one is none', async () => {
        const s = await site()
        try {
          const long = `${'c'.repeat(497)}\r\n${'d'.repeat(500)}`
          const kept = await s.booked('2026-12-01T11:00', person('Long Note', 'long.note@example.com', long))
          expect(kept.responses.notes).toBe(`${'c'.repeat(497)}\n${'d'.repeat(500)}`)
          expect((await store.find(kept.uid))?.notes).toHaveLength(998)
          const empty = await s.booked('2026-12-01T11:15', person('Empty Note', 'empty.note@example.com', '   '))
          expect(empty.responses).not.toHaveProperty('notes')
          expect((await store.find(empty.uid))?.notes).toBeNull()
        } finally {
          await s.close()
        }
      })

      it('shows the note to the agency (email, feed, npm run bookings), never to the visitor, and never in a log', async () => {
        const s = await site()
        try {
          const visitor = 'noted@example.com'
          const notes = 'ZEBRA-NOTE: pricing for 5 people & "the timeline"\nand can you start in January?'
          const booking = await s.booked('2026-12-02T10:00', person('Noted Visitor', visitor, notes))
          expect(booking.responses.notes).toBe(notes)

          const toAgency = await sink.find(TEAM, 'New booking: Noted Visitor')
          expect(toAgency.parsed.text).toMatch(/Notes: +ZEBRA-NOTE: pricing for 5 people & "the timeline"\n +and can you start in January\?/)
          expect(String(toAgency.parsed.html)).toContain('ZEBRA-NOTE: pricing for 5 people &amp; &quot;the timeline&quot;<br>and can you start')
          expect(toAgency.parsed.subject).not.toContain('ZEBRA')
          const toVisitor: ReceivedMail = await sink.find(visitor, 'Booked:')
          expect(toVisitor.parsed.subject).not.toContain('ZEBRA')
          expect(toVisitor.raw).not.toContain('ZEBRA')

          // The owner's feed: the event's description carries it, read back with a real iCalendar parser.
          const feed = await fetch(`${s.server.url}/api/bookings.ics`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
          const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent')
          const event = events.find((e) => e.getFirstPropertyValue('uid') === eventUid(booking))
          expect(String(event?.getFirstPropertyValue('description'))).toBe(
            `Join the call: ${booking.location}\nName: Noted Visitor\nEmail: ${visitor}\nTime zone: ${NZ}\nNotes: ${notes}`,
          )
          expect(booking.location).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{24}$/)

          // npm run bookings: on its own line under the booking, line breaks shown as ' / '.
          const { text } = bookingsTableFrom(await store.list(s.clock.now), NZ, s.clock.now)
          expect(text).toContain('\n  Notes: ZEBRA-NOTE: pricing for 5 people & "the timeline" / and can you start in January?')

          // Refused notes and the mail worker's lines: the note is in no log line.
          await postBooking(s.server.url, bookingBody('2026-12-02T10:15', person('Noted Again', visitor, `ZEBRA-NOTE \u0007`)))
          await expect.poll(async () => (await store.mailJobs.forBooking(booking.uid)).every((job) => job.status === 'sent')).toBe(true)
          expect(s.log.lines.length).toBeGreaterThan(2)
          expect(s.log.lines.join('\n')).not.toContain('ZEBRA')
          // The logger redacts a note wherever code might pass one, at the top or one level down.
          s.log.logger.info({ notes, booking: { notes } }, 'a careless line')
          expect(s.log.lines.at(-1)).not.toContain('ZEBRA')
          expect(s.log.lines.at(-1)).toContain('a careless line')
        } finally {
          await s.close()
        }
      })
    })

    // Last: its clock runs weeks ahead, and its mails go to an agency address of its own.
    describe('where the call happens', () => {
      const WHERE_TEAM = 'where.team@kiwi.example'
      const ROOM = /^https:\/\/meet\.jit\.si\/[0-9a-f]{24}$/
      /** The text of a message, and where in it the link is: near the top, before the times. */
      const joinsNearTop = (mail: ReceivedMail, link: string, before: string) => {
        const text = mail.parsed.text ?? ''
        expect(text).toContain(`Join the call: ${link}`)
        expect(text.indexOf(`Join the call: ${link}`)).toBeLessThan(text.indexOf(before))
        expect(String(mail.parsed.html)).toContain(`href="${link}"`)
        const invite = inviteOf(mail)
        expect(invite).toMatchObject({ location: link, conference: link })
        expect(invite.description).toContain(`Join the call: ${link}`)
      }

      it('gives each booking one join link of its own, the same in the answer, the view, every email and invite, kept on a reschedule', async () => {
        const s = await site({ ...REMINDERS, BOOKING_MAX_GUESTS: '1', HOST_EMAIL: WHERE_TEAM })
        try {
          const visitor = 'vera.video@example.com'
          const guest = 'guest.video@example.com'
          const booking = await s.booked('2026-12-14T10:00', { responses: { name: 'Vera Video', email: visitor, guests: [guest] } })
          const link = booking.metadata?.videoCallUrl ?? ''
          expect(link).toMatch(ROOM)
          expect(booking.location).toBe(link)
          const other = await s.booked('2026-12-14T11:00', person('Otto Other', 'otto.other@example.com'))
          expect(other.location).toMatch(ROOM)
          expect(other.location).not.toBe(link)

          joinsNearTop(await sink.find(visitor, 'Booked:'), link, 'When')
          joinsNearTop(await sink.find(WHERE_TEAM, 'New booking: Vera Video'), link, 'When')
          joinsNearTop(await sink.find(guest, 'Invitation:'), link, 'When')
          expect(await s.view(booking.uid)).toMatchObject({ location: link, metadata: { videoCallUrl: link } })

          const moved = await s.reschedule(booking.uid, '2026-12-15T14:00')
          expect(moved.status).toBe(200)
          expect(await moved.json()).toMatchObject({ location: link, metadata: { videoCallUrl: link } })
          joinsNearTop(await sink.find(visitor, 'Moved:'), link, 'When')
          joinsNearTop(await sink.find(WHERE_TEAM, 'Rescheduled: Vera Video'), link, 'When')

          // The reminder an hour before leads with the link; the one a day before has it after its first line.
          s.advanceTo('2026-12-14T01:00:00Z')
          const dayBefore = await sink.find(visitor, 'Reminder:')
          joinsNearTop(dayBefore, link, 'When')
          expect(dayBefore.parsed.text).toMatch(/^Kia ora Vera Video,/)
          s.advanceTo('2026-12-15T00:00:00Z')
          await expect.poll(() => remindersTo(visitor).length, { timeout: 10_000 }).toBe(2)
          const hourBefore = remindersTo(visitor)[1] as ReceivedMail
          expect(hourBefore.parsed.text).toMatch(new RegExp(`^Join the call: ${link.replace(/\./g, '\\.')}\n`))
          const agencyReminder = await sink.find(WHERE_TEAM, 'Reminder:')
          expect(agencyReminder.parsed.text).toMatch(/^Join the call: /)
          expect(agencyReminder.parsed.text).toContain(`Where:`)

        } finally {
          await s.close()
        }
      })

      it('with video and phone offered, a phone call keeps the number in E.164 for the agency, refuses a wrong one, and never logs it', async () => {
        const s = await site({ BOOKING_LOCATIONS: 'video,phone', HOST_EMAIL: WHERE_TEAM })
        try {
          const visitor = 'phoebe.phone@example.com'
          const phoneCall = (optionValue: string) => ({
            responses: { name: 'Phoebe Phone', email: visitor, guests: [], location: { value: 'phone', optionValue } },
          })
          const refused = await postBooking(s.server.url, bookingBody('2026-12-16T10:00', phoneCall('12ab')))
          expect(refused.status).toBe(400)
          expect(await refused.json()).toEqual({ message: WIRE_MESSAGES.phone })

          const booking = await s.booked('2026-12-16T10:00', phoneCall('021 555 0123'))
          expect(booking.location).toBe('+64215550123')
          expect(booking.metadata?.videoCallUrl).toBeUndefined()
          expect((await store.find(booking.uid))?.phone).toBe('+64215550123')

          const toAgency = await sink.find(WHERE_TEAM, 'New booking: Phoebe Phone')
          expect(toAgency.parsed.text).toContain('Phone call: +64 21 555 0123.')
          expect(toAgency.parsed.text).toMatch(/Where: +Phone call: \+64 21 555 0123/)
          expect(inviteOf(toAgency)).toMatchObject({ location: 'Phone call: +64 21 555 0123', conference: '' })
          const toVisitor = await sink.find(visitor, 'Booked:')
          expect(toVisitor.parsed.text).toContain("We'll call you on +64 21 555 0123.")
          expect(toVisitor.parsed.text).not.toContain('Join the call')
          // The manage view says it is a phone call, without the number.
          expect(await s.view(booking.uid)).toMatchObject({ location: 'phone', metadata: {} })
          const { text } = bookingsTableFrom(await store.list(s.clock.now), NZ, s.clock.now)
          expect(text).toContain('  Phone: +64 21 555 0123')

          // Video chosen, or left out (the first offered): the booking's own room.
          const video = await s.booked('2026-12-16T10:15', {
            responses: { name: 'Vic Video', email: 'vic.video@example.com', guests: [], location: { value: 'video' } },
          })
          expect(video.metadata?.videoCallUrl).toMatch(ROOM)
          // The number in any of its forms (E.164, international, as typed); a request id may hold 555 by chance.
          expect(s.log.lines.join('\n')).not.toMatch(/215550123|21 555 0123|555 0123/)
        } finally {
          await s.close()
        }
      })

      it('takes only a number a person answers, whole: premium-rate, satellite and free-phone numbers and text after a number are refused; an extension is kept', async () => {
        const s = await site({ BOOKING_LOCATIONS: 'phone', HOST_EMAIL: WHERE_TEAM })
        try {
          const phoneCall = (optionValue: string) => ({
            responses: { name: 'Pita Phone', email: 'pita.phone@example.com', guests: [], location: { value: 'phone', optionValue } },
          })
          const before = await store.count()
          const refusals: [string, string][] = [
            ['0900 12 345', WIRE_MESSAGES.phoneNotPersonal],
            ['+44 909 879 0000', WIRE_MESSAGES.phoneNotPersonal],
            ['+881 6 12345678', WIRE_MESSAGES.phoneNotPersonal],
            ['0800 123 456', WIRE_MESSAGES.phoneNotPersonal],
            ['+64 21 555 0123 https://evil.test', WIRE_MESSAGES.phoneTrailingText],
            ['021 555 0123, evenings', WIRE_MESSAGES.phoneTrailingText],
          ]
          for (const [number, message] of refusals) {
            const refused = await postBooking(s.server.url, bookingBody('2026-12-16T14:00', phoneCall(number)))
            expect([number, refused.status, await refused.json()]).toEqual([number, 400, { message }])
          }
          expect(await store.count()).toBe(before)

          const booking = await s.booked('2026-12-16T14:00', phoneCall('(09) 379 0000 ext. 4567'))
          expect(booking.location).toBe('+6493790000;ext=4567')
          expect((await store.find(booking.uid))?.phone).toBe('+6493790000;ext=4567')
          expect((await sink.find(WHERE_TEAM, 'New booking: Pita Phone')).parsed.text).toContain('Phone call: +64 9 379 0000 ext. 4567.')
          expect((await sink.find('pita.phone@example.com', 'Booked:')).parsed.text).toContain("We'll call you on +64 9 379 0000 ext. 4567.")
        } finally {
          await s.close()
        }
      })

      it('with BOOKING_PHONE_COUNTRIES, takes numbers of those countries only, and says which', async () => {
        const s = await site({ BOOKING_LOCATIONS: 'phone', BOOKING_PHONE_COUNTRIES: 'NZ,AU' })
        try {
          const phoneCall = (optionValue: string) => ({
            responses: { name: 'Ana Abroad', email: 'ana.abroad@example.com', guests: [], location: { value: 'phone', optionValue } },
          })
          const refused = await postBooking(s.server.url, bookingBody('2026-12-16T14:30', phoneCall('+44 20 7946 0958')))
          expect([refused.status, await refused.json()]).toEqual([400, { message: 'We call numbers in New Zealand and Australia only. Please enter one of those.' }])
          expect((await s.booked('2026-12-16T14:30', phoneCall('+61 412 345 678'))).location).toBe('+61412345678')
        } finally {
          await s.close()
        }
      })

      it('refuses a location the host does not offer, and a phone-only host needs a number', async () => {
        const videoOnly = await site()
        try {
          const body = bookingBody('2026-12-18T10:00', {
            responses: { name: 'Paora Phone', email: 'paora@example.com', guests: [], location: { value: 'phone', optionValue: '+64 21 555 0123' } },
          })
          const refused = await postBooking(videoOnly.server.url, body)
          expect(refused.status).toBe(400)
          expect(await refused.json()).toEqual({ message: WIRE_MESSAGES.location })
        } finally {
          await videoOnly.close()
        }
        const phoneOnly = await site({ BOOKING_LOCATIONS: 'phone' })
        try {
          const missing = await postBooking(phoneOnly.server.url, bookingBody('2026-12-18T10:00', person('Paora Phone', 'paora@example.com')))
          expect(missing.status).toBe(400)
          expect(await missing.json()).toEqual({ message: WIRE_MESSAGES.phone })
        } finally {
          await phoneOnly.close()
        }
      })

      it("writes the visitor's emails in the clock they booked in (docs/email.md#times); the agency's stay in the 12-hour clock", async () => {
        const s = await site({ ...REMINDERS, HOST_EMAIL: WHERE_TEAM })
        try {
          const visitor = 'tama.clock@example.com'
          const booking = await s.booked('2026-12-21T14:00', { ...person('Tama Clock', visitor), metadata: { timeFormat: '24' } })
          const booked = await sink.find(visitor, 'Booked:')
          expect(booked.parsed.subject).toBe('Booked: your call with Kiwi Automate, Mon 21 Dec 2026, 14:00 (Pacific/Auckland)')
          expect(booked.parsed.text).toContain('Monday 21 December 2026, 14:00 to 14:15 (Pacific/Auckland, UTC+13:00)')
          expect((await sink.find(WHERE_TEAM, 'New booking: Tama Clock')).parsed.text).toContain('2:00 pm to 2:15 pm')

          expect((await s.reschedule(booking.uid, '2026-12-22T09:30')).status).toBe(200)
          const moved = await sink.find(visitor, 'Moved:')
          expect(moved.parsed.text).toContain('Tuesday 22 December 2026, 09:30 to 09:45')
          expect(moved.parsed.text).toContain('Monday 21 December 2026, 14:00 to 14:15')
          s.advanceTo('2026-12-20T21:00:00Z')
          expect((await sink.find(visitor, 'Reminder:')).parsed.subject).toBe('Reminder: your call with Kiwi Automate, Tue 22 Dec 2026, 09:30 (Pacific/Auckland)')

          // Without the visitor's clock (the voice assistant, an older page): the 12-hour one, as before.
          await s.booked('2026-12-21T16:00', person('Hemi Habit', 'hemi.habit@example.com'))
          expect((await sink.find('hemi.habit@example.com', 'Booked:')).parsed.subject).toContain('Mon 21 Dec 2026, 4:00 pm')
        } finally {
          await s.close()
        }
      })

      it('uses a VIDEO_CALL_URL without {room} as the link of every booking', async () => {
        const s = await site({ VIDEO_CALL_URL: 'https://meet.example.org/team-room' })
        try {
          const first = await s.booked('2026-12-17T10:00', person('Fixed One', 'fixed.one@example.com'))
          const second = await s.booked('2026-12-17T10:15', person('Fixed Two', 'fixed.two@example.com'))
          for (const booking of [first, second]) expect(booking).toMatchObject({ location: 'https://meet.example.org/team-room', metadata: { videoCallUrl: 'https://meet.example.org/team-room' } })
          joinsNearTop(await sink.find('fixed.one@example.com', 'Booked:'), 'https://meet.example.org/team-room', 'When')
        } finally {
          await s.close()
        }
      })
    })
  })
}
