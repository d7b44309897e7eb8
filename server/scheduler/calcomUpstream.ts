import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { BOOKING_ERRORS, SlotsResponseSchema } from '../../core/bookingWire'
import { calendarStatusSentence } from '../sentences'
import { JsonBody } from '../runtime/jsonBody'
import { refuse, type RefusalCode } from '../refusals'
import type { Outcome, Scheduler } from './scheduler'

/**
 * Cal.com mode (docs/design.md#server): the booking routes forward what they validated (never the raw request) to a
 * real Cal.com, with a timeout. Cal.com's 4xx status and message pass through; a network failure, a hung
 * upstream, a 5xx or an answer that is not JSON is a 502 with our own sentence.
 */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>

/** Upstream answers larger than this are not read (a slot map for 11 days is a few KB). */
const MAX_UPSTREAM_BYTES = 2 * 1024 * 1024

/** Cal.com's answer, or why there is none (a 502 with our own sentence: server/scheduler/refusalAnswer.ts). */
export type UpstreamResult = { ok: true; status: number; json: unknown } | { ok: false; code: UpstreamFailure }

export type UpstreamFailure = 'calendarTimeout' | 'calendarUnreachable' | 'calendarAnswerUnreadable' | 'calendarFailing'

export interface Upstream {
  /** GET {CALCOM_URL}/api/trpc/slots/getSchedule?input=<the validated input, encoded> */
  slots(input: unknown): Promise<UpstreamResult>
  /** POST {CALCOM_URL}/api/book/event with the validated booking (a reschedule too). */
  book(body: unknown): Promise<UpstreamResult>
  /** POST {CALCOM_URL}/api/cancel with the validated cancellation. */
  cancel(body: unknown): Promise<UpstreamResult>
}

export function createUpstream(options: { baseUrl: string; timeoutMs: number; fetch?: Fetch }): Upstream {
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init))
  async function call(url: string, init: RequestInit): Promise<UpstreamResult> {
    let response: Response
    const signal = AbortSignal.timeout(options.timeoutMs)
    try {
      response = await doFetch(url, { ...init, signal, redirect: 'manual' })
    } catch {
      return { ok: false, code: signal.aborted ? 'calendarTimeout' : 'calendarUnreachable' }
    }
    let text: string
    try {
      const declared = Number(response.headers.get('content-length') ?? '0')
      if (declared > MAX_UPSTREAM_BYTES) throw new Error('too large')
      text = await response.text()
      if (text.length > MAX_UPSTREAM_BYTES) throw new Error('too large')
    } catch {
      return { ok: false, code: signal.aborted ? 'calendarTimeout' : 'calendarAnswerUnreadable' }
    }
    if (response.status >= 500) return { ok: false, code: 'calendarFailing' }
    try {
      return { ok: true, status: response.status, json: JSON.parse(text) as unknown }
    } catch {
      return { ok: false, code: 'calendarAnswerUnreadable' }
    }
  }
  const post = (path: string, body: unknown) =>
    call(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
  return {
    slots: (input) =>
      call(`${options.baseUrl}/api/trpc/slots/getSchedule?input=${encodeURIComponent(JSON.stringify(input))}`, {
        method: 'GET',
        headers: { Accept: 'application/json' },
      }),
    book: (body) => post('/api/book/event', body),
    cancel: (body) => post('/api/cancel', body),
  }
}

/** The `message` of an upstream error body, when it has one. */
export function upstreamMessage(json: unknown, status: number): string {
  if (typeof json === 'object' && json !== null) {
    const message = (json as { message?: unknown }).message
    if (typeof message === 'string' && message.length > 0) return message
    // tRPC errors nest it.
    const nested = (json as { error?: { json?: { message?: unknown } } }).error?.json?.message
    if (typeof nested === 'string' && nested.length > 0) return nested
  }
  return calendarStatusSentence(status)
}

/** Our code for Cal.com's own codes (`no_available_users_found_error`), so a caller branches on codes alike in both modes. */
const CALCOM_CODES: Readonly<Record<string, RefusalCode>> = {
  [BOOKING_ERRORS.slotTaken]: 'slotTaken',
  [BOOKING_ERRORS.outOfBounds]: 'outOfBounds',
}

/** Cal.com's answer as a scheduler outcome: 2xx bodies pass through, anything else is a refusal with Cal.com's own words. */
function toOutcome(answer: UpstreamResult): Outcome<unknown> {
  if (!answer.ok) return refuse(answer.code)
  const status = answer.status as ContentfulStatusCode
  if (answer.status >= 200 && answer.status < 300) return { ok: true, status, body: answer.json }
  const message = upstreamMessage(answer.json, answer.status)
  return { ok: false, code: CALCOM_CODES[message] ?? 'calcomRefused', upstream: { status, message, body: answer.json } }
}

/**
 * The Scheduler of Cal.com mode: Cal.com decides, and sends its own emails; its JSON is passed on as
 * it came. Reschedules (a booking with `rescheduleUid`) and cancellations go to Cal.com too. Cal.com's
 * emails link to its own booking page, so this site's manage page has no booking to show here.
 */
export function createCalcomScheduler(options: { baseUrl: string; timeoutMs: number; fetch?: Fetch }): Scheduler {
  const upstream = createUpstream(options)
  return {
    async slots({ input }) {
      const outcome = toOutcome(await upstream.slots({ json: input }))
      return outcome.ok ? { ...outcome, body: new JsonBody(JSON.stringify(outcome.body)) } : outcome
    },
    async freeSlots({ input }) {
      const outcome = toOutcome(await upstream.slots({ json: input }))
      if (!outcome.ok) return outcome
      const answer = v.safeParse(SlotsResponseSchema, outcome.body)
      if (!answer.success) return refuse('calendarAnswerUnreadable')
      const starts = Object.values(answer.output.result.data.json.slots).flatMap((day) => day.map((slot) => Temporal.Instant.from(slot.time)))
      return { ...outcome, body: starts.sort(Temporal.Instant.compare) }
    },
    book: async ({ request }) => toOutcome(await upstream.book(request)),
    cancel: async ({ uid, cancellationReason }) => toOutcome(await upstream.cancel({ uid, cancellationReason })),
    booking: async () => refuse('notFound'),
  }
}
