import { afterEach, describe, expect, it, vi } from 'vitest'
import { BookingRejected } from '../../../core/bookingErrors'
import { bookEvent, checkWaitingSlots, fetchSlots, prefetchSlots, slotsUrl } from '../../../src/lib/api/calendarApi'
import { buildBookingPayload } from '../../../core/bookingPayload'
import { PROOF_OF_WORK_SENTENCE } from '../../../core/proofOfWork'

const settings = { host: 'kiwi-automate', eventTypeId: 7, eventTypeSlug: 'quick-chat', apiBase: 'https://cal.example', locations: ['video'] as const, phoneCountry: 'NZ', phoneCountries: [] }

/** The solver runs in the browser's workers (tests/e2e/booking-code.spec.ts solves for real): here, what it gives. */
const solver = vi.hoisted(() => vi.fn<(challenge: unknown, signal?: AbortSignal) => Promise<string | undefined>>())
vi.mock('../../../src/lib/api/proofOfWork', () => ({ solveProofOfWork: solver }))

afterEach(() => {
  vi.unstubAllGlobals()
  solver.mockReset()
})

function stubFetch(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('slots request (docs/design.md#wire)', () => {
  it('is the tRPC GET with the JSON-encoded input', () => {
    const url = slotsUrl({ day: '2026-11-23', timeZone: 'Pacific/Auckland' }, settings)
    const prefix = 'https://cal.example/api/calendar/slots?input='
    expect(url.startsWith(prefix)).toBe(true)
    expect(url.slice(prefix.length)).toBe(
      encodeURIComponent(
        JSON.stringify({
          json: {
            isTeamEvent: false,
            usernameList: ['kiwi-automate'],
            eventTypeSlug: 'quick-chat',
            startTime: '2026-11-19T11:00:00Z',
            endTime: '2026-11-30T10:59:59.999Z',
            timeZone: 'Pacific/Auckland',
            duration: null,
            rescheduleUid: null,
            orgSlug: null,
          },
        }),
      ),
    )
  })

  it('names the booking being moved in rescheduleUid (null otherwise)', () => {
    const input = (url: string) => JSON.parse(decodeURIComponent(url.split('?input=')[1]!)) as { json: { rescheduleUid: unknown } }
    expect(input(slotsUrl({ day: '2026-11-23', timeZone: 'UTC', rescheduleUid: 'b-1' }, settings)).json.rescheduleUid).toBe('b-1')
    expect(input(slotsUrl({ day: '2026-11-23', timeZone: 'UTC' }, settings)).json.rescheduleUid).toBeNull()
  })

  it('returns the slots keyed by date', async () => {
    stubFetch(200, { result: { data: { json: { slots: { '2026-11-23': [{ time: '2026-11-22T21:00:00.000Z' }] } } } } })
    await expect(fetchSlots({ day: '2026-11-23', timeZone: 'Pacific/Auckland' })).resolves.toEqual({
      '2026-11-23': [{ time: '2026-11-22T21:00:00.000Z' }],
    })
  })

  it("throws 'HTTP error! status: {status}' on a non-OK answer", async () => {
    stubFetch(500, { error: { json: { message: 'boom' } } })
    await expect(fetchSlots({ day: '2026-11-23', timeZone: 'UTC' })).rejects.toThrow(new Error('HTTP error! status: 500'))
  })
})

describe('slots prefetch', () => {
  const answer = { result: { data: { json: { slots: { '2026-12-01': [{ time: '2026-12-01T01:00:00.000Z' }] } } } } }

  it('answers the picker once, from one request; a retry asks the server again, past the browser cache', async () => {
    const fetch = stubFetch(200, answer)
    const query = { day: '2026-12-01', timeZone: 'UTC' }
    prefetchSlots(query)
    prefetchSlots(query)
    await expect(fetchSlots(query)).resolves.toEqual(answer.result.data.json.slots)
    expect(fetch).toHaveBeenCalledTimes(1)
    await fetchSlots(query)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(fetch.mock.calls[1]).toEqual([expect.any(String), expect.objectContaining({ cache: 'no-cache' })])
  })

  it('is not made when the picker has just asked for the same day', async () => {
    const fetch = stubFetch(200, answer)
    const query = { day: '2026-12-02', timeZone: 'UTC' }
    await fetchSlots(query)
    prefetchSlots(query)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it("checked ahead as it comes (the form's code has run), is the picker's without being read again", async () => {
    // An answer that counts how often its fields are read: the check reads them all.
    let reads = 0
    const body = {
      get result() {
        reads++
        return answer.result
      },
    }
    const fetch = vi.fn(async () => ({ ok: true, status: 200, json: async () => body }))
    vi.stubGlobal('fetch', fetch)
    const query = { day: '2026-12-04', timeZone: 'UTC' }
    prefetchSlots(query)
    checkWaitingSlots()
    await vi.waitFor(() => expect(reads).toBeGreaterThan(0))
    const readAhead = reads
    await expect(fetchSlots(query)).resolves.toEqual(answer.result.data.json.slots)
    expect(reads).toBe(readAhead)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('checked ahead and found unreadable, leaves the picker to ask for itself', async () => {
    const fetch = stubFetch(200, { result: { data: { json: { slots: { '2026-12-05': [{ time: 'soon' }] } } } } })
    const query = { day: '2026-12-05', timeZone: 'UTC' }
    prefetchSlots(query)
    checkWaitingSlots()
    await expect(fetchSlots(query)).rejects.toThrow()
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('that failed leaves the picker to ask, and show its own error', async () => {
    const fetch = stubFetch(503, {})
    const query = { day: '2026-12-03', timeZone: 'UTC' }
    prefetchSlots(query)
    await expect(fetchSlots(query)).rejects.toThrow('HTTP error! status: 503')
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})

describe('booking request (docs/design.md#wire)', () => {
  /** The server's answer: the booking. */
  const booked = {
    id: 1,
    uid: 'bk_1',
    title: 'Quick Chat',
    startTime: '2026-11-22T21:00:00.000Z',
    endTime: '2026-11-22T21:15:00.000Z',
    status: 'ACCEPTED',
    eventTypeId: 7,
    responses: { name: 'Aroha', email: 'aroha@example.co.nz' },
    attendees: [{ name: 'Aroha', email: 'aroha@example.co.nz', timeZone: 'Pacific/Auckland' }],
    user: { username: 'kiwi-automate' },
  }
  const payload = buildBookingPayload(
    { name: 'Aroha', email: 'aroha@example.co.nz', slot: '2026-11-22T21:00:00Z', timeZone: 'Pacific/Auckland' },
    settings,
  )

  it('POSTs JSON with a Content-Type header', async () => {
    const fetch = stubFetch(200, booked)
    await expect(bookEvent(payload)).resolves.toMatchObject({ uid: 'bk_1' })
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toMatch(/\/api\/book\/event$/)
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(JSON.parse(init.body as string)).toEqual(payload)
  })

  it('a non-OK answer with a message rejects with that message and status', async () => {
    stubFetch(409, { message: 'no_available_users_found_error' })
    const error = await bookEvent(payload).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BookingRejected)
    expect(error).toMatchObject({ status: 409, serverMessage: 'no_available_users_found_error' })
  })

  it('a non-OK answer of the email-code step rejects with its code beside the sentence (docs/design.md#email-codes)', async () => {
    const message = "We've emailed a 6-digit code to aroha@example.co.nz. Enter it to confirm your call."
    stubFetch(403, { code: 'email_verification_required', message })
    await expect(bookEvent(payload)).rejects.toMatchObject({ status: 403, serverMessage: message, serverCode: 'email_verification_required' })
    stubFetch(409, { message: 'no_available_users_found_error' })
    await expect(bookEvent(payload)).rejects.toMatchObject({ serverCode: undefined })
  })

  describe('a proof of work asked for before a code email (docs/email-codes.md#proof-of-work)', () => {
    const challenge = { parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', cost: 1000, keyLength: 32, keyPrefix: 'ef' }, signature: '01' }
    const asked = { code: 'proof_of_work_required', message: PROOF_OF_WORK_SENTENCE, challenge }
    const sentBodies = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map((call) => JSON.parse((call as unknown as [string, RequestInit])[1].body as string) as Record<string, unknown>)

    it('is solved, and the same request sent again with the solution: its answer is the booking’s', async () => {
      solver.mockResolvedValueOnce('c29sdmVk')
      const answers = [new Response(JSON.stringify(asked), { status: 403 }), new Response(JSON.stringify(booked), { status: 200 })]
      const fetch = vi.fn(async () => answers.shift()!)
      vi.stubGlobal('fetch', fetch)
      await expect(bookEvent(payload)).resolves.toMatchObject({ uid: 'bk_1' })
      expect(solver).toHaveBeenCalledWith(challenge, undefined)
      expect(sentBodies(fetch)).toEqual([payload, { ...payload, altcha: 'c29sdmVk' }])
    })

    it('that cannot be solved here leaves the server’s sentence, sent once', async () => {
      solver.mockResolvedValueOnce(undefined)
      const fetch = stubFetch(403, asked)
      await expect(bookEvent(payload)).rejects.toMatchObject({ status: 403, serverMessage: PROOF_OF_WORK_SENTENCE, serverCode: 'proof_of_work_required' })
      expect(fetch).toHaveBeenCalledTimes(1)
    })

    it('asked again after a solution is not solved twice: the sentence shows', async () => {
      solver.mockResolvedValueOnce('c29sdmVk')
      const fetch = vi.fn(async () => new Response(JSON.stringify(asked), { status: 403 }))
      vi.stubGlobal('fetch', fetch)
      await expect(bookEvent(payload)).rejects.toMatchObject({ serverCode: 'proof_of_work_required' })
      expect([fetch.mock.calls.length, solver.mock.calls.length]).toEqual([2, 1])
    })
  })

  it('a non-OK answer without a message rejects with the status only', async () => {
    stubFetch(502, '<html>Bad gateway</html>')
    await expect(bookEvent(payload)).rejects.toMatchObject({ status: 502, serverMessage: undefined })
  })

  it('an OK answer that is not a booking rejects (it is checked, not trusted)', async () => {
    stubFetch(200, { uid: 'b-1' })
    await expect(bookEvent(payload)).rejects.toThrow()
  })
})
