/**
 * Managing a booking end to end over HTTP, run once per backend like ./bookingSuite: the emails a booking
 * sends (to a real SMTP server in the test, or as .eml files), the outbox surviving SMTP outages and
 * restarts, cancel, reschedule and their races, and the limits.
 */
import { simpleParser } from 'mailparser'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingResponseSchema } from '../../../core/bookingWire'
import { BookingViewSchema, CancelResponseSchema } from '../../../core/manageWire'
import { calendarUid } from '../../../server/calendar/calendarUid'
import { rowAfter } from '../../../server/db/rows'
import type { BookingStore } from '../../../server/db/store'
import { createLogger } from '../../../server/log/logger'
import { createMailer } from '../../../server/mail/mailer'
import type { MailWorker } from '../../../server/mail/worker'
import type { StoreBackend } from './bookingSuite'
import { INVISIBLE_CHARACTERS } from '../../support/invisibleCharacters'
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
  type TestClock,
} from './harness'
import { inviteOf } from './invite'
import { SmtpSink, type ReceivedMail } from './smtpSink'

const NZ = 'Pacific/Auckland'
const TEAM = 'team@kiwi.example'
const PUBLIC_URL = 'https://kiwi.example'

const person = (name: string, email: string) => ({ responses: { name, email, guests: [] as string[] } })

export function defineManageSuite(name: string, makeBackend: () => Promise<StoreBackend>) {
  describe(`cancel, reschedule, mail and limits on ${name}`, () => {
    let backend: StoreBackend
    let store: BookingStore
    let dataDir: string
    const sink = new SmtpSink()

    beforeAll(async () => {
      backend = await makeBackend()
      store = await backend.open()
      dataDir = await mkdtemp(join(tmpdir(), 'mail-outbox-'))
      await sink.start()
    })
    afterAll(async () => {
      await sink.stop()
      await store?.close()
      await backend?.dispose()
      await rm(dataDir, { recursive: true, force: true })
    })

    /** The iCalendar UID of a booking's event in every invite and the feed (not its uid). */
    const eventUid = (booking: { id: number }) => calendarUid(store.calendarSecret, booking.id, 'kiwi-automate')

    /** The site with its mail worker, as server/main.ts wires them. */
    async function site(env: Record<string, string> = {}, clock: TestClock = testClock(), siteStore: BookingStore = store) {
      const config = testConfig({ SMTP_URL: sink.url, HOST_EMAIL: TEAM, PUBLIC_URL, ...env })
      const logs: string[] = []
      const mail: MailWorker = createMailer({
        config,
        store,
        dataDir,
        clock: clock.read,
        log: (line) => logs.push(line),
        pollMs: 200,
      })
      const server = await startServer({ config, store: siteStore, clock, onMailQueued: mail.wake })
      mail.start()
      const book = async (start: string, overrides: Parameters<typeof bookingBody>[1] = {}, init: RequestInit = {}) =>
        postBooking(server.url, bookingBody(start, overrides), init)
      const booked = async (start: string, overrides: Parameters<typeof bookingBody>[1] = {}) => {
        const response = await book(start, overrides)
        expect(response.status, await response.clone().text()).toBe(200)
        return v.parse(BookingResponseSchema, await response.json())
      }
      const cancel = (body: unknown) =>
        fetch(`${server.url}/api/cancel`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      const reschedule = (uid: string, start: string, overrides: Record<string, unknown> = {}) => {
        const { responses: _dropped, ...body } = bookingBody(start)
        return postBooking(server.url, { ...body, rescheduleUid: uid, ...overrides })
      }
      const view = (uid: string) => fetch(`${server.url}/api/booking/${uid}`)
      const slotTimes = async (from: string, to: string) => {
        const response = await fetch(server.url + slotsPath(slotsInput(from, to)))
        const body = (await response.json()) as { result: { data: { json: { slots: Record<string, { time: string }[]> } } } }
        return localTimes(body.result.data.json.slots, NZ)
      }
      const close = async () => {
        await mail.stop()
        await server.close()
      }
      return { config, clock, mail, server, logs, book, booked, cancel, reschedule, view, slotTimes, close }
    }

    describe('emails', () => {
      it('sends the visitor and the agency their emails, with both zones, the link and an invite that parses back', async () => {
        const s = await site()
        try {
          const visitor = 'aroha.mail@example.co.nz'
          // Wednesday 10:00 in Auckland is Tuesday 13:00 in Los Angeles.
          const booking = await s.booked('2026-11-24T13:00[America/Los_Angeles]', {
            responses: { name: "Aroha O'Neil & Co", email: visitor, guests: [] },
          })
          expect(booking.startTime).toBe('2026-11-24T21:00:00.000Z')
          const link = `${PUBLIC_URL}/booking/${booking.uid}`

          const toVisitor = await sink.find(visitor, 'Booked:')
          expect(toVisitor.parsed.subject).toBe(`Booked: your call with Kiwi Automate, Tue 24 Nov 2026, 1:00 pm (America/Los Angeles)`)
          expect(toVisitor.parsed.from?.value).toEqual([{ name: 'Kiwi Automate', address: 'bookings@localhost' }])
          expect(toVisitor.parsed.replyTo?.text).toContain(TEAM)
          const text = toVisitor.parsed.text ?? ''
          expect(text).toContain(`Tuesday 24 November 2026, 1:00 pm to 1:15 pm (America/Los Angeles, UTC-08:00)`)
          expect(text).toContain(`Wednesday 25 November 2026, 10:00 am to 10:15 am (${NZ}, UTC+13:00)`)
          expect(text).toContain(link)
          const html = String(toVisitor.parsed.html)
          expect(html).toContain(`href="${link}"`)
          expect(html).toContain('Aroha O&#39;Neil &amp; Co')
          expect(html).toContain('<meta name="color-scheme" content="light dark">')
          expect(html).not.toMatch(/<img|url\(/i)
          const invite = inviteOf(toVisitor)
          expect(invite).toMatchObject({
            method: 'REQUEST',
            uid: eventUid(booking),
            sequence: 0,
            status: 'CONFIRMED',
            start: booking.startTime,
            end: booking.endTime,
            organizer: `mailto:${TEAM}`,
            attendees: [`mailto:${visitor}`],
          })

          const toAgency = await sink.find(TEAM, 'New booking:')
          expect(toAgency.parsed.subject).toBe(`New booking: Aroha O'Neil & Co, Wed 25 Nov 2026, 10:00 am (${NZ})`)
          expect(toAgency.parsed.replyTo?.text).toContain(visitor)
          expect(toAgency.parsed.text).toContain(visitor)
          expect(toAgency.parsed.text).toContain(link)
          expect(inviteOf(toAgency)).toMatchObject({ method: 'REQUEST', uid: eventUid(booking), start: booking.startTime })

          // Each message's Message-ID is the one the outbox recorded; the jobs are sent. The sink has a message as
          // soon as its data ends, a moment before the worker hears the server's answer and records it: poll.
          await expect
            .poll(async () => (await store.mailJobs.forBooking(booking.uid)).map((j) => [j.kind, j.recipient, j.status, j.attempts]))
            .toEqual([
              ['booked', 'visitor', 'sent', 1],
              ['booked', 'host', 'sent', 1],
            ])
          const jobs = await store.mailJobs.forBooking(booking.uid)
          expect([toVisitor.parsed.messageId, toAgency.parsed.messageId]).toEqual(jobs.map((j) => j.messageId))
          // The log names what was sent, never who.
          expect(s.logs.join('\n')).not.toMatch(/aroha|Neil/i)
        } finally {
          await s.close()
        }
      })

      it('answers 200 while SMTP is down and sends once it is back, exactly once across a restart', async () => {
        await sink.stop()
        const clock = testClock()
        let s = await site({}, clock)
        const visitor = 'outage@example.com'
        let uid = ''
        try {
          const before = sink.received.length
          const booking = await s.booked('2026-11-25T11:00', person('Outage Test', visitor))
          uid = booking.uid
          // Both attempts fail (connection refused) and are put off with backoff.
          await expect
            .poll(async () => (await store.mailJobs.forBooking(uid)).map((j) => [j.status, j.attempts, j.lastError !== null]), {
              timeout: 10_000,
            })
            .toEqual([
              ['pending', 1, true],
              ['pending', 1, true],
            ])
          const jobs = await store.mailJobs.forBooking(uid)
          expect(Temporal.Instant.from(jobs[0]?.nextAttemptAt as string).epochMilliseconds).toBe(
            clock.now.add({ seconds: 30 }).epochMilliseconds,
          )
          expect(sink.received.length).toBe(before)
          expect(s.logs.join('\n')).toMatch(/attempt 1 failed/)
          expect(s.logs.join('\n')).not.toContain(visitor)

          // A restart: the worker and the store go away with the jobs unsent.
          await s.close()
          await store.close()
          store = await backend.open()
          await sink.start()
          clock.now = clock.now.add({ minutes: 1 })
          s = await site({}, clock)
          const mine = () => sink.received.filter((m) => m.parsed.text?.includes(uid))
          await expect.poll(() => mine().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
          // Another wake and a moment later, nothing more arrives.
          s.mail.wake()
          await new Promise((resolve) => setTimeout(resolve, 300))
          expect(
            mine()
              .map((m) => m.parsed.subject?.split(':')[0])
              .sort(),
          ).toEqual(['Booked', 'New booking'])
          expect((await store.mailJobs.forBooking(uid)).map((j) => [j.status, j.attempts])).toEqual([
            ['sent', 2],
            ['sent', 2],
          ])
        } finally {
          await s.close()
          if (sink.port && !sink.running) await sink.start()
        }
      })

      it('marks a message refused for good (5xx) as failed, and retries a 4xx', async () => {
        const clock = testClock()
        const s = await site({}, clock)
        try {
          sink.refuse.set('gone@example.com', 550)
          sink.refuse.set('busy@example.com', 452)
          const gone = await s.booked('2026-11-25T11:15', person('Gone Mailbox', 'gone@example.com'))
          const busy = await s.booked('2026-11-25T11:30', person('Busy Mailbox', 'busy@example.com'))
          await expect
            .poll(async () => (await store.mailJobs.forBooking(gone.uid))[0]?.status, { timeout: 10_000 })
            .toBe('failed')
          const first = async () => {
            const job = (await store.mailJobs.forBooking(busy.uid))[0]
            return [job?.status, job?.attempts, job?.lastError !== null]
          }
          await expect.poll(first, { timeout: 10_000 }).toEqual(['pending', 1, true])
          // The booking stands whatever the mail does.
          expect((await store.find(gone.uid))?.status).toBe('ACCEPTED')
          // The mailbox takes mail again; the next attempt is due 30 seconds later.
          sink.refuse.clear()
          clock.now = clock.now.add({ seconds: 31 })
          s.mail.wake()
          await expect.poll(async () => (await store.mailJobs.forBooking(busy.uid))[0]?.status, { timeout: 10_000 }).toBe('sent')
          expect((await store.mailJobs.forBooking(busy.uid))[0]?.attempts).toBe(2)
        } finally {
          sink.refuse.clear()
          await s.close()
        }
      })

      it('without SMTP_URL writes each message as an .eml into DATA_DIR/outbox and logs its path', async () => {
        const s = await site({ SMTP_URL: '', HOST_EMAIL: '' })
        try {
          const booking = await s.booked('2026-11-25T12:00', person('Eml Reader', 'eml@example.com'))
          await expect.poll(() => s.logs.filter((line) => line.includes('.eml')).length, { timeout: 10_000 }).toBe(2)
          const files = (await readdir(join(dataDir, 'outbox'))).filter((f) => f.endsWith('.eml'))
          const logged = s.logs.map((line) => /written to (\S+\.eml)/.exec(line)?.[1]).filter(Boolean) as string[]
          expect(logged).toHaveLength(2)
          for (const path of logged) expect(files).toContain(path.split('/').pop())
          const parsed = await Promise.all(logged.map(async (path) => simpleParser(await readFile(path))))
          const toVisitor = parsed.find((m) => m.subject?.startsWith('Booked:'))
          const toAgency = parsed.find((m) => m.subject?.startsWith('New booking:'))
          expect(toVisitor?.to && 'text' in toVisitor.to ? toVisitor.to.text : '').toContain('eml@example.com')
          // No HOST_EMAIL: the agency's notice is only in the outbox, addressed to the sender.
          expect(toAgency?.to && 'text' in toAgency.to ? toAgency.to.text : '').toContain('bookings@localhost')
          expect(toVisitor?.text).toContain(`${PUBLIC_URL}/booking/${booking.uid}`)
          expect(toVisitor?.attachments.map((a) => a.filename)).toContain('invite.ics')
          expect(s.logs.join('\n')).not.toMatch(/Eml Reader|eml@example/)
        } finally {
          await s.close()
        }
      })
    })

    describe('cancel', () => {
      it('cancels: the slot is free at once, both sides get METHOD:CANCEL, and the view says so', async () => {
        const s = await site()
        try {
          const visitor = 'cancel.me@example.com'
          const booking = await s.booked('2026-11-26T10:00', person('Cancel Me', visitor))
          expect(await s.slotTimes('2026-11-25T11:00:00.000Z', '2026-11-26T11:00:00.000Z')).not.toContain('2026-11-26 10:00')
          const viewed = v.parse(BookingViewSchema, await (await s.view(booking.uid)).json())
          expect(viewed).toEqual({
            uid: booking.uid,
            title: booking.title,
            startTime: booking.startTime,
            endTime: booking.endTime,
            status: 'ACCEPTED',
            timeZone: NZ,
            name: 'Cancel Me',
            user: { username: 'kiwi-automate' },
            canChange: true,
            iCalUID: eventUid(booking),
            // SCHEDULE_CHANGE_NOTICE_MINUTES' default, 60: online changes close an hour before the start.
            changeNotice: {
              closesAt: '2026-11-25T20:00:00.000Z',
              message: `Calls can be cancelled or moved online until 1 hour before they start, so this one can no longer be changed here. To change it, please email ${TEAM}.`,
            },
            // The booking's own join link, as its answer gave it.
            location: booking.location,
            metadata: { videoCallUrl: booking.location },
          })
          expect(booking.location).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{24}$/)

          const response = await s.cancel({ uid: booking.uid, cancellationReason: 'Something <b>came</b> up & "urgent"' })
          expect(response.status).toBe(200)
          expect(v.parse(CancelResponseSchema, await response.json())).toEqual({
            success: true,
            message: 'Booking successfully cancelled.',
            bookingId: booking.id,
            bookingUid: booking.uid,
            onlyRemovedAttendee: false,
          })
          expect(await s.slotTimes('2026-11-25T11:00:00.000Z', '2026-11-26T11:00:00.000Z')).toContain('2026-11-26 10:00')
          const after = await s.view(booking.uid)
          expect(after.headers.get('cache-control')).toBe('no-store')
          const cancelledView = (await after.json()) as Record<string, unknown>
          expect(cancelledView).toMatchObject({ status: 'CANCELLED', canChange: false })
          expect(cancelledView).not.toHaveProperty('changeNotice')

          const toVisitor = await sink.find(visitor, 'Cancelled:')
          const toAgency = await sink.find(TEAM, 'Cancelled: Cancel Me')
          for (const mail of [toVisitor, toAgency])
            expect(inviteOf(mail)).toMatchObject({ method: 'CANCEL', uid: eventUid(booking), sequence: 1, status: 'CANCELLED' })
          expect(toAgency.parsed.text).toContain('Something <b>came</b> up & "urgent"')
          expect(String(toAgency.parsed.html)).toContain('Something &lt;b&gt;came&lt;/b&gt; up &amp; &quot;urgent&quot;')

          // The freed slot can be booked again; the cancelled booking cannot be cancelled twice.
          await s.booked('2026-11-26T10:00', person('Next In Line', 'next.in.line@example.com'))
          const twice = await s.cancel({ uid: booking.uid })
          expect(twice.status).toBe(400)
          expect(await twice.json()).toEqual({ message: 'This call has already been cancelled.' })
          expect((await store.mailJobs.forBooking(booking.uid)).map((j) => j.kind)).toEqual([
            'booked',
            'booked',
            'cancelled',
            'cancelled',
          ])

          // The agency's feed keeps it, as cancelled.
          const feed = await fetch(`${s.server.url}/api/bookings.ics`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
          const event =
            (await feed.text())
              .replace(/\r\n /g, '')
              .split('BEGIN:VEVENT')
              .find((e) => e.includes(`UID:${eventUid(booking)}`)) ?? ''
          expect(event).toContain('\r\nSTATUS:CANCELLED\r\n')
          expect(event).toContain('\r\nSEQUENCE:1\r\n')
          expect(event).toContain('SUMMARY:Cancelled: ')
        } finally {
          await s.close()
        }
      })

      it.each<[string, Record<string, string>, number, string]>([
        ['an unknown uid', { uid: '00000000-0000-4000-8000-000000000000' }, 404, 'This booking was not found.'],
        ['a malformed uid', { uid: '../../etc/passwd' }, 404, 'This booking was not found.'],
        ['no uid', {}, 400, 'The booking reference is missing.'],
        [
          'a reason over 500 characters',
          { uid: '00000000-0000-4000-8000-000000000000', cancellationReason: 'x'.repeat(501) },
          400,
          'The reason must be at most 500 characters, without control or invisible characters.',
        ],
        ...INVISIBLE_CHARACTERS.map(([name, char]): [string, Record<string, string>, number, string] => [
          `a reason with ${name}`,
          { uid: '00000000-0000-4000-8000-000000000000', cancellationReason: `Sorry${char} busy` },
          400,
          'The reason must be at most 500 characters, without control or invisible characters.',
        ]),
      ])('refuses %s', async (_label, body, status, message) => {
        const s = await site()
        try {
          const response = await s.cancel(body)
          expect(response.status).toBe(status)
          expect(await response.json()).toEqual({ message })
        } finally {
          await s.close()
        }
      })

      it('answers 404 for an unknown or malformed uid on GET /api/booking/{uid}', async () => {
        const s = await site()
        try {
          for (const uid of ['00000000-0000-4000-8000-000000000000', 'nope', 'A0000000-0000-4000-8000-000000000000']) {
            const response = await s.view(uid)
            expect(response.status).toBe(404)
            expect(response.headers.get('cache-control')).toBe('no-store')
            expect(await response.json()).toEqual({ message: 'This booking was not found.' })
          }
        } finally {
          await s.close()
        }
      })

      it('refuses to cancel or move a call that has started', async () => {
        const clock = testClock()
        const s = await site({}, clock)
        try {
          const booking = await s.booked('2026-11-23T11:00', person('Too Late', 'too.late@example.com'))
          clock.now = Temporal.Instant.from('2026-11-23T11:05:00+13:00')
          const cancelled = await s.cancel({ uid: booking.uid })
          expect(cancelled.status).toBe(400)
          expect(await cancelled.json()).toEqual({
            message: 'This call has already started or taken place, so it can no longer be cancelled.',
          })
          const moved = await s.reschedule(booking.uid, '2026-11-27T15:00')
          expect(moved.status).toBe(400)
          expect(await moved.json()).toEqual({
            message: 'This call has already started or taken place, so it can no longer be moved.',
          })
          expect(await (await s.view(booking.uid)).json()).toMatchObject({ status: 'ACCEPTED', canChange: false })
        } finally {
          await s.close()
        }
      })
    })

    describe('reschedule', () => {
      it('moves the booking (same uid, SEQUENCE 1), frees the old slot, takes the new one, and mails both sides', async () => {
        const s = await site()
        try {
          const visitor = 'mover@example.com'
          const booking = await s.booked('2026-11-26T11:00', person('Mover', visitor))
          const before = await s.slotTimes('2026-11-25T11:00:00.000Z', '2026-11-27T11:00:00.000Z')
          expect(before).not.toContain('2026-11-26 11:00')
          expect(before).toContain('2026-11-27 11:00')
          const response = await s.reschedule(booking.uid, '2026-11-27T11:00')
          expect(response.status).toBe(200)
          const moved = v.parse(BookingViewSchema, await response.json())
          expect(moved).toMatchObject({
            uid: booking.uid,
            startTime: '2026-11-26T22:00:00.000Z',
            endTime: '2026-11-26T22:15:00.000Z',
            status: 'ACCEPTED',
            name: 'Mover',
          })
          const times = await s.slotTimes('2026-11-25T11:00:00.000Z', '2026-11-27T11:00:00.000Z')
          expect(times).toContain('2026-11-26 11:00')
          expect(times).not.toContain('2026-11-27 11:00')
          expect(await (await s.view(booking.uid)).json()).toMatchObject({ startTime: moved.startTime, status: 'ACCEPTED' })

          const toVisitor = await sink.find(visitor, 'Moved:')
          expect(toVisitor.parsed.subject).toBe(`Moved: your call with Kiwi Automate is now Fri 27 Nov 2026, 11:00 am (${NZ})`)
          expect(toVisitor.parsed.text).toContain('Was')
          expect(toVisitor.parsed.text).toContain('Thursday 26 November 2026, 11:00 am')
          for (const mail of [toVisitor, await sink.find(TEAM, 'Rescheduled: Mover')])
            expect(inviteOf(mail)).toMatchObject({ method: 'REQUEST', uid: eventUid(booking), sequence: 1, start: moved.startTime })

          // Into a taken slot: 409 with Cal.com's code, nothing moves.
          await s.booked('2026-11-27T11:15', person('Neighbour', 'neighbour@example.com'))
          const taken = await s.reschedule(booking.uid, '2026-11-27T11:15')
          expect(taken.status).toBe(409)
          expect(await taken.json()).toEqual({ message: 'no_available_users_found_error' })
          expect((await store.find(booking.uid))?.startTime).toBe(moved.startTime)
        } finally {
          await s.close()
        }
      })

      it('refuses an unknown uid (404), a cancelled booking and an out-of-bounds time (400)', async () => {
        const s = await site()
        try {
          const unknown = await s.reschedule('00000000-0000-4000-8000-000000000000', '2026-11-27T12:00')
          expect(unknown.status).toBe(404)
          expect(await unknown.json()).toEqual({ message: 'This booking was not found.' })
          const booking = await s.booked('2026-11-26T12:00', person('Changes Mind', 'changes.mind@example.com'))
          const outOfBounds = await s.reschedule(booking.uid, '2026-11-28T12:00')
          expect(outOfBounds.status).toBe(400)
          expect(await outOfBounds.json()).toEqual({ message: 'booking_time_out_of_bounds_error' })
          expect((await s.cancel({ uid: booking.uid })).status).toBe(200)
          const cancelled = await s.reschedule(booking.uid, '2026-11-27T12:00')
          expect(cancelled.status).toBe(400)
          expect(await cancelled.json()).toEqual({
            message: 'This call was cancelled, so it cannot be moved. Please book a new call instead.',
          })
        } finally {
          await s.close()
        }
      })

      it('gives a slot to exactly one of two reschedules racing into it, and one of a reschedule and a booking', async () => {
        const s = await site()
        try {
          const a = await s.booked('2026-11-26T13:00', person('Racer A', 'racer.a@example.com'))
          const b = await s.booked('2026-11-26T13:15', person('Racer B', 'racer.b@example.com'))
          const [ra, rb] = await Promise.all([s.reschedule(a.uid, '2026-11-27T13:00'), s.reschedule(b.uid, '2026-11-27T13:00')])
          expect([ra.status, rb.status].sort()).toEqual([200, 409])
          const winner = ra.status === 200 ? a : b
          const loser = winner === a ? b : a
          const holders = (await store.list(Temporal.Instant.from('2026-11-27T13:00:00+13:00'))).filter(
            (row) => row.startTime === '2026-11-27T00:00:00.000Z' && row.status === 'ACCEPTED',
          )
          expect(holders.map((row) => row.uid)).toEqual([winner.uid])
          // The loser stays where it was; each change has its emails, the refused one none.
          expect((await store.find(loser.uid))?.startTime).toBe(loser.startTime)
          await expect
            .poll(async () => (await store.mailJobs.forBooking(winner.uid)).map((j) => `${j.kind}:${j.status}`), {
              timeout: 10_000,
            })
            .toEqual(['booked:sent', 'booked:sent', 'rescheduled:sent', 'rescheduled:sent'])
          expect((await store.mailJobs.forBooking(loser.uid)).map((j) => j.kind)).toEqual(['booked', 'booked'])

          const c = await s.booked('2026-11-26T14:00', person('Racer C', 'racer.c@example.com'))
          const [moved, fresh] = await Promise.all([
            s.reschedule(c.uid, '2026-11-27T14:00'),
            s.book('2026-11-27T14:00', person('Racer D', 'racer.d@example.com')),
          ])
          expect([moved.status, fresh.status].sort()).toEqual([200, 409])
          const at = (await store.list(Temporal.Instant.from('2026-11-27T14:00:00+13:00'))).filter(
            (row) => row.startTime === '2026-11-27T01:00:00.000Z' && row.status === 'ACCEPTED',
          )
          expect(at).toHaveLength(1)
        } finally {
          await s.close()
        }
      })

      it('makes two moves of one booking at once one after the other, both answered 200', async () => {
        const s = await site()
        try {
          const booking = await s.booked('2026-11-26T15:00', person('Twice', 'twice.moved@example.com'))
          const [first, second] = await Promise.all([s.reschedule(booking.uid, '2026-11-27T15:00'), s.reschedule(booking.uid, '2026-11-27T15:30')])
          expect([first.status, second.status]).toEqual([200, 200])
          expect((await store.find(booking.uid))?.sequence).toBe(2)
        } finally {
          await s.close()
        }
      })

      it('makes a change again from the row as it is when another change got there after it was read', async () => {
        const visitor = 'read.before@example.com'
        const mover = await site()
        const booking = await mover.booked('2026-11-26T15:45', person('Read Before', visitor))
        const before = await store.find(booking.uid)
        expect((await mover.reschedule(booking.uid, '2026-11-27T15:45')).status).toBe(200)
        await mover.close()
        // This server reads the row as it was before the move, once: its first jobs are outdated and written nowhere.
        let stale = before
        const s = await site({}, testClock(), { ...store, find: async (uid) => (uid === booking.uid && stale ? [stale, (stale = undefined)][0] : store.find(uid)) })
        try {
          expect((await s.cancel({ uid: booking.uid })).status).toBe(200)
          const cancelled = await sink.find(visitor, 'Cancelled:')
          expect(inviteOf(cancelled)).toMatchObject({ method: 'CANCEL', sequence: 2, start: '2026-11-27T02:45:00.000Z' })
          expect((await store.mailJobs.forBooking(booking.uid)).map((j) => j.kind).filter((kind) => kind === 'cancelled')).toHaveLength(2)
        } finally {
          await s.close()
        }
      })
    })

    describe('the rows a change leaves', () => {
      it('are the rows its jobs were made from (rowAfter): booked, moved, cancelled', async () => {
        const now = Temporal.Instant.from('2026-11-23T08:00:00.123Z')
        const start = Temporal.Instant.from('2026-12-09T04:00:00Z')
        const booking = {
          id: await store.newBookingId(),
          uid: '0a5e7c1d-4b2f-4c6a-9e3d-7f1b2c3d4e5f',
          host: 'kiwi-automate',
          eventTypeId: 1,
          title: 'Row check',
          start,
          end: start.add({ minutes: 15 }),
          name: 'Row Check',
          email: 'row.check@example.com',
          guests: ['row.guest@example.com'],
          timeZone: 'Europe/Berlin',
          language: 'en',
          notes: 'What the jobs read',
          hour24: true,
        }
        const inserted = await store.insert(booking, { limits: { now, emailKey: 'row.check@example.com', maxUpcomingPerEmail: 5, clients: [] }, jobs: [] })
        if (!inserted.ok) throw new Error(inserted.code)
        expect(inserted.booking).toEqual(rowAfter.booked(booking, now, false))
        const to = { start: start.add({ minutes: 30 }), end: start.add({ minutes: 45 }), maxReschedules: 3 }
        const moved = await store.reschedule(booking.uid, to, { now, clients: [] }, { sequence: 0, jobs: [] })
        if (!moved.ok) throw new Error('not moved')
        expect(moved.booking).toEqual(rowAfter.rescheduled(inserted.booking, to, now))
        const cancelled = await store.cancel(booking.uid, 'Row checked', { now, clients: [] }, { sequence: 1, jobs: [] })
        if (!cancelled.ok) throw new Error('not cancelled')
        expect(cancelled.booking).toEqual(rowAfter.cancelled(moved.booking, 'Row checked', now))
      })
    })

    describe('limits', () => {
      it('allows MAX_UPCOMING_PER_EMAIL upcoming calls per address, case and +tag ignored, and writes nothing past it', async () => {
        const s = await site({ MAX_UPCOMING_PER_EMAIL: '2' })
        try {
          const first = await s.booked('2026-11-30T10:00', person('Capped', 'Capped@Example.com'))
          await s.booked('2026-11-30T10:15', person('Capped', 'capped+work@example.com'))
          const before = await store.count()
          const third = await s.book('2026-11-30T10:30', person('Capped', 'CAPPED+again@EXAMPLE.COM'))
          expect(third.status).toBe(409)
          expect(await third.json()).toEqual({
            message:
              'You already have 2 upcoming calls booked with Kiwi Automate; cancel one from your confirmation email to book another.',
          })
          expect(await store.count()).toBe(before)
          // Cancelling one makes room.
          expect((await s.cancel({ uid: first.uid })).status).toBe(200)
          await s.booked('2026-11-30T10:30', person('Capped', 'capped@example.com'))

          // Concurrent requests cannot both pass: 5 at once for a fresh address, 2 succeed.
          const racing = await Promise.all(
            ['11:00', '11:15', '11:30', '11:45', '12:00'].map((time) =>
              s.book(`2026-11-30T${time}`, person('Rushed', 'rushed@example.com')),
            ),
          )
          expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409])
        } finally {
          await s.close()
        }
      })

      it('caps bookings per client address per day (IPv6 per /64), writing nothing past it, and opens again a day later', async () => {
        const clock = testClock()
        const s = await site({ RATE_LIMIT_BOOKINGS_PER_DAY: '2', TRUST_PROXY: '127.0.0.1' }, clock)
        const from = (address: string) => ({ headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address } })
        let n = 0
        const bookFrom = (address: string, start: string) =>
          s.book(start, person('Daily', `daily${++n}@example.com`), from(address))
        try {
          expect((await bookFrom('203.0.113.7', '2026-12-01T10:00')).status).toBe(200)
          expect((await bookFrom('203.0.113.7', '2026-12-01T10:15')).status).toBe(200)
          const before = await store.count()
          const refused = await bookFrom('203.0.113.7', '2026-12-01T10:30')
          expect(refused.status).toBe(429)
          expect(Number(refused.headers.get('retry-after'))).toBe(86_400)
          expect(await refused.json()).toEqual({
            message: 'Too many calls have been booked from your network today. Please try again tomorrow.',
          })
          expect(await store.count()).toBe(before)
          // Another address is not affected.
          expect((await bookFrom('203.0.113.8', '2026-12-01T10:30')).status).toBe(200)

          // IPv6: one /64 is one client.
          expect((await bookFrom('2001:db8:1:2::1', '2026-12-01T11:00')).status).toBe(200)
          expect((await bookFrom('2001:db8:1:2:ffff:ffff:ffff:fffe', '2026-12-01T11:15')).status).toBe(200)
          expect((await bookFrom('2001:db8:1:2:abcd::9', '2026-12-01T11:30')).status).toBe(429)
          expect((await bookFrom('2001:db8:1:3::1', '2026-12-01T11:30')).status).toBe(200)

          clock.now = clock.now.add({ hours: 24, seconds: 1 })
          expect((await bookFrom('203.0.113.7', '2026-12-01T11:45')).status).toBe(200)
        } finally {
          await s.close()
        }
      })

      it('counts the per-minute limit across instances with PostgreSQL (per instance with PGlite)', async () => {
        const env = { RATE_LIMIT_BOOKINGS: '2', RATE_LIMIT_WINDOW_SECONDS: '60' }
        const clock = testClock()
        const one = await site(env, clock)
        const two = await site(env, clock)
        try {
          const invalid = (url: string) => postBooking(url, { not: 'a booking' })
          expect((await invalid(one.server.url)).status).toBe(400)
          expect((await invalid(two.server.url)).status).toBe(400)
          const third = await invalid(one.server.url)
          expect(third.status).toBe(store.kind === 'postgres' ? 429 : 400)
        } finally {
          await one.close()
          await two.close()
        }
      })
    })

    describe('nobody reaches strangers or outlasts the limits', () => {
      /** Every message of the booking once all its jobs are sent, as the SMTP server received them. */
      async function delivered(uid: string) {
        await expect
          .poll(async () => (await store.mailJobs.forBooking(uid)).every((job) => job.status === 'sent'), { timeout: 10_000 })
          .toBe(true)
        const ids = new Set((await store.mailJobs.forBooking(uid)).map((job) => job.messageId))
        await expect.poll(() => sink.received.filter((m) => ids.has(m.parsed.messageId ?? '')).length, { timeout: 10_000 }).toBe(ids.size)
        return sink.received.filter((m) => ids.has(m.parsed.messageId ?? ''))
      }
      const withGuests = (name: string, email: string, guests: string[]) => ({ responses: { name, email, guests } })
      /** Everything a message says, decoded: headers, both parts, the invite. */
      const said = (mail: ReceivedMail) =>
        [mail.raw.split('\r\n\r\n')[0], mail.parsed.subject, mail.parsed.text, mail.parsed.html, ...mail.parsed.attachments.map((a) => a.content.toString('utf8'))].join('\n')

      it('refuses guests by default (BOOKING_MAX_GUESTS=0) with a sentence, writing and sending nothing', async () => {
        const s = await site()
        try {
          const before = await store.count()
          const response = await s.book('2026-12-03T10:00', withGuests('Relay', 'relay@example.com', ['a@victim.test', 'b@victim.test']))
          expect(response.status).toBe(400)
          expect(await response.json()).toEqual({ message: 'A call cannot be booked with guests here.' })
          expect(await store.count()).toBe(before)
        } finally {
          await s.close()
        }
      })

      it('gives each allowed guest one invite of their own, never a copy, without the visitor’s name or reason', async () => {
        const s = await site({ BOOKING_MAX_GUESTS: '2' })
        try {
          const guests = ['g1@victim.test', 'g2@victim.test']
          const over = await s.book('2026-12-03T10:15', withGuests('Relay', 'relay@example.com', [...guests, 'g3@victim.test']))
          expect(over.status).toBe(400)
          expect(await over.json()).toEqual({ message: 'A call can be booked with at most 2 guests.' })

          // A name that is a link is refused (docs/booking.md); a spammer's words still may not reach a guest.
          const booking = await s.booked('2026-12-03T10:15', withGuests('FREE PRIZE Relay', 'relay@example.com', guests))
          expect((await s.cancel({ uid: booking.uid, cancellationReason: 'FREE PRIZE at http://evil.test/claim' })).status).toBe(200)
          const mails = await delivered(booking.uid)
          // Visitor, agency and each guest, booked and cancelled: 8 messages, each to one recipient.
          expect(mails).toHaveLength(8)
          for (const mail of mails) {
            expect(mail.envelopeTo).toHaveLength(1)
            expect(mail.parsed.cc).toBeUndefined()
          }
          for (const guest of guests) {
            const toGuest = mails.filter((m) => m.envelopeTo[0] === guest)
            expect(toGuest.map((m) => m.parsed.subject?.split(':')[0]).sort()).toEqual(['Cancelled', 'Invitation'])
            for (const mail of toGuest) expect(said(mail)).not.toMatch(/FREE PRIZE|evil\.test|relay@example|booking\//)
          }
          // The reason goes to the visitor and the agency only.
          expect(mails.filter((m) => said(m).includes('http://evil.test/claim')).map((m) => m.envelopeTo[0]).sort()).toEqual([
            'relay@example.com',
            TEAM,
          ])
        } finally {
          await s.close()
        }
      })

      it('counts each guest against the daily cap as a booking', async () => {
        const s = await site({ BOOKING_MAX_GUESTS: '2', RATE_LIMIT_BOOKINGS_PER_DAY: '4', TRUST_PROXY: '127.0.0.1' })
        const from = { headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.41' } }
        try {
          const first = await s.book('2026-12-03T11:00', withGuests('Guest Cap', 'cap1@example.com', ['c1@victim.test', 'c2@victim.test']), from)
          expect(first.status).toBe(200)
          // 3 of 4 used: a booking with one guest (2) does not fit, one without (1) does.
          const second = await s.book('2026-12-03T11:15', withGuests('Guest Cap', 'cap2@example.com', ['c3@victim.test']), from)
          expect(second.status).toBe(429)
          expect(await second.json()).toEqual({ message: 'Too many calls have been booked from your network today. Please try again tomorrow.' })
          expect((await s.book('2026-12-03T11:15', person('Guest Cap', 'cap2@example.com'), from)).status).toBe(200)
        } finally {
          await s.close()
        }
      })

      it('refuses a reschedule to the current start and past MAX_RESCHEDULES_PER_BOOKING, dry run or not', async () => {
        const s = await site({ MAX_RESCHEDULES_PER_BOOKING: '2' })
        try {
          const booking = await s.booked('2026-12-04T10:00', person('Mover Again', 'mover.again@example.com'))
          for (const dryRun of [true, false]) {
            const same = await s.reschedule(booking.uid, '2026-12-04T10:00', { _isDryRun: dryRun })
            expect(same.status).toBe(400)
            expect(await same.json()).toEqual({ message: 'Your call is already at this time. Please choose another time.' })
          }
          expect((await s.reschedule(booking.uid, '2026-12-04T10:15')).status).toBe(200)
          expect((await s.reschedule(booking.uid, '2026-12-04T10:30')).status).toBe(200)
          for (const dryRun of [true, false]) {
            const third = await s.reschedule(booking.uid, '2026-12-04T10:45', { _isDryRun: dryRun })
            expect(third.status).toBe(400)
            expect(await third.json()).toEqual({
              message: 'This call has already been moved 2 times, the most allowed. Please cancel it and book a new call instead.',
            })
          }
          const kinds = (await store.mailJobs.forBooking(booking.uid)).map((job) => job.kind)
          expect(kinds.filter((kind) => kind === 'rescheduled')).toHaveLength(4)
        } finally {
          await s.close()
        }
      })

      it('answers every reschedule, dry run or not, with the view of GET /api/booking/{uid}: no email, guests or attendees', async () => {
        const s = await site({ BOOKING_MAX_GUESTS: '1' })
        try {
          const booking = await s.booked('2026-12-08T10:00', withGuests('Kept Private', 'kept.private@example.com', ['guest.private@example.com']))
          const dryRun = await s.reschedule(booking.uid, '2026-12-08T10:15', { _isDryRun: true })
          const moved = await s.reschedule(booking.uid, '2026-12-08T10:15')
          const view = await (await s.view(booking.uid)).json()
          for (const response of [dryRun, moved]) {
            expect(response.status).toBe(200)
            const text = await response.text()
            expect(text).not.toMatch(/private@example|"responses"|"attendees"|"guests"|"email"/)
            expect(JSON.parse(text)).toEqual(view)
          }
        } finally {
          await s.close()
        }
      })

      it('keeps the manage uid out of the request logs, the invites and the feed: one calendar UID, stable across changes', async () => {
        const lines: string[] = []
        const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } })
        const config = testConfig({ SMTP_URL: sink.url, HOST_EMAIL: TEAM, PUBLIC_URL, BOOKING_MAX_GUESTS: '1' })
        const mail = createMailer({ config, store, dataDir, log: () => undefined, pollMs: 200 })
        const server = await startServer({ config, store, clock: testClock(), onMailQueued: mail.wake, logger })
        mail.start()
        try {
          const made = await postBooking(server.url, bookingBody('2026-12-09T10:00', withGuests('Uid Keeper', 'uid.keeper@example.com', ['uid.guest@example.com'])))
          const booking = v.parse(BookingResponseSchema, await made.json())
          await fetch(`${server.url}/api/booking/${booking.uid}`)
          await fetch(`${server.url}/booking/${booking.uid}`)
          const { responses: _none, ...move } = bookingBody('2026-12-09T10:15')
          expect((await postBooking(server.url, { ...move, rescheduleUid: booking.uid })).status).toBe(200)
          expect((await fetch(`${server.url}/api/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid: booking.uid }) })).status).toBe(200)

          const logged = lines.join('')
          expect(logged).not.toContain(booking.uid)
          const paths = lines.map((line) => (JSON.parse(line) as { path?: string }).path)
          expect(paths).toEqual(expect.arrayContaining(['/api/booking/:uid', '/booking/:uid', '/api/book/event', '/api/cancel']))

          const mails = await delivered(booking.uid)
          expect(mails).toHaveLength(9)
          const uids = new Set(mails.map((m) => inviteOf(m).uid))
          expect([...uids]).toEqual([eventUid(booking)])
          // The booking's answer names the same event, for the browser's 'Add to calendar'.
          expect(booking.iCalUID).toBe(eventUid(booking))
          expect(eventUid(booking)).not.toContain(booking.uid)
          // A guest's message carries no manage link at all (the visitor's and the agency's do, as the link).
          for (const m of mails.filter((m) => m.envelopeTo[0] === 'uid.guest@example.com')) expect(said(m)).not.toContain(booking.uid)
          const feed = await (await fetch(`${server.url}/api/bookings.ics`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })).text()
          expect(feed.replace(/\r\n /g, '')).toContain(`UID:${eventUid(booking)}\r\n`)
          expect(feed.replace(/\r\n /g, '')).not.toContain(booking.uid)
        } finally {
          await mail.stop()
          await server.close()
        }
      })

      it('refuses URL syntax in addresses (the form’s rule): nothing reaches SMTP or mailto:', async () => {
        const s = await site({ BOOKING_MAX_GUESTS: '1' })
        try {
          const before = await store.count()
          for (const email of ['a@example.com?bcc=x%40evil.test', 'a@exa=mple.com', 'a#b@example.com', 'a/b@example.com']) {
            const response = await s.book('2026-12-10T10:00', person('Url Mail', email))
            expect(response.status).toBe(400)
            expect(await response.json()).toEqual({ message: 'Please enter a valid email address.' })
          }
          const guest = await s.book('2026-12-10T10:00', withGuests('Url Mail', 'url.mail@example.com', ['g@example.com?bcc=x%40evil.test']))
          expect(guest.status).toBe(400)
          expect(await guest.json()).toEqual({ message: 'Guests must be a list of up to 10 email addresses.' })
          expect(await store.count()).toBe(before)
        } finally {
          await s.close()
        }
      })

      it('turns CR LF and a bare CR into LF in a reason, so no bare CR reaches a message', async () => {
        const s = await site()
        try {
          const booking = await s.booked('2026-12-11T10:00', person('Line Breaks', 'line.breaks@example.com'))
          const response = await s.cancel({ uid: booking.uid, cancellationReason: 'one\rtwo\r\nthree' })
          expect(response.status).toBe(200)
          expect((await store.find(booking.uid))?.cancellationReason).toBe('one\ntwo\nthree')
          const mails = (await delivered(booking.uid)).filter((m) => m.parsed.subject?.startsWith('Cancelled'))
          expect(mails).toHaveLength(2)
          for (const mail of mails) {
            expect(mail.raw).not.toMatch(/\r(?!\n)/)
            expect(`${mail.parsed.text}${String(mail.parsed.html)}`).not.toContain('\r')
            expect(mail.parsed.text).toMatch(/one\n\s*two\n\s*three/)
          }
        } finally {
          await s.close()
        }
      })

      it('answers every booking, reschedule, cancellation and view with Cache-Control: no-store', async () => {
        const s = await site()
        try {
          const made = await s.book('2026-12-14T10:00', person('No Store', 'no.store@example.com'))
          const booking = v.parse(BookingResponseSchema, await made.clone().json())
          const answers = [
            made,
            await s.book('2026-12-14T10:00', person('No Store', 'no.store@example.com')),
            await s.reschedule(booking.uid, '2026-12-14T10:15', { _isDryRun: true }),
            await s.reschedule(booking.uid, '2026-12-14T10:15'),
            await s.view(booking.uid),
            await s.cancel({ uid: booking.uid }),
            await s.cancel({ uid: booking.uid }),
          ]
          expect(answers.map((r) => r.status)).toEqual([200, 409, 200, 200, 200, 200, 400])
          for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store')
        } finally {
          await s.close()
        }
      })

      it('counts reschedules and cancellations against the daily cap per address', async () => {
        const s = await site({ RATE_LIMIT_BOOKINGS_PER_DAY: '3', TRUST_PROXY: '127.0.0.1' })
        const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.42' }
        try {
          // The bookings come from elsewhere: only the changes count against this address.
          const elsewhere = { headers: { ...headers, 'X-Forwarded-For': '198.51.100.99' } }
          const booking = v.parse(BookingResponseSchema, await (await s.book('2026-12-07T10:00', person('Busy Hands', 'busy.hands@example.com'), elsewhere)).json())
          const from = (path: string, body: unknown) => fetch(`${s.server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
          const { responses: _none, ...move } = bookingBody('2026-12-07T10:15')
          expect((await from('/api/book/event', { ...move, rescheduleUid: booking.uid })).status).toBe(200)
          const { responses: _none2, ...moveBack } = bookingBody('2026-12-07T10:30')
          expect((await from('/api/book/event', { ...moveBack, rescheduleUid: booking.uid })).status).toBe(200)
          expect((await from('/api/cancel', { uid: booking.uid })).status).toBe(200)
          // Three changes from this address today: the fourth, another booking's, is refused.
          const other = v.parse(BookingResponseSchema, await (await s.book('2026-12-07T11:00', person('Busy Hands', 'busy.hands2@example.com'), elsewhere)).json())
          const refused = await from('/api/cancel', { uid: other.uid })
          expect(refused.status).toBe(429)
          expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
          expect((await store.find(other.uid))?.status).toBe('ACCEPTED')
        } finally {
          await s.close()
        }
      })
    })

    it('sends each message once with two workers on one outbox (FOR UPDATE SKIP LOCKED)', async () => {
      const clock = testClock()
      const one = await site({}, clock)
      const two = await site({}, clock)
      try {
        const uids: string[] = []
        for (const [i, time] of ['10:00', '10:15', '10:30', '10:45'].entries()) {
          const site = i % 2 === 0 ? one : two
          uids.push((await site.booked(`2026-12-02T${time}`, person('Twice Not', `twice.not${i}@example.com`))).uid)
        }
        one.mail.wake()
        two.mail.wake()
        const mine = () => sink.received.filter((m) => uids.some((uid) => m.parsed.text?.includes(uid)))
        await expect.poll(() => mine().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(8)
        await new Promise((resolve) => setTimeout(resolve, 300))
        const ids = mine().map((m) => m.parsed.messageId)
        expect(ids).toHaveLength(8)
        expect(new Set(ids).size).toBe(8)
        for (const uid of uids) expect((await store.mailJobs.forBooking(uid)).map((j) => j.attempts)).toEqual([1, 1])
      } finally {
        await one.close()
        await two.close()
      }
    })
  })
}
