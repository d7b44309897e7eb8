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

/** The slots keyed by date; a non-OK answer throws 'HTTP error! status: {status}'. */
export async function fetchSlots(query: SlotsQuery, signal?: AbortSignal): Promise<SlotsByDate> {
  const response = await fetch(slotsUrl(query), { signal, headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`)
  const body = v.parse(SlotsResponseSchema, await response.json())
  return body.result.data.json.slots
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
