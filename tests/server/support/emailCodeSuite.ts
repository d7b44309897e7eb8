/**
 * Email codes when bookings come fast (docs/design.md#email-codes), end to end over HTTP with the mail worker sending
 * to a real SMTP server in the test; run once per backend like ./bookingSuite. Each test has a database of its own:
 * the hour's count is the whole site's.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingResponseSchema, WIRE_MESSAGES } from '../../../core/bookingWire'
import { EMAIL_CODE_MESSAGES } from '../../../core/emailVerification'
import { PROOF_OF_WORK_SENTENCE } from '../../../core/proofOfWork'
import { MANAGE_MESSAGES } from '../../../core/manageWire'
import { bookingsTableFrom } from '../../../server/db/bookingsTable'
import type { BookingStore } from '../../../server/db/store'
import { createMailer } from '../../../server/mail/mailer'
import type { StoreBackend } from './bookingSuite'
import { bookingBody, capturedLogger, postBooking, startServer, testClock, testConfig, weekdaySlots, type TestClock } from './harness'
import { solvedProof } from './proofOfWork'
import { SmtpSink } from './smtpSink'

/** A code as it would be written (a number of its own), not six digits that happen to sit inside a request id. */
const asToken = (code: string) => new RegExp(`(?<![\\w-])${code}(?![\\w-])`)

const NZ = 'Pacific/Auckland'
const TEAM = 'team@kiwi.example'

const person = (name: string, email: string) => ({ responses: { name, email, guests: [] as string[] } })


interface Answer {
  status: number
  body: { code?: string; message?: string; uid?: string; challenge?: unknown }
  retryAfter: string | null
}

export function defineEmailCodeSuite(name: string, makeBackend: () => Promise<StoreBackend>) {
  describe(`email codes on ${name}`, () => {
    const sink = new SmtpSink()
    let dataDir: string
    const open: { close: () => Promise<void> }[] = []

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'email-codes-'))
      await sink.start()
    })
    afterAll(async () => {
      for (const site of open.reverse()) await site.close()
      await sink.stop()
      await rm(dataDir, { recursive: true, force: true })
    })

    /** A site on a database of its own, with its mail worker (started unless `worker: false`), as server/main.ts wires them. */
    async function site(env: Record<string, string> = {}, clock: TestClock = testClock(), { worker = true } = {}) {
      const backend = await makeBackend()
      const store: BookingStore = await backend.open()
      const config = testConfig({ SMTP_URL: sink.url, HOST_EMAIL: TEAM, BOOKING_VERIFY: 'auto', ...env })
      const captured = capturedLogger()
      const mailLines: string[] = []
      const mail = createMailer({ config, store, dataDir, clock: clock.read, log: (line) => mailLines.push(line), pollMs: 100 })
      const server = await startServer({ config, store, clock, onMailQueued: mail.wake, logger: captured.logger })
      if (worker) mail.start()
      // The sink serves every test: this site's mail is what arrived after it started.
      const firstMail = sink.received.length
      const codeMails = (address?: string) =>
        sink.received.slice(firstMail).filter((m) => (address === undefined || m.envelopeTo.includes(address)) && /is your code/.test(m.parsed.subject ?? ''))
      /** One request as it is sent: a proof of work asked for is answered as such. */
      const post = async (start: string, who: ReturnType<typeof person>, extra: Record<string, unknown> = {}, init: RequestInit = {}): Promise<Answer> => {
        const response = await postBooking(server.url, { ...bookingBody(start, who), ...extra }, init)
        return { status: response.status, body: (await response.json()) as Answer['body'], retryAfter: response.headers.get('retry-after') }
      }
      /** A booking as the form sends it: a proof of work asked for is solved and the request sent again with it. */
      const book = async (start: string, who: ReturnType<typeof person>, extra: Record<string, unknown> = {}, init: RequestInit = {}): Promise<Answer> => {
        const first = await post(start, who, extra, init)
        if (first.body.code !== 'proof_of_work_required') return first
        return post(start, who, { ...extra, altcha: await solvedProof(first.body.challenge) }, init)
      }
      /** The code in the newest code email to `address`, read as the visitor reads it. */
      const codeFor = async (address: string, nth = 1) => {
        await expect.poll(() => codeMails(address).length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(nth)
        const mails = codeMails(address)
        return /^(\d{6}) /.exec(mails.at(-1)?.parsed.subject ?? '')?.[1] as string
      }
      const logText = () => [...captured.lines, ...mailLines].join('\n')
      const handle = {
        close: async () => {
          await mail.stop()
          await server.close()
          await store.close()
          await backend.dispose()
        },
      }
      open.push(handle)
      return { config, clock, store, server, mail, post, book, codeFor, codeMails, logText, records: captured.records, mailLines }
    }

    it(
      'stop a flood: 300 bookings from 300 addresses with throwaway emails take at most 10 slots, send at most 45 codes (a quarter of the hour’s 60 kept for returning addresses), no 5xx; an hour later a visitor books without a code',
      async () => {
        const s = await site({ TRUST_PROXY: '127.0.0.1' })
        const slots = weekdaySlots(301)
        const answers: Answer[] = []
        // In waves of 50 at once: as fast as the test machine's two cores serve them, concurrent within each wave.
        for (let wave = 0; wave < 6; wave++) {
          const batch = Array.from({ length: 50 }, (_, j) => wave * 50 + j)
          answers.push(
            ...(await Promise.all(
              batch.map((i) =>
                s.book(slots[i] as string, person(`Bot ${i}`, `bot${i}@throwaway.example`), {}, { headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.${i >> 8}.${i & 255}.7` } }),
              ),
            )),
          )
        }
        const byStatus = (status: number, code?: string) => answers.filter((a) => a.status === status && (code === undefined || a.body.code === code)).length
        const booked = byStatus(200)
        const asked = byStatus(403, 'email_verification_required')
        const capped = byStatus(429, 'email_verification_mail_limit')
        console.info(`Flood of 300: ${booked} booked, ${asked} asked for a code, ${capped} refused at the hour's code-mail cap, statuses ${[...new Set(answers.map((a) => a.status))].join(', ')}`)
        expect(answers.filter((a) => a.status >= 500)).toEqual([])
        expect(booked).toBeLessThanOrEqual(10)
        // The hour's first 6 go through (BOOKING_VERIFY_AFTER): the lock counts them one by one however they race.
        expect(booked).toBe(6)
        // Strangers get three quarters of the hour's 60 (EMAIL_CODE_RETURNING_SHARE): the rest waits for addresses that booked before.
        expect(asked).toBe(45)
        expect(booked + asked + capped).toBe(300)
        const refusedAtCap = answers.find((a) => a.body.code === 'email_verification_mail_limit')
        expect(refusedAtCap?.body.message).toBe(`We can't send more confirmation codes right now. Please try again in an hour. To book now, email us at ${TEAM}.`)
        expect(Number(refusedAtCap?.retryAfter)).toBeGreaterThan(3000)
        // Mail: the 45 codes (the worker sends them all) and the 6 bookings' two mails each; nothing more arrives.
        await sink.waitFor(45 + 12, 30_000)
        await new Promise((resolve) => setTimeout(resolve, 500))
        const codeMails = s.codeMails()
        console.info(`Code mails sent: ${codeMails.length}`)
        expect(codeMails).toHaveLength(45)
        expect(await s.store.emailCodes.mailsSince(s.clock.now.subtract({ hours: 1 }))).toBe(45)
        // One line when codes turned on, with counts and no address.
        expect(s.records().filter((r) => /^Email codes on/.test(String(r.msg)))).toEqual([
          expect.objectContaining({ bookingsLastHour: 6, threshold: 6 }),
        ])

        // An hour later the flood's bookings are an hour old: a real visitor books at once, and codes turn off.
        s.clock.now = s.clock.now.add({ minutes: 61 })
        const visitor = await s.book(slots[300] as string, person('Aroha Ngata', 'aroha@example.co.nz'))
        expect(visitor.status, JSON.stringify(visitor.body)).toBe(200)
        expect(s.records().filter((r) => /^Email codes off/.test(String(r.msg)))).toEqual([expect.objectContaining({ bookingsLastHour: 0 })])
        // No address and no code in any log line.
        const logs = s.logText()
        expect(logs).not.toMatch(/throwaway|aroha@|example\.co\.nz/)
        for (const mail of codeMails) expect(logs).not.toMatch(asToken(/^(\d{6})/.exec(mail.parsed.subject ?? '')![1]!))
      },
      120_000,
    )

    it('does not count bookings cancelled meanwhile: six made and cancelled at once leave the next visitor without a code', async () => {
      const s = await site()
      const slots = weekdaySlots(13)
      for (const [i, start] of slots.slice(0, 6).entries()) {
        const made = await s.book(start, person(`Bot ${i}`, `bot${i}@throwaway.example`))
        expect(made.status).toBe(200)
        const cancelled = await fetch(`${s.server.url}/api/cancel`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ uid: made.body.uid }),
        })
        expect(cancelled.status).toBe(200)
      }
      const visitor = await s.book(slots[6] as string, person('Aroha Ngata', 'aroha@example.co.nz'))
      expect(visitor.status, JSON.stringify(visitor.body)).toBe(200)
      // Bookings still booked do count: with the visitor's and five more the hour holds six, and the next is asked.
      for (const [i, start] of slots.slice(7, 12).entries()) expect((await s.book(start, person('Visitor', `v${i}@example.com`))).status).toBe(200)
      expect((await s.book(slots[12] as string, person('Kim', 'kim@example.com'))).body.code).toBe('email_verification_required')
    }, 60_000)

    it('books as before with BOOKING_VERIFY=off, however many come', async () => {
      const s = await site({ BOOKING_VERIFY: 'off', BOOKING_VERIFY_AFTER: '0' })
      for (const [i, start] of weekdaySlots(8).entries()) expect((await s.book(start, person('Visitor', `v${i}@example.com`))).status).toBe(200)
      expect(await s.store.emailCodes.mailsSince(s.clock.now.subtract({ hours: 1 }))).toBe(0)
    })

    it('asks every booking with BOOKING_VERIFY=always; the emailed code books it, once, marked verified; no slot is held meanwhile', async () => {
      const s = await site({ BOOKING_VERIFY: 'always' })
      const jo = person('Jo Bloggs', 'jo@example.com')
      const asked = await s.book('2026-11-24T10:00', jo)
      expect(asked).toMatchObject({
        status: 403,
        body: { code: 'email_verification_required', message: "We've emailed a 6-digit code to jo@example.com. Enter it to confirm your call." },
      })
      // Nothing is held: the slot is still free, and the code's email says nothing the visitor wrote.
      expect((await s.store.takenStarts('kiwi-automate', Temporal.Instant.from('2026-11-23T00:00:00Z'), Temporal.Instant.from('2026-11-30T00:00:00Z'))).size).toBe(0)
      const code = await s.codeFor('jo@example.com')
      const mail = s.codeMails('jo@example.com').at(-1)
      expect(mail?.parsed.text).toContain(`Enter this code on the booking page to confirm your call with Kiwi Automate:`)
      expect(mail?.parsed.text).not.toContain('Jo Bloggs')

      const done = await s.book('2026-11-24T10:00', jo, { emailVerificationCode: code })
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      const booking = v.parse(BookingResponseSchema, done.body)
      expect((await s.store.find(booking.uid))?.emailVerified).toBe(true)
      const table = bookingsTableFrom(await s.store.list(s.clock.now), NZ, s.clock.now)
      expect(table.verified).toBe(1)
      expect(table.text).toMatch(/Jo Bloggs +jo@example\.com +verified/)

      // A code books once; the next booking is asked again.
      expect((await s.book('2026-11-24T11:00', jo, { emailVerificationCode: code })).body).toEqual({ code: 'email_verification_expired', message: EMAIL_CODE_MESSAGES.expired })
      expect((await s.book('2026-11-24T12:00', person('Kim', 'kim@example.com'))).body.code).toBe('email_verification_required')
    })

    it('refuses a wrong code with the tries left, and after 5 tries even the right one', async () => {
      const s = await site({ BOOKING_VERIFY: 'always' })
      const jo = person('Jo', 'jo@example.com')
      await s.book('2026-11-24T10:00', jo)
      const code = await s.codeFor('jo@example.com')
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      const answers = []
      for (let i = 0; i < 5; i++) answers.push((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: wrong })).body)
      expect(answers.slice(0, 2)).toEqual([
        { code: 'email_verification_wrong', message: 'That code does not match the one we emailed. Please check it and try again (4 tries left), or ask for a new code.' },
        { code: 'email_verification_wrong', message: 'That code does not match the one we emailed. Please check it and try again (3 tries left), or ask for a new code.' },
      ])
      expect(answers[3]?.message).toContain('(1 try left)')
      expect(answers[4]).toEqual({ code: 'email_verification_expired', message: EMAIL_CODE_MESSAGES.expired })
      const right = await s.book('2026-11-24T10:00', jo, { emailVerificationCode: code })
      expect([right.status, right.body.code]).toEqual([403, 'email_verification_expired'])
      // Not six digits: a 400 naming the field, no try counted.
      const malformed = await s.book('2026-11-24T10:00', jo, { emailVerificationCode: '12ab56' })
      expect([malformed.status, malformed.body.message]).toEqual([400, WIRE_MESSAGES.emailVerificationCode])
    })

    it('lets a code expire after 10 minutes; a new one, a minute after the last, books', async () => {
      const s = await site({ BOOKING_VERIFY: 'always' })
      const jo = person('Jo', 'jo@example.com')
      await s.book('2026-11-24T10:00', jo)
      const first = await s.codeFor('jo@example.com')
      s.clock.now = s.clock.now.add({ minutes: 10, seconds: 1 })
      expect((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: first })).body.code).toBe('email_verification_expired')
      expect((await s.book('2026-11-24T10:00', jo)).body.code).toBe('email_verification_required')
      const second = await s.codeFor('jo@example.com', 2)
      expect((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: second })).status).toBe(200)
    })

    it('sends one address at most one code a minute (+tags and case count as the same address); only the newest code counts', async () => {
      const s = await site({ BOOKING_VERIFY: 'always' })
      const jo = person('Jo', 'jo@example.com')
      await s.book('2026-11-24T10:00', jo)
      const first = await s.codeFor('jo@example.com')
      s.clock.now = s.clock.now.add({ seconds: 20 })
      const again = await s.book('2026-11-24T10:00', person('Jo', 'Jo+again@Example.com'))
      expect(again).toMatchObject({
        status: 429,
        retryAfter: '40',
        body: { code: 'email_verification_resend_limit', message: 'We emailed a code to Jo+again@Example.com less than a minute ago. Please enter it, or ask for a new one in 40 seconds.' },
      })
      s.clock.now = s.clock.now.add({ seconds: 40 })
      expect((await s.book('2026-11-24T10:00', jo)).body.code).toBe('email_verification_required')
      const second = await s.codeFor('jo@example.com', 2)
      expect(s.codeMails()).toHaveLength(2)
      if (second !== first) expect((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: first })).body.code).toBe('email_verification_wrong')
      expect((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: second })).status).toBe(200)
    })

    it('counts one Gmail inbox as one address however its dots fall: no second code within the minute', async () => {
      const s = await site({ BOOKING_VERIFY: 'always' })
      expect((await s.book('2026-11-24T10:00', person('Aroha', 'aroha.ngata@gmail.com'))).body.code).toBe('email_verification_required')
      await s.codeFor('aroha.ngata@gmail.com')
      const dotted = await s.book('2026-11-24T10:15', person('Aroha', 'a.r.o.h.a.n.g.a.t.a@googlemail.com'))
      expect(dotted.status).toBe(429)
      expect(dotted.body.code).toBe('email_verification_resend_limit')
      expect(s.codeMails()).toHaveLength(1)
    }, 60_000)

    it('caps the site’s code emails an hour (429 offering the agency’s email and the assistant); each counts against its address’s daily cap', async () => {
      const s = await site({
        BOOKING_VERIFY: 'always',
        // Two for addresses that never booked (a quarter, rounded up, kept for returning ones).
        BOOKING_VERIFY_MAILS_PER_HOUR: '3',
        RATE_LIMIT_BOOKINGS_PER_DAY: '1',
        TRUST_PROXY: '127.0.0.1',
        VITE_VAPI_PUBLIC_KEY: 'public-key',
        VITE_VAPI_ASSISTANT_ID: 'assistant-id',
      })
      const from = (address: string) => ({ headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address } })
      const first = await s.book('2026-11-24T10:00', person('Ana', 'a@example.com'), {}, from('10.0.0.1'))
      expect(first.body.code, JSON.stringify(first)).toBe('email_verification_required')
      // The same client network's second code email is past its daily cap of 1.
      const daily = await s.book('2026-11-24T10:00', person('Ben', 'b@example.com'), {}, from('10.0.0.1'))
      expect([daily.status, daily.body.message]).toEqual([429, MANAGE_MESSAGES.dailyLimit])
      expect((await s.book('2026-11-24T10:00', person('Cat', 'c@example.com'), {}, from('10.0.0.2'))).body.code).toBe('email_verification_required')
      const capped = await s.book('2026-11-24T10:00', person('Dan', 'd@example.com'), {}, from('10.0.0.3'))
      expect(capped).toMatchObject({
        status: 429,
        body: {
          code: 'email_verification_mail_limit',
          message: `We can't send more confirmation codes right now. Please try again in an hour. To book now, email us at ${TEAM}, or ask the voice assistant on this page to book it for you.`,
        },
      })
      expect(Number(capped.retryAfter)).toBe(3600)
    })

    it('keeps a quarter of the hour’s code emails for addresses that booked before: strangers get the rest, a returning visitor still gets a code', async () => {
      const clock = testClock()
      const s = await site({ BOOKING_VERIFY: 'always', BOOKING_VERIFY_MAILS_PER_HOUR: '4', TRUST_PROXY: '127.0.0.1' }, clock)
      const from = (address: string) => ({ headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address } })
      // Aroha booked last week (with a code: the first of that hour).
      const aroha = person('Aroha', 'aroha@example.co.nz')
      expect((await s.book('2026-11-24T10:00', aroha, {}, from('10.1.0.1'))).body.code).toBe('email_verification_required')
      expect((await s.book('2026-11-24T10:00', aroha, { emailVerificationCode: await s.codeFor('aroha@example.co.nz') }, from('10.1.0.1'))).status).toBe(200)
      clock.now = clock.now.add({ hours: 2 })
      // Strangers: three of the four, then the hour's sentence.
      for (const n of [1, 2, 3]) expect((await s.book('2026-11-25T10:00', person(`Bot ${n}`, `bot${n}@throwaway.example`), {}, from(`10.2.${n}.1`))).body.code).toBe('email_verification_required')
      const refused = await s.book('2026-11-25T10:00', person('Bot 4', 'bot4@throwaway.example'), {}, from('10.2.4.1'))
      expect([refused.status, refused.body.code]).toEqual([429, 'email_verification_mail_limit'])
      // Aroha comes back within the hour: the fourth is hers.
      expect((await s.book('2026-11-25T11:00', aroha, {}, from('10.1.0.1'))).body.code).toBe('email_verification_required')
      await s.codeFor('aroha@example.co.nz', 2)
    }, 60_000)

    it('sends one address at most 5 codes a day however it is spelt, then a sentence with the other ways to book', async () => {
      const clock = testClock()
      const s = await site({ BOOKING_VERIFY: 'always', TRUST_PROXY: '127.0.0.1', VITE_VAPI_PUBLIC_KEY: 'public-key', VITE_VAPI_ASSISTANT_ID: 'assistant-id' }, clock)
      const spellings = ['jo.ngata@gmail.com', 'JoNgata+a@gmail.com', 'j.o.ngata@googlemail.com', 'jongata+b@googlemail.com', 'jo.n.gata@gmail.com', 'jongata@gmail.com']
      const answers: Answer[] = []
      for (const [i, email] of spellings.entries()) {
        // Past the minute between two codes, each from an address of its own network.
        clock.now = clock.now.add({ seconds: 61 })
        answers.push(await s.book('2026-11-24T10:00', person('Jo', email), {}, { headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.3.${i}.1` } }))
      }
      expect(answers.slice(0, 5).map((a) => a.body.code)).toEqual(Array(5).fill('email_verification_required'))
      expect(answers[5]).toMatchObject({
        status: 429,
        body: {
          message: `We've sent jongata@gmail.com as many codes as we can today. Please use the newest one, or try again tomorrow. To book now, email us at ${TEAM}, or ask the voice assistant on this page to book it for you.`,
        },
      })
      expect(Number(answers[5]?.retryAfter)).toBeGreaterThan(86_000)
      // Another inbox is not held up.
      expect((await s.book('2026-11-24T10:00', person('Ana', 'ana@example.com'), {}, { headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.3.9.1' } })).body.code).toBe(
        'email_verification_required',
      )
    }, 60_000)

    it('sends one IPv6 /48 at most 30 codes a day, however many /64s it spreads over; another /48 still gets one', async () => {
      const s = await site({ BOOKING_VERIFY: 'always', TRUST_PROXY: '127.0.0.1' })
      const from = (address: string) => ({ headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address } })
      const answers: Answer[] = []
      for (let i = 0; i < 31; i++) answers.push(await s.book('2026-11-24T10:00', person(`Bot ${i}`, `bot${i}@throwaway.example`), {}, from(`2001:db8:7:${i.toString(16)}::1`)))
      expect(answers.slice(0, 30).every((a) => a.body.code === 'email_verification_required')).toBe(true)
      expect(answers[30]).toMatchObject({
        status: 429,
        body: { message: `We can't send more confirmation codes to your network today. Please try again tomorrow. To book now, email us at ${TEAM}.` },
      })
      expect((await s.book('2026-11-24T10:00', person('Ana', 'ana@example.com'), {}, from('2001:db8:8::1'))).body.code).toBe('email_verification_required')
    }, 90_000)

    it('answers the request sent again with the code that booked it (its answer lost) with the same booking, written and mailed once', async () => {
      const s = await site({ BOOKING_VERIFY: 'always' })
      const firstMail = sink.received.length
      const jo = person('Jo', 'jo@example.com')
      await s.book('2026-11-24T10:00', jo)
      const code = await s.codeFor('jo@example.com')
      // Sent twice at once (a double submit), then once more (a retry after the answer was lost).
      const twice = await Promise.all([1, 2].map(() => s.book('2026-11-24T10:00', jo, { emailVerificationCode: code })))
      expect(twice.map((a) => a.status), JSON.stringify(twice)).toEqual([200, 200])
      const again = await s.book('2026-11-24T10:00', jo, { emailVerificationCode: code })
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      expect(new Set([...twice, again].map((a) => a.body.uid)).size).toBe(1)
      expect(again.body).toEqual(twice[0]?.body)
      const week = [Temporal.Instant.from('2026-11-23T00:00:00Z'), Temporal.Instant.from('2026-11-30T00:00:00Z')] as const
      expect(await s.store.count()).toBe(1)
      expect((await s.store.takenStarts('kiwi-automate', ...week)).size).toBe(1)
      // One confirmation to the visitor, not three.
      const confirmations = () => sink.received.slice(firstMail).filter((m) => m.envelopeTo.includes('jo@example.com') && !/is your code/.test(m.parsed.subject ?? ''))
      await expect.poll(() => confirmations().length, { timeout: 10_000 }).toBeGreaterThan(0)
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(confirmations()).toHaveLength(1)
      // The code is spent for anything else: another time, or a wrong code.
      expect((await s.book('2026-11-24T11:00', jo, { emailVerificationCode: code })).body.code).toBe('email_verification_expired')
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      expect((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: wrong })).body.code).toBe('email_verification_expired')
      // Cancelled, the booking is not booked any more: the code books nothing.
      expect((await fetch(`${s.server.url}/api/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid: again.body.uid }) })).status).toBe(200)
      expect((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: code })).body.code).toBe('email_verification_expired')
    }, 60_000)

    it('drops a code’s email held by a worker that died once a newer code exists: the newer one lands alone', async () => {
      const s = await site({ BOOKING_VERIFY: 'always' }, testClock(), { worker: false })
      const jo = person('Jo', 'jo@example.com')
      expect((await s.book('2026-11-24T10:00', jo)).body.code).toBe('email_verification_required')
      // A worker takes the first code's email and dies mid-send: its lease holds the job for 5 minutes.
      const held = await s.store.mailJobs.claim(s.clock.now, s.clock.now.add({ minutes: 5 }), 10)
      expect(held.map((job) => job.kind)).toEqual(['code'])
      // The visitor asks again a minute later; a live worker sends the new code.
      s.clock.now = s.clock.now.add({ seconds: 61 })
      expect((await s.book('2026-11-24T10:00', jo)).body.code).toBe('email_verification_required')
      s.mail.start()
      const code = await s.codeFor('jo@example.com')
      // The lease runs out: the first email is dropped, not sent after the newer one.
      s.clock.now = s.clock.now.add({ minutes: 5 })
      s.mail.wake()
      await expect.poll(() => s.mailLines.some((line) => line === `Mail: mail job ${held[0]?.id} dropped: its code was used, or a newer code replaces it`), { timeout: 5_000 }).toBe(true)
      expect(s.codeMails('jo@example.com')).toHaveLength(1)
      expect((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: code })).status).toBe(200)
    }, 60_000)

    it('keeps a right code usable when its slot was taken meanwhile (409 as usual)', async () => {
      const s = await site({ BOOKING_VERIFY: 'always' })
      const jo = person('Jo', 'jo@example.com')
      const kim = person('Kim', 'kim@example.com')
      await s.book('2026-11-24T10:00', jo)
      await s.book('2026-11-24T10:00', kim)
      const joCode = await s.codeFor('jo@example.com')
      const kimCode = await s.codeFor('kim@example.com')
      expect((await s.book('2026-11-24T10:00', kim, { emailVerificationCode: kimCode })).status).toBe(200)
      const taken = await s.book('2026-11-24T10:00', jo, { emailVerificationCode: joCode })
      expect([taken.status, taken.body.message]).toEqual([409, 'no_available_users_found_error'])
      expect((await s.book('2026-11-24T10:15', jo, { emailVerificationCode: joCode })).status).toBe(200)
      expect(s.logText()).not.toMatch(/jo@|kim@|example\.com/)
      expect(s.logText()).not.toMatch(asToken(joCode))
    })

    describe('the proof of work before a code email (docs/email-codes.md#proof-of-work)', () => {
      /** The counter a solved payload names: the tries the browser made. */
      const triesOf = (altcha: string) => (JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as { solution: { counter: number } }).solution.counter

      it('sends no code before the browser solves a challenge; a solved one sends it, once; spent, forged or garbled proofs get a new challenge, never a 5xx', async () => {
        const s = await site({ BOOKING_VERIFY: 'always', BOOKING_VERIFY_PROOF_TRIES: '60' })
        const jo = person('Jo', 'jo@example.com')
        const asked = await s.post('2026-11-24T10:00', jo)
        expect([asked.status, asked.body.code, asked.body.message]).toEqual([403, 'proof_of_work_required', PROOF_OF_WORK_SENTENCE])
        expect(asked.body.challenge).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256', cost: 1000 }, signature: expect.stringMatching(/^[0-9a-f]{64}$/) })

        const altcha = await solvedProof(asked.body.challenge)
        const sent = await s.post('2026-11-24T10:00', jo, { altcha })
        expect([sent.status, sent.body.code]).toEqual([403, 'email_verification_required'])
        const code = await s.codeFor('jo@example.com')

        // The same proof for another address: spent. A fresh one sent for two addresses at once: one code goes out.
        expect((await s.post('2026-11-24T10:00', person('Kim', 'kim@example.com'), { altcha })).body.code).toBe('proof_of_work_required')
        const fresh = await solvedProof((await s.post('2026-11-24T10:00', person('Kim', 'kim@example.com'))).body.challenge)
        const race = await Promise.all(['kim@example.com', 'lee@example.com'].map((email) => s.post('2026-11-24T10:00', person('Someone', email), { altcha: fresh })))
        expect(race.map((a) => a.body.code).sort()).toEqual(['email_verification_required', 'proof_of_work_required'])

        // Forged: another key for the same challenge; garbled: not base64 JSON, or not a payload; too long: a 400.
        const payload = JSON.parse(Buffer.from(await solvedProof((await s.post('2026-11-24T10:00', person('Max', 'max@example.com'))).body.challenge), 'base64').toString('utf8'))
        const forged = Buffer.from(JSON.stringify({ ...payload, solution: { ...payload.solution, derivedKey: 'ab'.repeat(32) } })).toString('base64')
        for (const bad of [forged, 'not a payload', Buffer.from('{"challenge":1}').toString('base64'), Buffer.from('[').toString('base64')]) {
          const answer = await s.post('2026-11-24T10:00', person('Max', 'max@example.com'), { altcha: bad })
          expect([answer.status, answer.body.code]).toEqual([403, 'proof_of_work_required'])
        }
        const tooLong = await s.post('2026-11-24T10:00', person('Max', 'max@example.com'), { altcha: 'a'.repeat(4001) })
        expect([tooLong.status, tooLong.body]).toEqual([400, { message: WIRE_MESSAGES.altcha }])

        // Two code emails in all: Jo's and one of the race's.
        await expect.poll(() => s.codeMails().length, { timeout: 5_000 }).toBe(2)
        expect((await s.book('2026-11-24T10:00', jo, { emailVerificationCode: code })).status).toBe(200)
      }, 60_000)

      it('asks more work as the hour’s code emails run out: a quiet hour’s within a third of BOOKING_VERIFY_PROOF_TRIES, up to 4 times that', async () => {
        const s = await site({ BOOKING_VERIFY: 'always', BOOKING_VERIFY_PROOF_TRIES: '300', BOOKING_VERIFY_MAILS_PER_HOUR: '4' })
        const triesAsked = async (email: string) => triesOf(await solvedProof((await s.post('2026-11-24T10:00', person('Visitor', email))).body.challenge))
        for (const n of [1, 2, 3]) expect(await triesAsked(`quiet${n}@example.com`)).toSatisfy((tries: number) => tries >= 200 && tries <= 400)
        // Strangers' share of the hour, 3 of 4, sent: the load is 3/4, so the work 1 + 3 × 3/4 = 3.25 times as much.
        for (const n of [1, 2, 3]) expect((await s.book('2026-11-24T10:00', person('Visitor', `v${n}@example.com`))).body.code).toBe('email_verification_required')
        for (const n of [1, 2, 3]) expect(await triesAsked(`busy${n}@example.com`)).toSatisfy((tries: number) => tries >= 650 && tries <= 1300)
      }, 60_000)

      it('leaves a real visitor a code when bots that do not solve ask for 60 from four networks: they get challenges, no mail', async () => {
        const s = await site({ TRUST_PROXY: '127.0.0.1', BOOKING_VERIFY_PROOF_TRIES: '750' })
        const from = (address: string) => ({ headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address } })
        const slots = weekdaySlots(7)
        for (const [i, start] of slots.slice(0, 6).entries()) expect((await s.book(start, person(`Visitor ${i}`, `v${i}@example.com`))).status).toBe(200)
        const bots = await Promise.all(
          Array.from({ length: 60 }, (_, i) => s.post(slots[6] as string, person(`Bot ${i}`, `bot${i}@throwaway.example`), {}, from(`198.51.${i % 4}.${i + 1}`))),
        )
        expect(bots.map((a) => a.body.code)).toEqual(Array(60).fill('proof_of_work_required'))
        const visitor = await s.book(slots[6] as string, person('Aroha Ngata', 'aroha@example.co.nz'), {}, from('203.0.113.9'))
        expect(visitor.body.code).toBe('email_verification_required')
        const code = await s.codeFor('aroha@example.co.nz')
        expect(s.codeMails()).toHaveLength(1)
        expect((await s.book(slots[6] as string, person('Aroha Ngata', 'aroha@example.co.nz'), { emailVerificationCode: code }, from('203.0.113.9'))).status).toBe(200)
      }, 60_000)
    })
  })
}
