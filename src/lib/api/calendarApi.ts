/** The browser's calendar client: Cal.com's wire format (docs/design.md#wire) against `bookingSettings.apiBase`. */
import * as v from 'valibot'
import { BookingRejected } from '../../../core/bookingErrors'
import { queryWindow, type SlotsByDate, type SlotsQuery } from '../../../core/slotWindow'
import { slotsPath } from '../../../core/slotsRequest'
import { bookingSettings } from '../../config'
import { noteSlotsRequest, prefetchSlotsUrl, requestSlotsBody, takePrefetchedSlots, waitingPrefetches } from './slotsPrefetch'
import {
  BookingErrorSchema,
  BookingResponseSchema,
  SlotsResponseSchema,
  type BookingRequest,
  type BookingResponse,
} from '../../../core/bookingWire'

/** GET /api/calendar/slots for a day's window (the same builder as the page's idle prefetch: the same URL). */
export function slotsUrl(query: SlotsQuery, settings = bookingSettings): string {
  return `${settings.apiBase}${slotsPath({ ...queryWindow(query), timeZone: query.timeZone, rescheduleUid: query.rescheduleUid }, settings)}`
}

const slotsOf = (body: unknown): SlotsByDate => v.parse(SlotsResponseSchema, body).result.data.json.slots

/** Prefetched answers already checked against the schema, by the parsed body they came as (checkWaitingSlots). */
const checkedAnswers = new WeakMap<object, SlotsByDate>()

/** A prefetched answer's slots, checked here or ahead; null when it is not a slots answer. */
function checkedSlots(body: unknown): SlotsByDate | null {
  const key = typeof body === 'object' && body !== null ? body : null
  const checked = key && checkedAnswers.get(key)
  if (checked) return checked
  const answer = v.safeParse(SlotsResponseSchema, body)
  if (!answer.success) return null
  const slots = answer.output.result.data.json.slots
  if (key) checkedAnswers.set(key, slots)
  return slots
}

/**
 * Checks the answers of waiting prefetches as they come, once the form's code has, so that a press takes them
 * without checking them then: on a slow phone that check was a good part of the press
 * (docs/performance.md#the-first-slots-checked-ahead).
 */
export function checkWaitingSlots(): void {
  for (const body of waitingPrefetches()) void body.then(checkedSlots, () => null)
}

/** Asks for a day's slots before the picker does (a pointer over Book a Call), so the picker finds them. */
export function prefetchSlots(query: SlotsQuery): void {
  prefetchSlotsUrl(slotsUrl(query))
}

/**
 * The slots keyed by date; a non-OK answer throws 'HTTP error! status: {status}'. A recent prefetch
 * of the same query answers once; otherwise, and every time after (a retry, a reload after a taken
 * slot), the server is asked, never the browser's cache.
 */
export async function fetchSlots(query: SlotsQuery, signal?: AbortSignal): Promise<SlotsByDate> {
  const url = slotsUrl(query)
  const early = takePrefetchedSlots(url)
  if (early) {
    const slots = checkedSlots(await early.catch(() => null))
    signal?.throwIfAborted()
    // A failed or unreadable prefetch: the picker asks for itself.
    if (slots) return slots
  }
  const body = requestSlotsBody(url, { signal, cache: 'no-cache' })
  noteSlotsRequest(url, body)
  return slotsOf(await body)
}

/**
 * The body of an answer of the booking API: a non-OK answer throws BookingRejected with the body's
 * `message` when there is one (and its `code`, the email-code step's); an OK one is checked against its schema.
 */
export async function readAnswer<TSchema extends v.GenericSchema>(response: Response, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = v.safeParse(BookingErrorSchema, body)
    const message = parsed.success && parsed.output.message ? parsed.output.message : undefined
    throw parsed.success
      ? new BookingRejected(response.status, message, parsed.output.code, parsed.output.challenge)
      : new BookingRejected(response.status, message)
  }
  return v.parse(schema, body)
}

/** POSTs JSON to the booking API and reads the answer. */
export async function postJson<TSchema extends v.GenericSchema>(path: string, body: unknown, schema: TSchema, signal?: AbortSignal) {
  const response = await fetch(`${bookingSettings.apiBase}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  })
  return readAnswer(response, schema)
}

/**
 * Books (moving a booking is manageApi's rescheduleBooking). Before it emails a code the server may ask for a proof of
 * work: the browser solves its challenge and sends the request again with the solution, once
 * (docs/email-codes.md#proof-of-work). A challenge it cannot solve leaves the server's sentence to show.
 */
export async function bookEvent(payload: BookingRequest, signal?: AbortSignal): Promise<BookingResponse> {
  try {
    return await postJson('/api/book/event', payload, BookingResponseSchema, signal)
  } catch (error) {
    if (!(error instanceof BookingRejected) || error.challenge === undefined || payload.altcha !== undefined) throw error
    const { solveProofOfWork } = await import('./proofOfWork')
    const altcha = await solveProofOfWork(error.challenge, signal)
    if (altcha === undefined) throw error
    return postJson('/api/book/event', { ...payload, altcha }, BookingResponseSchema, signal)
  }
}
