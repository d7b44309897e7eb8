/**
 * Property-based fuzzing of the booking API: thousands of generated bodies and slot inputs
 * against the real app on a real socket and a real database. Whatever arrives, the answer is never a
 * 5xx, and a booking row exists exactly for each 200.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingStore } from '../../../server/db/store'
import { bookingBody, postBooking, slotsInput, slotsPath, startServer, testClock, testConfig, type RunningServer } from './harness'
import type { StoreBackend } from './bookingSuite'
import { INVISIBLE_CHARACTERS } from '../../support/invisibleCharacters'

const RUNS = Number(process.env.FUZZ_RUNS || 2000)
// A few thousand requests: seconds on a quiet machine, more on a busy 2-core one.
const FUZZ_TIMEOUT_MS = 300_000

/** Strings a client could send: control characters, multi-byte text, bidi marks, huge and empty ones. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u202e', '\u0085', '\ud800', '<script>', "o'brien@example.com", 'x'.repeat(20_000)),
)
const oddDate = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00+00:00',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2026-02-30T10:00:00+13:00',
  '2026-11-23T10:00:00+25:00',
  '2026-11-23T24:00:00+13:00',
  '2026-11-23T10:00:00.123456789+13:00',
  '2026-11-23',
  'not a date',
)
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  oddDate,
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, 7),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 12 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
)

/** Every UTF-8 byte percent-encoded (encodeURIComponent refuses lone surrogates). */
const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')

/** A valid booking with some fields (top-level or inside responses) replaced by arbitrary values, or dropped. */
function mutatedBooking(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid)
  const responseKeys = ['name', 'email', 'guests']
  return fc
    .record({
      top: fc.dictionary(fc.constantFrom(...keys), fc.option(anyValue, { nil: undefined }), { maxKeys: 3 }),
      responses: fc.dictionary(fc.constantFrom(...responseKeys), fc.option(anyValue, { nil: undefined }), { maxKeys: 3 }),
    })
    .map(({ top, responses }) => ({
      ...valid,
      ...top,
      responses: { ...(valid.responses as object), ...responses },
    }))
}

export function defineFuzzSuite(label: string, makeFactory: () => Promise<StoreBackend>) {
  describe(`fuzzing the booking API on ${label}`, () => {
    let factory: StoreBackend
    let store: BookingStore
    let server: RunningServer

    beforeAll(async () => {
      factory = await makeFactory()
      store = await factory.open()
      server = await startServer({ config: testConfig(), store, clock: testClock() })
    })
    afterAll(async () => {
      await server?.close()
      await store?.close()
      await factory?.dispose()
    })

    it.each([
      ['language', { language: 'en\u0000' }, 'The language is missing or not valid.'],
      ['email', { responses: { name: 'Aroha Ngata', email: 'aroha\u0000@example.co.nz', guests: [] } }, 'Please enter a valid email address.'],
      ['guests', { responses: { name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: ['a\u0000@b.co'] } }, 'Guests must be a list of up to 10 email addresses.'],
      ['name', { responses: { name: 'Aroha\u202e Ngata', email: 'aroha@example.co.nz', guests: [] } }, 'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).'],
      ['timeZone', { timeZone: 'Pacific/Auckland\u0000' }, 'Please choose a valid time zone.'],
    ])('a NUL or bidi character in %s is a 400 that names the field, and writes nothing', async (_, overrides, message) => {
      const before = await store.count()
      const response = await postBooking(server.url, bookingBody('2026-11-24T11:00:00', overrides as never))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message })
      expect(await store.count()).toBe(before)
    })

    it.each(INVISIBLE_CHARACTERS)('%s in the name or the note is a 400 with the field’s sentence, and writes nothing', async (_, char) => {
      const before = await store.count()
      for (const [responses, message] of [
        [{ name: `Aroha${char} Ngata`, email: 'aroha@example.co.nz', guests: [] }, 'Please enter your name (2 to 100 characters, no link or email address, no < or > or invisible characters).'],
        [{ name: 'Aroha Ngata', email: 'aroha@example.co.nz', guests: [], notes: `Invoices${char} please` }, 'Notes must be at most 1,000 characters, without control or invisible characters.'],
      ] as const) {
        const response = await postBooking(server.url, bookingBody('2026-11-24T11:00:00', { responses } as never))
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({ message })
      }
      expect(await store.count()).toBe(before)
    })

    it('a slots range starting in year 0000 is a 400, not a 500', async () => {
      const response = await fetch(server.url + slotsPath(slotsInput('0000-01-01T00:00:00Z', '2026-12-01T11:00:00.000Z')))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { json: { message: 'The time slot request is not valid.' } } })
    })

    it('a slots range of more than 62 days is a 400 with a sentence', async () => {
      const response = await fetch(server.url + slotsPath(slotsInput('2026-11-20T11:00:00.000Z', '2027-02-01T11:00:00.000Z')))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { json: { message: 'The time slot range may span at most 62 days.' } } })
    })

    it(`answers ${RUNS} generated booking bodies without a 5xx, and writes a row exactly for each 200`, async () => {
      const valid = bookingBody('2026-11-24T10:30:00') as unknown as Record<string, unknown>
      const body = fc.oneof(
        { weight: 6, arbitrary: mutatedBooking(valid).map((b) => JSON.stringify(b)) },
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((b) => JSON.stringify(b)) },
        { weight: 1, arbitrary: nastyString },
      )
      const accepted = new Set<string>()
      await fc.assert(
        fc.asyncProperty(body, async (text) => {
          const response = await postBooking(server.url, text)
          const answer = (await response.json()) as { uid?: string; message?: unknown }
          expect(response.status, `answer: ${JSON.stringify(answer)}`).toBeLessThan(500)
          if (response.status === 200) accepted.add(String(answer.uid))
          else expect(typeof answer.message).toBe('string')
        }),
        { numRuns: RUNS },
      )
      const rows = await store.list(testClock().read().subtract({ hours: 24 * 365 * 10 }), 100_000)
      expect(rows.map((r) => r.uid).sort()).toEqual([...accepted].sort())
    }, FUZZ_TIMEOUT_MS)

    it(`answers ${RUNS} generated slot inputs without a 5xx`, async () => {
      const valid = slotsInput('2026-11-20T11:00:00.000Z', '2026-12-01T11:00:00.000Z')
      const json = valid.json as unknown as Record<string, unknown>
      const mutated = fc
        .dictionary(fc.constantFrom(...Object.keys(json)), fc.option(fc.oneof(anyValue, oddDate), { nil: undefined }), { maxKeys: 3 })
        .map((changes) => slotsPath({ json: { ...json, ...changes } }))
      const path = fc.oneof(
        { weight: 6, arbitrary: mutated },
        { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => slotsPath(v)) },
        { weight: 1, arbitrary: nastyString.map((s) => `/api/calendar/slots?input=${percentEncoded(s)}`) },
        { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => `/api/calendar/slots?${s}`) },
      )
      await fc.assert(
        fc.asyncProperty(path, async (p) => {
          const response = await fetch(server.url + p)
          expect(response.status, p.slice(0, 300)).toBeLessThan(500)
          await response.arrayBuffer()
        }),
        { numRuns: RUNS },
      )
    }, FUZZ_TIMEOUT_MS)
  })
}
