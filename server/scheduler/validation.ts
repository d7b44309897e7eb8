import * as v from 'valibot'
import { Temporal } from 'temporal-polyfill'
import {
  BOOKING_LENGTH_MINUTES,
  MAX_SLOTS_RANGE_DAYS,
  BookingRequestSchema,
  SlotsInputSchema,
  WIRE_MESSAGES,
  wireIssueMessage,
  type BookingRequest,
  type SlotsInput,
} from '../../core/bookingWire'
import {
  CancelRequestSchema,
  MANAGE_MESSAGES,
  RescheduleRequestSchema,
  type CancelRequest,
  type RescheduleRequest,
} from '../../core/manageWire'
import { readPhone } from '../../core/phone'
import type { PhoneRefusal } from '../../core/phoneRules'
import type { ServerConfig } from '../config'
import { guestsSentence, phoneCountriesSentence, SERVER_SENTENCES } from '../sentences'

/** Largest request body accepted (docs/design.md#server). */
export const MAX_BODY_BYTES = 16 * 1024

export type Checked<T> = { ok: true; value: T } | { ok: false; status: 400; message: string }

/** A request body's text as JSON: the one place wire text is parsed; the checks below take parsed values. */
export function readJson(text: string): Checked<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false, status: 400, message: SERVER_SENTENCES.notJson }
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export interface ValidBooking {
  /** A reschedule when it carries `rescheduleUid` (then `responses` may be absent). */
  request: BookingRequest | RescheduleRequest
  start: Temporal.Instant
  end: Temporal.Instant
  /** The number to call (E.164, `;ext=` and an extension when given) for a phone call; absent: video. A move keeps the booking's own. */
  phone?: string
}

/**
 * Where a new booking's call happens: the visitor's choice (`responses.location`), else the first location the
 * host offers. A phone call needs a valid number; a location the host does not offer is refused.
 */
function checkLocation(choice: BookingRequest['responses']['location'], config: ServerConfig): Checked<{ phone?: string }> {
  const kind = choice ? (choice.value === 'phone' ? 'phone' : 'video') : config.BOOKING_LOCATIONS[0]
  if (!kind || !config.BOOKING_LOCATIONS.includes(kind)) return { ok: false, status: 400, message: WIRE_MESSAGES.location }
  if (kind === 'video') return { ok: true, value: {} }
  const phone = readPhone(choice?.optionValue ?? '', config.BOOKING_PHONE_COUNTRY, config.BOOKING_PHONE_COUNTRIES)
  return phone.ok ? { ok: true, value: { phone: phone.number } } : { ok: false, status: 400, message: phoneSentence(phone.refusal, config) }
}

/** Why a number is refused, as the API says it. */
function phoneSentence(refusal: PhoneRefusal, config: ServerConfig): string {
  switch (refusal) {
    case 'trailingText':
      return WIRE_MESSAGES.phoneTrailingText
    case 'notPersonal':
      return WIRE_MESSAGES.phoneNotPersonal
    case 'country':
      return phoneCountriesSentence(config.BOOKING_PHONE_COUNTRIES)
    case 'invalid':
      return WIRE_MESSAGES.phone
  }
}

/** Everything about a booking body that does not depend on the calendar: shape, host, event type, length. */
export function checkBooking(body: unknown, config: ServerConfig): Checked<ValidBooking> {
  if (!isPlainObject(body)) return { ok: false, status: 400, message: WIRE_MESSAGES.body }
  // Cal.com's reschedule: the same payload with `rescheduleUid`, the attendee being the booking's own.
  const rescheduling = body.rescheduleUid !== undefined && body.rescheduleUid !== null
  const parsed = v.safeParse(rescheduling ? RescheduleRequestSchema : BookingRequestSchema, body)
  if (!parsed.success) return { ok: false, status: 400, message: wireIssueMessage(parsed.issues, WIRE_MESSAGES.body) }
  const request = parsed.output
  if ((request.responses?.guests.length ?? 0) > config.BOOKING_MAX_GUESTS)
    return { ok: false, status: 400, message: guestsSentence(config.BOOKING_MAX_GUESTS) }
  if (request.user !== config.BOOKING_HOST) return { ok: false, status: 400, message: SERVER_SENTENCES.wrongHost }
  if (request.eventTypeId !== config.BOOKING_EVENT_TYPE_ID || request.eventTypeSlug !== config.BOOKING_EVENT_TYPE_SLUG) {
    return { ok: false, status: 400, message: SERVER_SENTENCES.wrongEventType }
  }
  const start = parseInstant(request.start)
  if (!start) return { ok: false, status: 400, message: WIRE_MESSAGES.start }
  const end = parseInstant(request.end)
  if (!end) return { ok: false, status: 400, message: WIRE_MESSAGES.end }
  if (!start.add({ minutes: BOOKING_LENGTH_MINUTES }).equals(end)) return { ok: false, status: 400, message: SERVER_SENTENCES.length }
  if (rescheduling) return { ok: true, value: { request, start, end } }
  const location = checkLocation(request.responses?.location, config)
  if (!location.ok) return location
  return { ok: true, value: { request, start, end, ...location.value } }
}

/** The body of POST /api/cancel: shape and reason; whether the uid exists is the scheduler's answer. */
export function checkCancel(body: unknown): Checked<CancelRequest> {
  if (!isPlainObject(body)) return { ok: false, status: 400, message: MANAGE_MESSAGES.uid }
  const parsed = v.safeParse(CancelRequestSchema, body)
  if (!parsed.success) return { ok: false, status: 400, message: parsed.issues[0]?.message ?? MANAGE_MESSAGES.uid }
  return { ok: true, value: parsed.output }
}

export interface ValidSlotsInput {
  input: SlotsInput['json']
  from: Temporal.Instant
  to: Temporal.Instant
}

/** A slots input (the slots route's decoded `input`, or the voice tools' buildSlotsInput): shape and range. */
export function checkSlotsInput(input: unknown): Checked<ValidSlotsInput> {
  if (!isPlainObject(input)) return { ok: false, status: 400, message: WIRE_MESSAGES.slotsInput }
  const parsed = v.safeParse(SlotsInputSchema, input)
  if (!parsed.success) return { ok: false, status: 400, message: wireIssueMessage(parsed.issues, WIRE_MESSAGES.slotsInput) }
  const from = parseInstant(parsed.output.json.startTime)
  const to = parseInstant(parsed.output.json.endTime)
  if (!from || !to) return { ok: false, status: 400, message: WIRE_MESSAGES.slotsInput }
  if (Temporal.Instant.compare(from, to) >= 0) return { ok: false, status: 400, message: WIRE_MESSAGES.slotsRange }
  // The cost of an answer grows with the range: a client asks for 11 days; a month or two is generous.
  if (Temporal.Instant.compare(from.add({ hours: 24 * MAX_SLOTS_RANGE_DAYS }), to) < 0)
    return { ok: false, status: 400, message: WIRE_MESSAGES.slotsSpan }
  return { ok: true, value: { input: parsed.output.json, from, to } }
}

/** Instants the calendar and both databases handle alike (PostgreSQL has no year 0, Temporal no year 300000). */
const EARLIEST = Temporal.Instant.from('1970-01-01T00:00:00Z')
const LATEST = Temporal.Instant.from('9999-12-31T23:59:59Z')

/** An instant of the supported range, or undefined for text that is not one. */
function parseInstant(text: string): Temporal.Instant | undefined {
  try {
    const instant = Temporal.Instant.from(text)
    return Temporal.Instant.compare(instant, EARLIEST) < 0 || Temporal.Instant.compare(instant, LATEST) > 0 ? undefined : instant
  } catch {
    return undefined
  }
}
