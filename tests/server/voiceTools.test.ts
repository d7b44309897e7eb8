/**
 * POST /api/voice/tools: the voice platform's tool calls over HTTP, on the real app with PGlite and the
 * built-in scheduler (and once in Cal.com mode), from the recorded messages in ./fixtures.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WIRE_MESSAGES } from '../../core/bookingWire'
import { buildBookingPayload } from '../../core/bookingPayload'
import { openStore, type BookingStore } from '../../server/db/store'
import { VOICE_TOOL_MESSAGES } from '../../server/voice/sentences'
import { MAX_VOICE_TOOLS_BODY_BYTES } from '../../server/voice/voiceTools'
import { bookingBody, HOST, postBooking, postBookingAsTheForm, rejectingStore, startServer, testClock, testConfig, type RunningServer } from './support/harness'

const SECRET = 'voice-secret-0123456789abcdef-0123'
const NZ = 'Pacific/Auckland'

const sample = async (name: string) => JSON.parse(await readFile(join(import.meta.dirname, 'fixtures', `vapi-tool-calls.${name}.json`), 'utf8')) as Record<string, unknown>

interface ToolResult {
  toolCallId: string
  name: string
  result: string
}

/** The platform's message with one tool call, in its documented `toolCallList` form. */
function toolCall(name: string, args: unknown, id = 'call_test') {
  return { message: { type: 'tool-calls', toolCallList: [{ id, type: 'function', function: { name, arguments: args } }] } }
}

function post(server: RunningServer, body: unknown, headers: Record<string, string> = { 'x-vapi-secret': SECRET }): Promise<Response> {
  return fetch(`${server.url}/api/voice/tools`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function results(server: RunningServer, body: unknown): Promise<ToolResult[]> {
  const response = await post(server, body)
  expect(response.status).toBe(200)
  return ((await response.json()) as { results: ToolResult[] }).results
}

async function say(server: RunningServer, name: string, args: unknown): Promise<string> {
  const [first] = await results(server, toolCall(name, args))
  return first!.result
}

describe('voice assistant tools (POST /api/voice/tools)', () => {
  let dir: string
  let store: BookingStore
  let server: RunningServer
  const clock = testClock() // Monday 23 November 2026, 08:30 in Auckland

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'voice-tools-'))
    store = await openStore({ dataDir: dir })
    server = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: SECRET }), store, clock })
  })

  afterAll(async () => {
    await server?.close()
    await store?.close()
    await rm(dir, { recursive: true, force: true })
  })

  describe('the secret', () => {
    it('no VAPI_SERVER_SECRET: the route does not exist (404), whatever is sent', async () => {
      const off = await startServer({ config: testConfig(), store, clock })
      try {
        const response = await post(off, await sample('check-availability'))
        expect(response.status).toBe(404)
        expect(await response.json()).toEqual({ message: 'Not found' })
      } finally {
        await off.close()
      }
    })

    it('a missing or wrong secret: 401, and nothing is looked up', async () => {
      const body = await sample('check-availability')
      for (const headers of [{}, { 'x-vapi-secret': 'wrong' }, { 'x-vapi-secret': `${SECRET}x` }, { authorization: `Bearer ${SECRET.slice(0, -1)}` }] as Record<string, string>[]) {
        const response = await post(server, body, headers)
        expect(response.status).toBe(401)
        expect(await response.json()).toEqual({ message: 'Unauthorized' })
      }
    })

    it('wrong secrets cost: past RATE_LIMIT_SECRET_FAILURES a minute, 429 before any comparison', async () => {
      const guarded = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: SECRET, RATE_LIMIT_SECRET_FAILURES: '3' }), store, clock })
      try {
        const body = await sample('check-availability')
        const statuses = []
        for (let i = 0; i < 8; i++) statuses.push((await post(guarded, body, { 'x-vapi-secret': `wrong-${i}` })).status)
        expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429])
        const refused = await post(guarded, body, { 'x-vapi-secret': SECRET })
        expect(refused.status).toBe(429)
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(await refused.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.' })
      } finally {
        await guarded.close()
      }
    })

    it('the secret as x-vapi-secret (the platform’s server secret) or as a bearer token (its bearer credential)', async () => {
      const body = await sample('check-availability')
      expect((await post(server, body, { 'x-vapi-secret': SECRET })).status).toBe(200)
      expect((await post(server, body, { authorization: `Bearer ${SECRET}` })).status).toBe(200)
    })
  })

  describe('check_availability', () => {
    it('the recorded message: the day’s free times as ranges the assistant can say, and the exact starts', async () => {
      const [result, ...rest] = await results(server, await sample('check-availability'))
      expect(rest).toEqual([])
      expect(result!.toolCallId).toBe('call_Qm3vTq8bXnK2pL7rYc1dW9sA')
      expect(result!.name).toBe('check_availability')
      expect(result!.result).toMatch(
        /^Thursday 26 November has free times \(Pacific\/Auckland time\) from 9:00 am to 4:45 pm, starting every 15 minutes; a call lasts 15 minutes\. Exact starts for book_call: 2026-11-26T09:00\+13:00, 2026-11-26T09:15\+13:00, .*, 2026-11-26T16:45\+13:00\.$/,
      )
      expect(result!.result.match(/2026-11-26T\d\d:\d\d\+13:00/g)).toHaveLength(32)
    })

    it('in the caller’s zone: Los Angeles, Kolkata and UTC see Auckland’s hours on their own days and clocks', async () => {
      // Auckland's Thursday 09:00–17:00 (+13:00) is Wednesday 12:00–20:00 in Los Angeles (−08:00).
      expect(await say(server, 'check_availability', { date: '2026-11-25', timeZone: 'America/Los_Angeles' })).toMatch(
        /^Wednesday 25 November has free times \(America\/Los_Angeles time\) from 12:00 pm to 7:45 pm, .* Exact starts for book_call: 2026-11-25T12:00-08:00, /,
      )
      // … and early Thursday morning in Kolkata (+05:30).
      expect(await say(server, 'check_availability', { date: '2026-11-26', timeZone: 'Asia/Kolkata' })).toMatch(
        /^Thursday 26 November has free times \(Asia\/Kolkata time\) from 1:30 am to 9:15 am, .* 2026-11-26T01:30\+05:30, /,
      )
      // A UTC Wednesday holds the end of Auckland's Wednesday and the start of its Thursday: two ranges.
      expect(await say(server, 'check_availability', { date: '2026-11-25', timeZone: 'UTC' })).toMatch(
        /^Wednesday 25 November has free times \(UTC time\) from 12:00 am to 3:45 am and 8:00 pm to 11:45 pm, /,
      )
    })

    it('no free time that day: says so and gives the next free day', async () => {
      expect(await say(server, 'check_availability', { date: '2026-11-28', timeZone: NZ })).toMatch(
        /^There are no free times on Saturday 28 November\. The next free day: Monday 30 November has free times \(Pacific\/Auckland time\) from 9:00 am to 4:45 pm, /,
      )
      // The older message form: only `toolCalls`, its arguments a JSON string (a Saturday in Los Angeles).
      const [legacy] = await results(server, await sample('legacy-tool-calls'))
      expect(legacy!.toolCallId).toBe('call_Ol7dTq2bXnK2pL7rYc1dW9sZ')
      expect(legacy!.result).toMatch(/^There are no free times on Saturday 28 November\. The next free day: Sunday 29 November has free times \(America\/Los_Angeles time\) from 12:00 pm to 7:45 pm, /)
    })

    it('today: only after the minimum notice; nothing free for two weeks (past the booking window): says so', async () => {
      expect(await say(server, 'check_availability', { date: '2026-11-23', timeZone: NZ })).toMatch(/^Monday 23 November has free times \(Pacific\/Auckland time\) from 10:30 am to 4:45 pm/)
      expect(await say(server, 'check_availability', { date: '2027-03-01', timeZone: NZ })).toBe(VOICE_TOOL_MESSAGES.noTimes('Monday 1 March', 14))
    })

    it('bad arguments come back as sentences the assistant can act on', async () => {
      expect(await say(server, 'check_availability', { date: 'Thursday', timeZone: NZ })).toBe(VOICE_TOOL_MESSAGES.badDate)
      expect(await say(server, 'check_availability', { date: '2026-02-30', timeZone: NZ })).toBe(VOICE_TOOL_MESSAGES.badDate)
      expect(await say(server, 'check_availability', { date: '2026-11-26', timeZone: 'Middle/Earth' })).toBe(VOICE_TOOL_MESSAGES.badTimeZone)
      expect(await say(server, 'check_availability', { date: '2026-11-26' })).toBe(VOICE_TOOL_MESSAGES.badTimeZone)
      expect(await say(server, 'check_availability', { timeZone: NZ })).toBe(VOICE_TOOL_MESSAGES.badDate)
      expect(await say(server, 'check_availability', '{not json')).toBe(VOICE_TOOL_MESSAGES.badDate)
    })
  })

  describe('book_call', () => {
    it('the recorded message books through the scheduler: a row in the database, its two emails in the outbox, and the slot is gone', async () => {
      const [result] = await results(server, await sample('book-call'))
      expect(result).toEqual({
        toolCallId: 'call_Z8kLp2Rw5TnC1vYq9hJx4BdE',
        name: 'book_call',
        result: 'Booked: a 15-minute call on Thursday 26 November at 2:30 pm (Pacific/Auckland time) for Aroha Ngata. A confirmation goes to aroha@example.co.nz. You\'ll meet by video: the link to join is in that email.',
      })
      const rows = await store.list(Temporal.Instant.from('2026-11-26T00:00:00Z'))
      expect(rows.map((r) => [r.startTime, r.endTime, r.name, r.email, r.timeZone, r.host, r.status])).toContainEqual([
        '2026-11-26T01:30:00.000Z',
        '2026-11-26T01:45:00.000Z',
        'Aroha Ngata',
        'aroha@example.co.nz',
        NZ,
        HOST,
        'ACCEPTED',
      ])
      // The confirmation the assistant promised, and the agency's notice: queued with the booking, as from the web form.
      const booked = rows.find((r) => r.startTime === '2026-11-26T01:30:00.000Z')!
      const jobs = await store.mailJobs.forBooking(booked.uid)
      expect(jobs.map((j) => [j.kind, j.recipient]).sort()).toEqual([
        ['booked', 'host'],
        ['booked', 'visitor'],
      ])
      expect(await say(server, 'check_availability', { date: '2026-11-26', timeZone: NZ })).toMatch(/from 9:00 am to 2:15 pm and 2:45 pm to 4:45 pm/)
      // Where the lead came from (docs/booking.md#where-a-lead-came-from): the assistant, on a call.
      expect(booked.leadSource).toEqual({ bookedFrom: 'voice' })
    })

    it('a booking made in the text chat (a message with the chat, no call) records chat', async () => {
      const args = { name: 'Tia Text', email: 'tia@example.com', start: '2026-12-07T10:15+13:00', timeZone: NZ }
      const chat = { message: { ...toolCall('book_call', args).message, chat: { id: 'chat_7f3a' } } }
      const [result] = await results(server, chat)
      expect(result!.result).toMatch(/^Booked: /)
      const row = (await store.list(Temporal.Instant.from('2026-12-01T00:00:00Z'))).find((r) => r.email === 'tia@example.com')!
      expect(row.leadSource).toEqual({ bookedFrom: 'chat' })
    })

    it('location and phone: refused when the host does not offer them; with phone offered, the number is kept in E.164 and said back', async () => {
      const base = { name: 'Pita Phone', email: 'pita@example.com', start: '2026-12-10T11:30+13:00', timeZone: NZ }
      expect(await say(server, 'book_call', { ...base, location: 'phone', phone: '021 555 0123' })).toBe(WIRE_MESSAGES.location)
      expect(await say(server, 'book_call', { ...base, location: 'carrier pigeon' })).toBe(VOICE_TOOL_MESSAGES.badLocation)
      const both = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: SECRET, BOOKING_LOCATIONS: 'video,phone' }), store, clock })
      try {
        expect(await say(both, 'book_call', { ...base, location: 'phone', phone: '12ab' })).toBe(WIRE_MESSAGES.phone)
        // The form's rules: a number no person answers, or one with words after it, is refused with its sentence.
        expect(await say(both, 'book_call', { ...base, location: 'phone', phone: '0900 12 345' })).toBe(WIRE_MESSAGES.phoneNotPersonal)
        expect(await say(both, 'book_call', { ...base, location: 'phone', phone: '021 555 0123 after five' })).toBe(WIRE_MESSAGES.phoneTrailingText)
        expect(await say(both, 'book_call', { ...base, location: 'phone', phone: '021 555 0123' })).toBe(
          "Booked: a 15-minute call on Thursday 10 December at 11:30 am (Pacific/Auckland time) for Pita Phone. A confirmation goes to pita@example.com. We'll call you on +64 21 555 0123 at that time.",
        )
        const rows = await store.list(Temporal.Instant.from('2026-11-30T00:00:00Z'))
        expect(rows.find((r) => r.email === 'pita@example.com')?.phone).toBe('+64215550123')
      } finally {
        await both.close()
      }
    })

    it('a taken time: says so and offers the nearest free ones', async () => {
      const args = { name: 'Hemi Walker', email: 'hemi@example.com', start: '2026-11-27T11:00+13:00', timeZone: NZ }
      expect(await say(server, 'book_call', args)).toMatch(/^Booked: /)
      expect(await say(server, 'book_call', { ...args, name: 'Someone Else', email: 'else@example.com' })).toBe(
        'That time was just taken. 10:45 am or 11:15 am are free that day (exact starts: 2026-11-27T10:45+13:00, 2026-11-27T11:15+13:00).',
      )
    })

    it('a time off the grid or inside the notice cannot be booked: says so with what is free', async () => {
      expect(await say(server, 'book_call', { name: 'Ana Smith', email: 'ana@example.com', start: '2026-11-27T14:37+13:00', timeZone: NZ })).toBe(
        'Friday 27 November at 2:37 pm (Pacific/Auckland time) cannot be booked. 2:30 pm or 2:45 pm are free that day (exact starts: 2026-11-27T14:30+13:00, 2026-11-27T14:45+13:00).',
      )
      expect(await say(server, 'book_call', { name: 'Ana Smith', email: 'ana@example.com', start: '2026-11-23T09:00+13:00', timeZone: NZ })).toMatch(
        /^Monday 23 November at 9:00 am \(Pacific\/Auckland time\) cannot be booked\. 10:30 am or 10:45 am are free that day/,
      )
    })

    it('a wall time in the caller’s zone is taken as such; the booking keeps the caller’s zone', async () => {
      expect(await say(server, 'book_call', { name: 'Sam Lee', email: 'sam@example.com', start: '2026-11-30T13:00', timeZone: 'America/Los_Angeles' })).toBe(
        "Booked: a 15-minute call on Monday 30 November at 1:00 pm (America/Los_Angeles time) for Sam Lee. A confirmation goes to sam@example.com. You'll meet by video: the link to join is in that email.",
      )
      const rows = await store.list(Temporal.Instant.from('2026-11-30T00:00:00Z'))
      expect(rows.find((r) => r.email === 'sam@example.com')).toMatchObject({ startTime: '2026-11-30T21:00:00.000Z', timeZone: 'America/Los_Angeles' })
    })

    it('bad arguments: the web form’s rules and sentences, and nothing is booked', async () => {
      const before = (await store.list(Temporal.Instant.from('2026-11-23T00:00:00Z'))).length
      const args = { name: 'Kiri Brown', email: 'kiri@example.com', start: '2026-12-08T10:00+13:00', timeZone: NZ }
      expect(await say(server, 'book_call', { ...args, email: 'kiri at example' })).toBe(WIRE_MESSAGES.email)
      expect(await say(server, 'book_call', { ...args, name: 'K' })).toBe(WIRE_MESSAGES.name)
      expect(await say(server, 'book_call', { ...args, name: '<b>Kiri</b>' })).toBe(WIRE_MESSAGES.name)
      expect(await say(server, 'book_call', { ...args, name: 'http://evil.test/login' })).toBe(WIRE_MESSAGES.name)
      expect(await say(server, 'book_call', { ...args, name: undefined })).toBe(WIRE_MESSAGES.name)
      expect(await say(server, 'book_call', { ...args, start: 'next Tuesday at ten' })).toBe(VOICE_TOOL_MESSAGES.badStart)
      expect(await say(server, 'book_call', { ...args, timeZone: 'Nowhere/Land' })).toBe(VOICE_TOOL_MESSAGES.badTimeZone)
      // A missing argument is named by its own sentence; with none at all, the first the tool needs (the name).
      expect(await say(server, 'book_call', { ...args, start: undefined })).toBe(VOICE_TOOL_MESSAGES.badStart)
      expect(await say(server, 'book_call', { ...args, email: undefined })).toBe(WIRE_MESSAGES.email)
      expect(await say(server, 'book_call', { ...args, timeZone: undefined })).toBe(VOICE_TOOL_MESSAGES.badTimeZone)
      expect(await say(server, 'book_call', null)).toBe(WIRE_MESSAGES.name)
      expect(await say(server, 'book_call', 42)).toBe(VOICE_TOOL_MESSAGES.badStart)
      expect((await store.list(Temporal.Instant.from('2026-11-23T00:00:00Z'))).length).toBe(before)
    })

    it('hostile notes (control, bidi and invisible characters, 10,000 characters, not text) are refused with the form’s sentence, and nothing is booked', async () => {
      const before = (await store.list(Temporal.Instant.from('2026-11-23T00:00:00Z'))).length
      const args = { name: 'Kiri Brown', email: 'kiri@example.com', start: '2026-12-08T10:00+13:00', timeZone: NZ }
      for (const notes of ['Ring me\u0007 back', 'Invoices \u202Eevil\u202C', 'Bell\u0000', 'Tab\there', 'Zero\u200bwidth', 'Line\u2028separator', 'a'.repeat(10_000), 'b'.repeat(1_001), 42, ['a list']]) {
        expect(await say(server, 'book_call', { ...args, notes })).toBe(WIRE_MESSAGES.notes)
      }
      expect((await store.list(Temporal.Instant.from('2026-11-23T00:00:00Z'))).length).toBe(before)
      // 1,000 characters over several lines are a note like the form's; < and > are ordinary characters.
      expect(await say(server, 'book_call', { ...args, start: '2026-12-02T15:00+13:00', notes: 'Budget < $5k, quotes -> invoices' })).toMatch(/^Booked: /)
      expect(await say(server, 'book_call', { ...args, start: '2026-12-03T15:00+13:00', notes: `Quotes\r\n${'c'.repeat(992)}` })).toMatch(/^Booked: /)
    })
  })

  describe('the message', () => {
    it('several calls in one message, in the documented flat form too, answered in order; an unknown tool says so', async () => {
      const body = {
        message: {
          type: 'tool-calls',
          toolCallList: [
            { id: 'a', name: 'check_availability', arguments: { date: '2026-11-30', timeZone: NZ } },
            { id: 'b', type: 'function', function: { name: 'transfer_call', arguments: {} } },
          ],
        },
      }
      const [a, b] = await results(server, body)
      expect(a).toMatchObject({ toolCallId: 'a', name: 'check_availability', result: expect.stringMatching(/^Monday 30 November has free times/) })
      expect(b).toEqual({ toolCallId: 'b', name: 'transfer_call', result: VOICE_TOOL_MESSAGES.unknownTool('transfer_call') })
    })

    it('other server messages (status updates, reports) get an empty answer; what is not the platform’s message is a 400', async () => {
      const status = await post(server, { message: { type: 'status-update', status: 'in-progress' } })
      expect([status.status, await status.json()]).toEqual([200, {}])
      for (const body of ['{oops', '[]', { message: 'hi' }, { message: { type: 'tool-calls', toolCallList: [{ name: 'book_call' }] } }]) {
        const response = await post(server, body)
        expect(response.status).toBe(400)
        expect(((await response.json()) as { message: string }).message).toMatch(/^The (tool call must be JSON|body must be the voice platform’s message)/)
      }
    })

    it('nothing the caller said reaches the logs', async () => {
      const logged: unknown[] = []
      const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args) => void logged.push(...args)))
      try {
        await results(server, toolCall('book_call', { name: 'Private Person', email: 'private@example.com', start: '2026-12-02T10:00+13:00', timeZone: NZ }))
        await results(server, toolCall('book_call', { name: 'Private Person', email: 'private@example.com', start: '2026-12-02T10:00+13:00', timeZone: NZ }))
      } finally {
        for (const spy of spies) spy.mockRestore()
      }
      expect(JSON.stringify(logged)).not.toMatch(/Private Person|private@example\.com/)
    })

    it('a body over the limit is refused with 413 (the platform sends the whole call along, so the limit is 256 KB)', async () => {
      const body = await sample('check-availability')
      // Last of this server's tests: a refused body ends its connection.
      const fits = JSON.stringify({ ...body, padding: 'x'.repeat(64 * 1024) })
      expect((await post(server, fits)).status).toBe(200)
      const big = JSON.stringify({ ...body, padding: 'x'.repeat(MAX_VOICE_TOOLS_BODY_BYTES) })
      const response = await post(server, big)
      expect(response.status).toBe(413)
      expect(await response.json()).toEqual({ message: 'The request is too large.' })
    })
  })
})

describe('voice assistant tools: limits and Cal.com mode', () => {
  it('the per-address rate limit applies (its own setting): 429 with Retry-After', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voice-tools-limit-'))
    const store = await openStore({ dataDir: dir })
    const server = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: SECRET, RATE_LIMIT_VOICE_TOOLS: '2' }), store, clock: testClock() })
    try {
      const body = toolCall('check_availability', { date: '2026-11-26', timeZone: NZ })
      expect((await post(server, body)).status).toBe(200)
      expect((await post(server, body)).status).toBe(200)
      const limited = await post(server, body)
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    } finally {
      await server.close()
      await store.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('one book_call per request and per call; the daily cap is the call’s and the caller’s, not the platform’s', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voice-tools-calls-'))
    const store = await openStore({ dataDir: dir })
    const server = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: SECRET, RATE_LIMIT_BOOKINGS_PER_DAY: '2' }), store, clock: testClock() })
    let slot = 0
    const booking = () => {
      const n = slot++
      const start = `2026-11-2${4 + Math.floor(n / 20)}T${String(9 + Math.floor((n % 20) / 4)).padStart(2, '0')}:${String((n % 4) * 15).padStart(2, '0')}+13:00`
      return { type: 'function', function: { name: 'book_call', arguments: { name: 'Caller Test', email: `caller${n}@example.com`, start, timeZone: NZ } } }
    }
    const request = (call: object, count = 1) => ({
      message: { type: 'tool-calls', call, toolCallList: Array.from({ length: count }, (_, i) => ({ id: `tool_${slot}_${i}`, ...booking() })) },
    })
    const said = async (body: unknown) => (await results(server, body)).map((r) => r.result)
    try {
      // Ten book_call in one request: one is booked, the others are not run.
      const ten = await said(request({ id: 'call-A' }, 10))
      expect(ten[0]).toMatch(/^Booked: /)
      expect(ten.slice(1)).toEqual(Array(9).fill(VOICE_TOOL_MESSAGES.onePerRequest))
      // The same call again: refused, with its own sentence.
      expect(await said(request({ id: 'call-A' }))).toEqual([`Not booked: ${VOICE_TOOL_MESSAGES.onePerCall}`])
      // Other calls from the same platform address are not capped by it (the cap is 2).
      for (const id of ['call-B', 'call-C', 'call-D']) expect((await said(request({ id })))[0]).toMatch(/^Booked: /)
      // One caller's number is capped across calls as an address is on the web.
      const caller = { number: '+64 21 000 0000' }
      expect((await said(request({ id: 'call-E', customer: caller })))[0]).toMatch(/^Booked: /)
      expect((await said(request({ id: 'call-F', customer: caller })))[0]).toMatch(/^Booked: /)
      expect(await said(request({ id: 'call-G', customer: caller }))).toEqual([
        'Not booked: Too many calls have been booked from your network today. Please try again tomorrow.',
      ])
      expect(await store.count()).toBe(6)
    } finally {
      await server.close()
      await store.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('book_call is never asked for an email code, and its bookings do not count towards the web’s hour (docs/design.md#email-codes)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'voice-tools-codes-'))
    const store = await openStore({ dataDir: dir })
    const server = await startServer({ config: testConfig({ VAPI_SERVER_SECRET: SECRET, BOOKING_VERIFY: 'auto', BOOKING_VERIFY_AFTER: '1' }), store, clock: testClock() })
    try {
      for (const [i, start] of ['2026-11-24T10:00+13:00', '2026-11-24T10:15+13:00', '2026-11-24T10:30+13:00'].entries()) {
        const said = await say(server, 'book_call', { name: 'Caller Test', email: `caller${i}@example.com`, start, timeZone: NZ })
        expect(said).toMatch(/^Booked: /)
      }
      // The web's first booking of the hour needs no code: the three voice bookings are not counted.
      expect((await postBooking(server.url, bookingBody('2026-11-24T11:00'))).status).toBe(200)
      const second = await postBookingAsTheForm(server.url, bookingBody('2026-11-24T11:15', { responses: { name: 'Web Visitor', email: 'web@example.com', guests: [] } }))
      expect([second.status, ((await second.json()) as { code: string }).code]).toEqual([403, 'email_verification_required'])
    } finally {
      await server.close()
      await store.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('with CALCOM_URL, book_call sends Cal.com the booking form’s own request and says its refusal', async () => {
    const sent: { url: string; body: unknown }[] = []
    let reply = { status: 200, body: {} as unknown }
    const fetch = async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) })
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } })
    }
    const untouchable = rejectingStore(() => new Error('no store in Cal.com mode'))
    const config = testConfig({ VAPI_SERVER_SECRET: SECRET, CALCOM_URL: 'https://cal.example.com' })
    const server = await startServer({ config, store: untouchable, clock: testClock(), fetch })
    try {
      const args = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', start: '2026-11-26T14:30+13:00', timeZone: NZ }
      reply = { status: 200, body: { id: 1, uid: 'u1' } }
      expect(await say(server, 'book_call', args)).toMatch(/^Booked: a 15-minute call on Thursday 26 November at 2:30 pm/)
      expect(sent[0]!.url).toBe('https://cal.example.com/api/book/event')
      const identity = { host: config.BOOKING_HOST, eventTypeId: config.BOOKING_EVENT_TYPE_ID, eventTypeSlug: config.BOOKING_EVENT_TYPE_SLUG }
      // With where the lead came from in Cal.com's metadata, as a string (Cal.com takes strings only there).
      const lead = { bookedFrom: 'voice' }
      expect(sent[0]!.body).toEqual(buildBookingPayload({ name: args.name, email: args.email, slot: '2026-11-26T01:30:00Z', timeZone: NZ, lead }, identity))
      expect((sent[0]!.body as { metadata: unknown }).metadata).toEqual({ bookedFrom: 'voice' })

      // The caller's note goes in the booking as the form sends it: Cal.com's responses.notes.
      const notes = 'Automating quotes for a plumbing business; we use Xero.'
      expect(await say(server, 'book_call', { ...args, notes: `  ${notes}\n` })).toMatch(/^Booked: /)
      expect((sent[1]!.body as { responses: unknown }).responses).toEqual({ name: args.name, email: args.email, guests: [], notes })

      reply = { status: 400, body: { message: 'Attendee already has 2 upcoming bookings.' } }
      expect(await say(server, 'book_call', args)).toBe('Not booked: Attendee already has 2 upcoming bookings.')
    } finally {
      await server.close()
    }
  })
})
