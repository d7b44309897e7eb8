/**
 * The voice assistant's tools (docs/voice-assistant.md), each answered with a sentence the assistant can read
 * out (server/voice/sentences.ts):
 *
 * - check_availability({ date, timeZone }): the free times of that day, or of the next day that has
 *   some, spoken as ranges, plus the exact start instants book_call takes.
 * - book_call({ name, email, start, timeZone, notes?, location?, phone? }): the web form's booking — the same payload builder
 *   (core/bookingPayload), the same validation (checkBooking) and the same Scheduler (built-in or
 *   Cal.com, with its limits and mails) — answered with a sentence, also when it is refused.
 */
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { BookingRejected, bookingErrorText } from '../../core/bookingErrors'
import { buildBookingPayload } from '../../core/bookingPayload'
import { buildSlotsInput } from '../../core/bookingWire'
import type { ClientLimit } from '../db/store'
import type { ApiContext } from '../scheduler/apiContext'
import { refusalAnswer } from '../scheduler/refusalAnswer'
import { checkBooking, checkSlotsInput } from '../scheduler/validation'
import { rememberCall } from './callBookings'
import type { ToolCall } from './platformMessage'
import { BOOK_CALL, BookCallArgs, CHECK_AVAILABILITY, CheckAvailabilityArgs } from './toolArguments'
import { sayAlternatives, sayBooked, sayCannotBook, sayDay, sayFreeDay, sayMeeting, sayNextFreeDay, sayNotBooked, VOICE_TOOL_MESSAGES } from './sentences'
import { formatPhone } from '../../core/phone'

/** How many days after the asked-for day check_availability looks for the next free one. */
export const NEXT_FREE_DAY_SEARCH_DAYS = 14

/**
 * `callId`: the conversation's id on the platform (`message.call.id`), recorded with what book_call books; `via`: a call
 * or the text chat, recorded as where the lead came from.
 */
export async function runTool(call: ToolCall, ctx: ApiContext, clients: ClientLimit[], callId?: string, via: 'voice' | 'chat' = 'voice'): Promise<string> {
  switch (call.name) {
    case CHECK_AVAILABILITY:
      return checkAvailability(call.args, ctx)
    case BOOK_CALL:
      return bookCall(call.args, ctx, clients, callId, via)
    default:
      return VOICE_TOOL_MESSAGES.unknownTool(call.name)
  }
}

// --- Arguments (their schemas: toolArguments.ts) ---------------------------------------------------------

const firstMessage = (issues: readonly v.BaseIssue<unknown>[], fallback: string) => issues[0]?.message ?? fallback

function plainDate(text: string): Temporal.PlainDate | undefined {
  try {
    return Temporal.PlainDate.from(text, { overflow: 'reject' })
  } catch {
    return undefined
  }
}

/**
 * The start as an instant: an exact time with its offset (what check_availability gives), or a wall time
 * in the caller's zone ("2026-11-27T14:30").
 */
function startInstant(text: string, timeZone: string): Temporal.Instant | undefined {
  try {
    return Temporal.Instant.from(text)
  } catch {
    try {
      return Temporal.PlainDateTime.from(text, { overflow: 'reject' }).toZonedDateTime(timeZone).toInstant()
    } catch {
      return undefined
    }
  }
}

// --- check_availability ----------------------------------------------------------------------------------

type FreeSlots = { ok: true; days: Map<string, Temporal.Instant[]> } | { ok: false; message: string }

/**
 * Free slot starts from the start of `date` in `timeZone` for `days` days, grouped by the caller's date,
 * asked of the Scheduler as the booking form asks (the same slots input, the same validation).
 */
async function freeSlots(ctx: ApiContext, date: Temporal.PlainDate, timeZone: string, days: number): Promise<FreeSlots> {
  const range = {
    startTime: date.toZonedDateTime({ timeZone }).toInstant().toString(),
    endTime: date.add({ days }).toZonedDateTime({ timeZone }).toInstant().toString(),
    timeZone,
  }
  const checked = checkSlotsInput(buildSlotsInput(range, { host: ctx.config.BOOKING_HOST, eventTypeSlug: ctx.config.BOOKING_EVENT_TYPE_SLUG }))
  if (!checked.ok) return { ok: false, message: checked.message }
  const outcome = await ctx.scheduler.freeSlots(checked.value)
  if (!outcome.ok) return { ok: false, message: VOICE_TOOL_MESSAGES.unavailable }
  const grouped = new Map<string, Temporal.Instant[]>()
  for (const slot of outcome.body) {
    const day = slot.toZonedDateTimeISO(timeZone).toPlainDate().toString()
    grouped.set(day, [...(grouped.get(day) ?? []), slot])
  }
  return { ok: true, days: grouped }
}

async function checkAvailability(args: unknown, ctx: ApiContext): Promise<string> {
  const parsed = v.safeParse(CheckAvailabilityArgs, args ?? {})
  if (!parsed.success) return firstMessage(parsed.issues, VOICE_TOOL_MESSAGES.badDate)
  const { timeZone } = parsed.output
  const date = plainDate(parsed.output.date)
  if (!date) return VOICE_TOOL_MESSAGES.badDate
  const free = await freeSlots(ctx, date, timeZone, NEXT_FREE_DAY_SEARCH_DAYS + 1)
  if (!free.ok) return free.message
  const asked = free.days.get(date.toString()) ?? []
  if (asked.length > 0) return sayFreeDay(asked, timeZone)
  const askedDay = sayDay(date.toZonedDateTime({ timeZone, plainTime: '12:00' }).toInstant(), timeZone)
  const next = [...free.days.entries()].filter(([day, slots]) => day > date.toString() && slots.length > 0).sort(([a], [b]) => a.localeCompare(b))[0]
  if (!next) return VOICE_TOOL_MESSAGES.noTimes(askedDay, NEXT_FREE_DAY_SEARCH_DAYS)
  return sayNextFreeDay(askedDay, next[1], timeZone)
}

// --- book_call -------------------------------------------------------------------------------------------

/** Up to two free starts nearest to the one that could not be booked, said as times ("2:30 pm or 3:00 pm"), after a space. */
async function alternatives(ctx: ApiContext, start: Temporal.Instant, timeZone: string): Promise<string> {
  const day = start.toZonedDateTimeISO(timeZone).toPlainDate()
  const free = await freeSlots(ctx, day, timeZone, 1)
  if (!free.ok) return ''
  const slots = (free.days.get(day.toString()) ?? [])
    .map((slot) => ({ slot, distance: Math.abs(slot.since(start).total('minutes')) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 2)
    .map(({ slot }) => slot)
    .sort(Temporal.Instant.compare)
  return sayAlternatives(slots, timeZone)
}

async function bookCall(args: unknown, ctx: ApiContext, clients: ClientLimit[], callId: string | undefined, via: 'voice' | 'chat'): Promise<string> {
  const parsed = v.safeParse(BookCallArgs, args ?? {})
  if (!parsed.success) return firstMessage(parsed.issues, VOICE_TOOL_MESSAGES.badStart)
  const { name, email, timeZone, notes, location, phone } = parsed.output
  const start = startInstant(parsed.output.start, timeZone)
  if (!start) return VOICE_TOOL_MESSAGES.badStart

  // The web form's request, built and checked the same way (name and email rules, host, event type, length).
  const identity = { host: ctx.config.BOOKING_HOST, eventTypeId: ctx.config.BOOKING_EVENT_TYPE_ID, eventTypeSlug: ctx.config.BOOKING_EVENT_TYPE_SLUG }
  // The note rides in Cal.com's responses.notes, where the form sends it, under the same rule.
  // The location too, as the form sends it (Cal.com's responses.location); checkBooking reads the number.
  const where = location ? { value: location, ...(location === 'phone' ? { optionValue: phone ?? '' } : {}) } : undefined
  // Booked by the assistant, on a call or in the text chat: no page opened a form (docs/booking.md#where-a-lead-came-from).
  const lead = { bookedFrom: via }
  const payload = buildBookingPayload({ name, email, slot: start.toString(), timeZone, notes: notes ?? undefined, location: where, lead }, identity)
  const checked = checkBooking(payload, ctx.config)
  if (!checked.ok) return checked.message
  // The assistant keeps its own per-call limits: it is never asked for an email code (docs/design.md#email-codes).
  const outcome = await ctx.scheduler.book({ ...checked.value, clients, channel: 'voice' })
  if (outcome.ok && callId) await rememberCall(ctx, callId, outcome.body)

  if (outcome.ok) {
    const booked = checked.value.request.responses ?? { name, email }
    const meeting = checked.value.phone ? { type: 'phone' as const, phone: formatPhone(checked.value.phone) } : { type: 'video' as const }
    return `${sayBooked(start, timeZone, booked)} ${sayMeeting(meeting)}`
  }
  if (outcome.code === 'slotTaken') return VOICE_TOOL_MESSAGES.justTaken + (await alternatives(ctx, start, timeZone))
  if (outcome.code === 'outOfBounds') return sayCannotBook(start, timeZone) + (await alternatives(ctx, start, timeZone))
  // Any other refusal as the booking form words it (never a code).
  const { status, message } = refusalAnswer(outcome, ctx.config)
  return sayNotBooked(bookingErrorText(new BookingRejected(status, message)))
}
