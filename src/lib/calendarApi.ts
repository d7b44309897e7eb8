/** The browser's calendar client: Cal.com's wire format (docs/design.md#wire) against `bookingSettings.apiBase`. */
import * as v from 'valibot'
import { BookingRejected } from '../../core/bookingErrors'
import { queryWindow, type SlotsByDate, type SlotsQuery } from '../../core/slotWindow'
import { bookingSettings } from '../config'
import {
  BookingErrorSchema,
  BookingResponseSchema,
  buildSlotsInput,
  SlotsResponseSchema,
  type BookingRequest,
  type BookingResponse,
  type SlotsInput,
} from '../../core/bookingWire'

/** The `?input=` of GET /api/calendar/slots for a day. */
export function slotsInput(query: SlotsQuery, settings = bookingSettings): SlotsInput {
  return buildSlotsInput({ ...queryWindow(query), timeZone: query.timeZone, rescheduleUid: query.rescheduleUid }, settings)
}

export function slotsUrl(query: SlotsQuery, settings = bookingSettings): string {
  return `${settings.apiBase}/api/calendar/slots?input=${encodeURIComponent(JSON.stringify(slotsInput(query, settings)))}`
}

/** How long a prefetched answer may stand in for the picker's own request (the server lets the browser keep it as long). */
const PREFETCH_REUSE_MS = 10_000

/** The last request of each slots URL: a prefetch waiting for the picker, or one the picker made itself. */
const recent = new Map<string, { at: number; slots: Promise<SlotsByDate>; prefetch: boolean }>()
const isRecent = (entry: { at: number } | undefined) => entry !== undefined && Date.now() - entry.at < PREFETCH_REUSE_MS

async function requestSlots(url: string, init: RequestInit): Promise<SlotsByDate> {
  const response = await fetch(url, { ...init, headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`)
  const body = v.parse(SlotsResponseSchema, await response.json())
  return body.result.data.json.slots
}

/**
 * Asks for a day's slots before the picker does (the page idle, a pointer over Book a Call), so the
 * picker finds them; not again while a recent request of them stands. The browser may answer from
 * its cache: a page before this one asked the same.
 */
export function prefetchSlots(query: SlotsQuery): void {
  const url = slotsUrl(query)
  if (isRecent(recent.get(url))) return
  const slots = requestSlots(url, {})
  // A failed prefetch is forgotten: the picker asks again and shows its own error.
  slots.catch(() => recent.delete(url))
  recent.set(url, { at: Date.now(), slots, prefetch: true })
}

/**
 * The slots keyed by date; a non-OK answer throws 'HTTP error! status: {status}'. A recent prefetch
 * of the same query answers once; otherwise, and every time after (a retry, a reload after a taken
 * slot), the server is asked, never the browser's cache.
 */
export async function fetchSlots(query: SlotsQuery, signal?: AbortSignal): Promise<SlotsByDate> {
  const url = slotsUrl(query)
  const early = recent.get(url)
  if (early?.prefetch && isRecent(early)) {
    early.prefetch = false
    const slots = await early.slots.catch(() => null)
    signal?.throwIfAborted()
    if (slots) return slots
  }
  const slots = requestSlots(url, { signal, cache: 'no-cache' })
  recent.set(url, { at: Date.now(), slots: slots.catch(() => ({})), prefetch: false })
  return slots
}

/**
 * The body of an answer of the booking API: a non-OK answer throws BookingRejected with the body's
 * `message` when there is one; an OK one is checked against its schema.
 */
export async function readAnswer<TSchema extends v.GenericSchema>(response: Response, schema: TSchema): Promise<v.InferOutput<TSchema>> {
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = v.safeParse(BookingErrorSchema, body)
    throw new BookingRejected(response.status, parsed.success && parsed.output.message ? parsed.output.message : undefined)
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

/** Books (moving a booking is manageApi's rescheduleBooking). */
export function bookEvent(payload: BookingRequest, signal?: AbortSignal): Promise<BookingResponse> {
  return postJson('/api/book/event', payload, BookingResponseSchema, signal)
}
