/**
 * The voice platform's end-of-call report over HTTP, with the mail worker and a real SMTP
 * server: the agency's brief for a call that booked, once; nothing for a call that did not. One function, run
 * once per backend (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), from the recorded messages in ../fixtures.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingStore } from '../../../server/db/store'
import { createMailer } from '../../../server/mail/mailer'
import type { MailWorker } from '../../../server/mail/worker'
import { MAX_VOICE_TOOLS_BODY_BYTES } from '../../../server/voice/voiceTools'
import type { StoreBackend } from './bookingSuite'
import { capturedLogger, startServer, testClock, testConfig, type RunningServer } from './harness'
import { SmtpSink } from './smtpSink'

const SECRET = 'voice-secret-0123456789abcdef-0123'
const TEAM = 'team@kiwi.example'
const NZ = 'Pacific/Auckland'

/** The parts of the recorded messages the tests read or change. */
interface Recorded {
  message: {
    call: { id: string }
    analysis: { summary: unknown }
    artifact: { transcript: unknown }
    toolCallList: { function: { arguments: { notes: string } } }[]
  } & Record<string, unknown>
}

const fixture = async (name: string) => JSON.parse(await readFile(join(import.meta.dirname, '..', 'fixtures', `${name}.json`), 'utf8')) as Recorded

export function defineCallReportSuite(name: string, makeBackend: () => Promise<StoreBackend>) {
  describe(`end-of-call reports and the agency's brief on ${name}`, () => {
    let backend: StoreBackend
    let store: BookingStore
    let dataDir: string
    let server: RunningServer
    let mail: MailWorker
    const sink = new SmtpSink()
    const clock = testClock()
    const captured = capturedLogger('debug')
    const mailLog: string[] = []

    beforeAll(async () => {
      backend = await makeBackend()
      store = await backend.open()
      dataDir = await mkdtemp(join(tmpdir(), 'call-report-'))
      await sink.start()
      const config = testConfig({ VAPI_SERVER_SECRET: SECRET, SMTP_URL: sink.url, HOST_EMAIL: TEAM, PUBLIC_URL: 'https://kiwi.example', HOST_REMINDER: '1h' })
      mail = createMailer({ config, store, dataDir, clock: clock.read, log: (line) => mailLog.push(line), pollMs: 200 })
      server = await startServer({ config, store, clock, onMailQueued: mail.wake, logger: captured.logger })
      mail.start()
    })

    afterAll(async () => {
      await mail?.stop()
      await server?.close()
      await sink.stop()
      await store?.close()
      await backend?.dispose()
      await rm(dataDir, { recursive: true, force: true })
    })

    const post = (body: unknown, headers: Record<string, string> = { 'x-vapi-secret': SECRET }) =>
      fetch(`${server.url}/api/voice/tools`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })

    /** Posts a report: the platform reads no answer, so every one gets 200 and `{}`. */
    const report = async (body: unknown) => {
      const response = await post(body)
      expect([response.status, await response.json()]).toEqual([200, {}])
    }

    /** Books through book_call in the call `callId`; the booking's uid. */
    const bookInCall = async (callId: string, start: string, args: Record<string, unknown> = {}) => {
      const call = { id: 'tool_1', type: 'function', function: { name: 'book_call', arguments: { name: 'Hemi Walker', email: 'hemi@example.com', start, timeZone: NZ, ...args } } }
      const response = await post({ message: { type: 'tool-calls', call: { id: callId }, toolCallList: [call] } })
      const [result] = ((await response.json()) as { results: { result: string }[] }).results
      expect(result!.result).toMatch(/^Booked: /)
      const rows = await store.list(Temporal.Instant.from('2026-11-23T00:00:00Z'))
      return rows.find((row) => row.startTime === Temporal.Instant.from(start).toString({ smallestUnit: 'millisecond' }))!.uid
    }

    const briefs = () => sink.received.filter((m) => (m.parsed.subject ?? '').startsWith('Brief: '))

    /** Waits until the outbox has nothing left to send now (the agency's reminders wait for their moment), so a mail that was going to go has gone. */
    const drained = async (uids: string[]) => {
      await expect
        .poll(async () => (await Promise.all(uids.map((uid) => store.mailJobs.forBooking(uid)))).flat().filter((job) => job.status === 'pending' && job.kind !== 'reminder').length, { timeout: 10_000 })
        .toBe(0)
    }

    let bookedUid = ''

    it('a call that booked: the summary and transcript are kept on its booking, and the agency gets the brief with the summary, the notes and the transcript attached', async () => {
      const booked = await fixture('vapi-tool-calls.book-call')
      const response = await post(booked)
      const [result] = ((await response.json()) as { results: { result: string }[] }).results
      expect(result!.result).toMatch(/^Booked: a 15-minute call on Thursday 26 November at 2:30 pm/)
      const rows = await store.list(Temporal.Instant.from('2026-11-26T00:00:00Z'))
      bookedUid = rows.find((row) => row.startTime === '2026-11-26T01:30:00.000Z')!.uid

      const sample = await fixture('vapi-end-of-call-report.booked')
      await report(sample)
      const summary = sample.message.analysis.summary as string
      const transcript = sample.message.artifact.transcript as string
      const notes = booked.message.toolCallList[0]!.function.arguments.notes as string

      const brief = await sink.find(TEAM, 'Brief: ')
      expect(brief.parsed.subject).toBe('Brief: Aroha Ngata — Thu 26 Nov 2026, 2:30 pm (Pacific/Auckland)')
      expect(brief.envelopeTo).toEqual([TEAM])
      const text = brief.parsed.text ?? ''
      expect(text).toContain(summary)
      expect(text).toContain(notes)
      expect(text).toContain('Thursday 26 November 2026, 2:30 pm to 2:45 pm (Pacific/Auckland, UTC+13:00)')
      expect(brief.parsed.html).toContain(summary)
      const attached = brief.parsed.attachments.find((file) => file.filename === 'transcript.txt')
      expect(attached?.contentType).toBe('text/plain')
      expect(attached?.content.toString('utf8')).toBe(transcript.trim())
      // Kept on the booking, where the agency's reminder can read it.
      expect(await store.voiceCalls.find(bookedUid)).toMatchObject({ voiceCallId: sample.message.call.id, callSummary: summary, callTranscript: transcript.trim() })
      // The visitor gets no brief.
      expect(briefs().filter((m) => !m.envelopeTo.includes(TEAM))).toEqual([])
    })

    it('the same report again (the platform may send twice): acknowledged, and the brief still goes once', async () => {
      await report(await fixture('vapi-end-of-call-report.booked'))
      const jobs = await store.mailJobs.forBooking(bookedUid)
      expect(jobs.filter((job) => job.kind === 'brief').map((job) => job.recipient)).toEqual(['host'])
      await drained([bookedUid])
      expect(briefs()).toHaveLength(1)

      // Two copies at once: the second waits for the first's row lock and finds the report stored.
      const uid = await bookInCall('call-twice', '2026-11-27T09:00+13:00')
      const sample = await fixture('vapi-end-of-call-report.booked')
      sample.message.call.id = 'call-twice'
      await Promise.all([report(sample), report(sample)])
      expect((await store.mailJobs.forBooking(uid)).filter((job) => job.kind === 'brief')).toHaveLength(1)
      await drained([uid])
      expect(briefs().filter((m) => m.parsed.subject?.startsWith('Brief: Hemi Walker'))).toHaveLength(1)
    })

    it('a call that booked nothing: acknowledged and dropped, no brief', async () => {
      await report(await fixture('vapi-end-of-call-report.no-booking'))
      const rows = await store.list(Temporal.Instant.from('2026-11-23T00:00:00Z'))
      const jobs = (await Promise.all(rows.map((row) => store.mailJobs.forBooking(row.uid)))).flat()
      // The two briefs of the calls above, and no other.
      expect(jobs.filter((job) => job.kind === 'brief')).toHaveLength(2)
      await drained(rows.map((row) => row.uid))
      expect(briefs()).toHaveLength(2)
    })

    it('a long transcript: its first 20,000 characters; control and bidi characters are taken out of what the agency reads', async () => {
      const uid = await bookInCall('call-long', '2026-11-27T10:00+13:00', { notes: 'Line one\nline two' })
      const sample = await fixture('vapi-end-of-call-report.booked')
      sample.message.call.id = 'call-long'
      sample.message.analysis.summary = 'Wants \u202Eevil\u202C a chat\u0007.'
      sample.message.artifact.transcript = `AI: Hello.\r\n${'User: blah. '.repeat(3000)}`
      await report(sample)
      const kept = await store.voiceCalls.find(uid)
      expect(kept?.callSummary).toBe('Wants evil a chat.')
      expect([...(kept?.callTranscript ?? '')]).toHaveLength(20_000)
      expect(kept?.callTranscript?.startsWith('AI: Hello.\nUser: blah.')).toBe(true)
      const brief = await sink.find(TEAM, 'Brief: Hemi Walker — Fri 27 Nov 2026, 10:00 am')
      expect(brief.parsed.text).toContain('Line one')
      expect(brief.parsed.text).toContain('its first 20,000 characters')
      expect(brief.parsed.attachments.find((file) => file.filename === 'transcript.txt')?.content.toString('utf8')).toHaveLength(20_000)
    })

    it('a report without a call id or with fields of the wrong kind is acknowledged and dropped; a wrong secret is 401', async () => {
      const uid = await bookInCall('call-odd', '2026-11-27T11:00+13:00')
      const sample = await fixture('vapi-end-of-call-report.booked')
      const odd = (message: Record<string, unknown>) => ({ message: { ...sample.message, ...message } })
      await report(odd({ call: {} }))
      await report(odd({ call: { id: 'call-odd' }, analysis: { summary: 42 } }))
      await report(odd({ call: { id: 'call-odd' }, analysis: {}, artifact: {} }))
      const refused = await post(odd({ call: { id: 'call-odd' } }), { 'x-vapi-secret': 'wrong' })
      expect(refused.status).toBe(401)
      expect(await store.voiceCalls.find(uid)).toMatchObject({ voiceCallId: 'call-odd', callSummary: null, callReportedAt: null })
      expect((await store.mailJobs.forBooking(uid)).filter((job) => job.kind === 'brief')).toEqual([])
    })

    it('a call cancelled before its report: the summary is kept on the booking, and no brief goes', async () => {
      const uid = await bookInCall('call-cancelled', '2026-11-27T12:00+13:00')
      const cancelled = await fetch(`${server.url}/api/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })
      expect(cancelled.status).toBe(200)
      const sample = await fixture('vapi-end-of-call-report.booked')
      sample.message.call.id = 'call-cancelled'
      await report(sample)
      expect(await store.voiceCalls.find(uid)).toMatchObject({ callSummary: sample.message.analysis.summary })
      expect((await store.mailJobs.forBooking(uid)).filter((job) => job.kind === 'brief')).toEqual([])
    })

    it('the agency’s reminder still to go is written again with the summary in it', async () => {
      const uid = await bookInCall('call-remind', '2026-11-27T13:00+13:00', { notes: 'Xero and plumbing' })
      const hostReminders = async () => (await store.mailJobs.forBooking(uid)).filter((job) => job.kind === 'reminder' && job.recipient === 'host')
      expect((await hostReminders()).map((job) => job.status)).toEqual(['pending'])
      const sample = await fixture('vapi-end-of-call-report.booked')
      sample.message.call.id = 'call-remind'
      await report(sample)
      expect((await hostReminders()).map((job) => [job.status, job.lastError])).toEqual([
        ['dropped', 'rewritten with the call brief'],
        ['pending', null],
      ])
      // At its moment, an hour before the call, the agency's reminder goes with the summary and the notes.
      clock.now = Temporal.Instant.from('2026-11-26T23:00:00Z')
      mail.wake()
      const reminder = await sink.find(TEAM, 'Reminder: Hemi Walker, Fri 27 Nov 2026, 1:00 pm')
      expect(reminder.parsed.text).toContain(sample.message.analysis.summary as string)
      expect(reminder.parsed.text).toContain('Xero and plumbing')
      expect(sink.received.filter((m) => m.parsed.subject?.startsWith('Reminder: Hemi Walker, Fri 27 Nov 2026, 1:00 pm'))).toHaveLength(1)
    })

    it('nothing of a report (summary, transcript, notes, names, addresses) reaches a log', async () => {
      const logged = [...captured.lines, ...mailLog].join('\n')
      expect(mailLog.some((line) => /mail job \d+ \(brief, to the host\) sent over SMTP/.test(line))).toBe(true)
      expect(logged).not.toMatch(/plumbing|Xero|Aroha|aroha@|Hemi|hemi@|blah|Line one/)
    })

    it('a report over the body limit is refused with 413', async () => {
      // Last: a refused body ends its connection.
      const sample = await fixture('vapi-end-of-call-report.booked')
      sample.message.artifact.transcript = 'x'.repeat(MAX_VOICE_TOOLS_BODY_BYTES)
      const response = await post(sample)
      expect(response.status).toBe(413)
    })
  })
}
