/**
 * POST /api/voice/tools — the voice assistant's tools (docs/voice-assistant.md), called by the voice
 * platform's server when the assistant uses one: its `tool-calls` message in, `{ results: [{ toolCallId,
 * name, result }] }` out, each result a short text the assistant can read out.
 *
 * - check_availability({ date, timeZone }): the free times of that day, or of the next day that has
 *   some, spoken as ranges, plus the exact start instants book_call takes.
 * - book_call({ name, email, start, timeZone }): the web form's booking — the same payload builder
 *   (core/bookingPayload), the same validation (checkBooking) and the same Scheduler (built-in or
 *   Cal.com, with its limits and mails) — answered with a sentence, also when it is refused.
 *
 * Guarded by VAPI_SERVER_SECRET (404 without it, 401 on a wrong one, compared in constant time). Nothing
 * the caller says is logged.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { Temporal } from 'temporal-polyfill'
import * as v from 'valibot'
import { BookingRejected, bookingErrorText } from '../../core/bookingErrors'
import { buildBookingPayload } from '../../core/bookingPayload'
import { BOOKING_ERRORS, BOOKING_LENGTH_MINUTES, isValidTimeZone, SlotsResponseSchema, WIRE_MESSAGES } from '../../core/bookingWire'
import type { ServerConfig } from '../config'
import type { ClientLimit } from '../db/store'
import { digestKey } from '../http/limits/keys'
import type { SecretFailures } from '../http/limits/secretFailures'
import { MESSAGES, checkBooking, checkSlotsInput } from '../scheduler/validation'
import type { ApiContext } from '../http/api/context'

/**
 * The platform's tool-calls message carries the whole call with it (the assistant's configuration, the
 * transcript so far), which outgrows the booking routes' 16 KB within minutes of talk.
 */
export const MAX_VOICE_TOOLS_BODY_BYTES = 256 * 1024

/** How many days after the asked-for day check_availability looks for the next free one. */
export const NEXT_FREE_DAY_SEARCH_DAYS = 14

export const VOICE_TOOL_MESSAGES = {
  notJson: 'The tool call must be JSON.',
  notToolCalls: 'The body must be the voice platform’s message: { message: { type, toolCallList } }.',
  unknownTool: (name: string) => `There is no tool called ${JSON.stringify(name.slice(0, 80))} here.`,
  badDate: 'I need the day as a date such as 2026-11-27.',
  badTimeZone: 'I need the caller’s time zone, such as Pacific/Auckland.',
  badStart: 'I need the start as one of the exact times check_availability gave.',
  noTimes: (from: string, days: number) => `There are no free times on ${from} or in the ${days} days after it. Please suggest another week.`,
  unavailable: 'The calendar cannot be reached just now. Please offer to take the caller’s details or try again in a minute.',
  onePerRequest: 'Not booked: only one call can be booked at a time. Please book one call, then ask before booking another.',
  onePerCall: 'This conversation has already booked a call; a caller can book one call per conversation.',
} as const

// --- The platform's message -------------------------------------------------------------------------

/**
 * One tool call, in either of the platform's forms: `{ id, name, arguments }` (its documentation) or
 * `{ id, type: 'function', function: { name, arguments } }` (what its servers send); `arguments` is an
 * object, or a JSON string in the older `toolCalls` list.
 */
const ToolCallSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
  arguments: v.optional(v.unknown()),
  function: v.optional(v.object({ name: v.pipe(v.string(), v.maxLength(200)), arguments: v.optional(v.unknown()) })),
})

const ToolCallListSchema = v.pipe(v.array(ToolCallSchema), v.maxLength(10))

const MessageSchema = v.object({
  message: v.object({
    type: v.string(),
    toolCallList: v.optional(ToolCallListSchema),
    /** The older name of the same list. */
    toolCalls: v.optional(ToolCallListSchema),
    /** The conversation: its id, and the caller's number on a phone call. */
    call: v.optional(
      v.object({
        id: v.optional(v.pipe(v.string(), v.maxLength(200))),
        customer: v.optional(v.object({ number: v.optional(v.pipe(v.string(), v.maxLength(64))) })),
      }),
    ),
  }),
})

interface ToolCall {
  id: string
  name: string
  args: unknown
}

function toolCalls(message: v.InferOutput<typeof MessageSchema>['message']): ToolCall[] {
  const list = message.toolCallList ?? message.toolCalls ?? []
  return list.map((call) => {
    const raw = call.function?.arguments ?? call.arguments
    let args = raw
    if (typeof raw === 'string') {
      try {
        args = JSON.parse(raw) as unknown
      } catch {
        args = undefined
      }
    }
    return { id: call.id, name: call.function?.name ?? call.name ?? '', args }
  })
}

// --- Authentication ------------------------------------------------------------------------------------

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Equal texts, in a time that does not depend on where they differ (both are hashed to one length). */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * 404 while VAPI_SERVER_SECRET is unset (the route does not exist), 429 for an address past its wrong
 * secrets (before comparing), 401 on a missing or wrong secret (which counts as one).
 */
export function requireVoiceSecret(config: ServerConfig, failures: SecretFailures): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const expected = config.VAPI_SERVER_SECRET
    if (!expected) return c.json({ message: 'Not found' }, 404)
    const refused = await failures.refusal(c)
    if (refused) return refused
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    const given = c.req.header('x-vapi-secret') ?? bearer ?? ''
    if (!sameSecret(given, expected)) {
      await failures.failed(c)
      return c.json({ message: 'Unauthorized' }, 401)
    }
    await next()
  })
}

/** The booking routes' body limit (hono/body-limit, 413 with a message), at this route's size. */
export const voiceToolsBodyLimit = bodyLimit({
  maxSize: MAX_VOICE_TOOLS_BODY_BYTES,
  onError: (c) => c.json({ message: MESSAGES.tooLarge }, 413),
})

// --- The route -----------------------------------------------------------------------------------------

export async function voiceToolsRoute(c: Context, ctx: ApiContext): Promise<Response> {
  let json: unknown
  try {
    json = JSON.parse(await c.req.text())
  } catch {
    return c.json({ message: VOICE_TOOL_MESSAGES.notJson }, 400)
  }
  const parsed = v.safeParse(MessageSchema, json)
  if (!parsed.success) return c.json({ message: VOICE_TOOL_MESSAGES.notToolCalls }, 400)
  // Pointed at this URL as the assistant's server, the platform also sends status updates, transcripts
  // and reports: they need no answer.
  if (parsed.output.message.type !== 'tool-calls') return c.json({}, 200)

  const message = parsed.output.message
  const clients = voiceClientLimits(message.call, ctx, ctx.clientLimits(c))
  const results = []
  let booking = false
  for (const call of toolCalls(message)) {
    // One book_call per request: the others are answered, not run.
    const another = call.name === 'book_call' && booking
    if (call.name === 'book_call') booking = true
    results.push({ toolCallId: call.id, name: call.name, result: another ? VOICE_TOOL_MESSAGES.onePerRequest : await runTool(call, ctx, clients) })
  }
  return c.json({ results }, 200)
}

/**
 * Whom a voice booking counts against. Every caller reaches this route from the platform's few addresses
 * (which keep their per-minute limit), so the daily cap is the conversation's instead: one booking per
 * call (`call.id`), and the web's daily cap per caller's number where the platform sends one. Only a
 * message without a call (not what the platform sends) counts against the platform's address.
 */
function voiceClientLimits(call: VoiceCall | undefined, ctx: ApiContext, platform: ClientLimit[]): ClientLimit[] {
  if (!call?.id) return platform
  const limits: ClientLimit[] = [{ key: digestKey(`voice-call:${call.id}`), maxPerDay: 1, message: VOICE_TOOL_MESSAGES.onePerCall }]
  const number = call.customer?.number?.trim()
  if (number) limits.push({ key: digestKey(`voice-caller:${number}`), maxPerDay: ctx.config.RATE_LIMIT_BOOKINGS_PER_DAY })
  return limits
}

type VoiceCall = NonNullable<v.InferOutput<typeof MessageSchema>['message']['call']>

async function runTool(call: ToolCall, ctx: ApiContext, clients: ClientLimit[]): Promise<string> {
  switch (call.name) {
    case 'check_availability':
      return checkAvailability(call.args, ctx)
    case 'book_call':
      return bookCall(call.args, ctx, clients)
    default:
      return VOICE_TOOL_MESSAGES.unknownTool(call.name)
  }
}

// --- Arguments -------------------------------------------------------------------------------------------

// A missing argument is an empty one, so it gets its own sentence rather than valibot's "Invalid key".
const TimeZoneArg = v.optional(
  v.pipe(v.string(VOICE_TOOL_MESSAGES.badTimeZone), v.trim(), v.check(isValidTimeZone, VOICE_TOOL_MESSAGES.badTimeZone)),
  '',
)

const AvailabilityArgs = v.object({
  date: v.optional(v.pipe(v.string(VOICE_TOOL_MESSAGES.badDate), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, VOICE_TOOL_MESSAGES.badDate)), ''),
  timeZone: TimeZoneArg,
})

/** Name and email are checked by checkBooking, with the web form's rules and sentences. */
const BookingArgs = v.object({
  name: v.optional(v.string(WIRE_MESSAGES.name), ''),
  email: v.optional(v.string(WIRE_MESSAGES.email), ''),
  start: v.optional(v.pipe(v.string(VOICE_TOOL_MESSAGES.badStart), v.trim(), v.nonEmpty(VOICE_TOOL_MESSAGES.badStart), v.maxLength(64, VOICE_TOOL_MESSAGES.badStart)), ''),
  timeZone: TimeZoneArg,
})

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

// --- Saying times ------------------------------------------------------------------------------------------

const dayFormat = (timeZone: string) => new Intl.DateTimeFormat('en-NZ', { weekday: 'long', day: 'numeric', month: 'long', timeZone })
const timeFormat = (timeZone: string) => new Intl.DateTimeFormat('en-NZ', { hour: 'numeric', minute: '2-digit', timeZone })

const sayDay = (instant: Temporal.Instant, timeZone: string) => dayFormat(timeZone).format(instant.epochMilliseconds).replace(',', '')
const sayTime = (instant: Temporal.Instant, timeZone: string) => timeFormat(timeZone).format(instant.epochMilliseconds)

/** An instant as the caller's wall time with its offset: what book_call takes back. */
const exact = (instant: Temporal.Instant, timeZone: string) =>
  instant.toZonedDateTimeISO(timeZone).toString({ timeZoneName: 'never', smallestUnit: 'minute' })

/** The smallest distance between two starts: the slot step (15 minutes when there is one start). */
function stepMinutes(slots: readonly Temporal.Instant[]): number {
  let step = Infinity
  for (let i = 1; i < slots.length; i++) step = Math.min(step, slots[i]!.since(slots[i - 1]!).total('minutes'))
  return step === Infinity ? BOOKING_LENGTH_MINUTES : step
}

/** "9:00 am to 11:45 am and 2:00 pm": runs of back-to-back starts, each from its first start to its last. */
function sayRanges(slots: readonly Temporal.Instant[], timeZone: string): string {
  const step = stepMinutes(slots)
  const runs: Temporal.Instant[][] = []
  for (const slot of slots) {
    const run = runs.at(-1)
    // Starts on the grid follow each other at the step; a wider gap is a booking or a break.
    if (run && slot.since(run.at(-1)!).total('minutes') <= step) run.push(slot)
    else runs.push([slot])
  }
  const parts = runs.map((run) => (run.length === 1 ? sayTime(run[0]!, timeZone) : `${sayTime(run[0]!, timeZone)} to ${sayTime(run.at(-1)!, timeZone)}`))
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

// --- check_availability ----------------------------------------------------------------------------------

type FreeSlots = { ok: true; days: Map<string, Temporal.Instant[]> } | { ok: false; message: string }

/**
 * Free slot starts from the start of `date` in `timeZone` for `days` days, grouped by the caller's date,
 * asked of the Scheduler exactly as the booking form asks (the same slots input, the same validation).
 */
async function freeSlots(ctx: ApiContext, date: Temporal.PlainDate, timeZone: string, days: number): Promise<FreeSlots> {
  const from = date.toZonedDateTime({ timeZone }).toInstant()
  const to = date.add({ days }).toZonedDateTime({ timeZone }).toInstant()
  const raw = JSON.stringify({
    json: {
      isTeamEvent: false,
      usernameList: [ctx.config.BOOKING_HOST],
      eventTypeSlug: ctx.config.BOOKING_EVENT_TYPE_SLUG,
      startTime: from.toString(),
      endTime: to.toString(),
      timeZone,
      duration: null,
      rescheduleUid: null,
      orgSlug: null,
    },
  })
  const checked = checkSlotsInput(raw)
  if (!checked.ok) return { ok: false, message: checked.message }
  const outcome = await ctx.scheduler.slots(checked.value)
  if (!outcome.ok) return { ok: false, message: VOICE_TOOL_MESSAGES.unavailable }
  const body = v.safeParse(SlotsResponseSchema, JSON.parse(outcome.body.text))
  if (!body.success) return { ok: false, message: VOICE_TOOL_MESSAGES.unavailable }
  const grouped = new Map<string, Temporal.Instant[]>()
  for (const [day, slots] of Object.entries(body.output.result.data.json.slots)) {
    grouped.set(day, slots.map((slot) => Temporal.Instant.from(slot.time)).sort(Temporal.Instant.compare))
  }
  return { ok: true, days: grouped }
}

/** What the assistant reads out for one day's free times, and the exact starts to book with. */
function sayFreeDay(slots: readonly Temporal.Instant[], timeZone: string): string {
  const times = slots.length === 1 ? `one free time (${timeZone} time): ${sayTime(slots[0]!, timeZone)}` : `free times (${timeZone} time) from ${sayRanges(slots, timeZone)}, starting every ${stepMinutes(slots)} minutes`
  return `${sayDay(slots[0]!, timeZone)} has ${times}; a call lasts ${BOOKING_LENGTH_MINUTES} minutes. Exact starts for book_call: ${slots.map((slot) => exact(slot, timeZone)).join(', ')}.`
}

async function checkAvailability(args: unknown, ctx: ApiContext): Promise<string> {
  const parsed = v.safeParse(AvailabilityArgs, args ?? {})
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
  return `There are no free times on ${askedDay}. The next free day: ${sayFreeDay(next[1], timeZone)}`
}

// --- book_call -------------------------------------------------------------------------------------------

/** Up to two free starts nearest to the one that could not be booked, said as times ("2:30 pm or 3:00 pm"). */
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
  if (slots.length === 0) return ' Nothing else is free that day; check_availability can find the next free day.'
  const said = slots.map((slot) => sayTime(slot, timeZone))
  return ` ${said.join(' or ')} ${slots.length === 1 ? 'is' : 'are'} free that day (exact starts: ${slots.map((slot) => exact(slot, timeZone)).join(', ')}).`
}

async function bookCall(args: unknown, ctx: ApiContext, clients: ClientLimit[]): Promise<string> {
  const parsed = v.safeParse(BookingArgs, args ?? {})
  if (!parsed.success) return firstMessage(parsed.issues, VOICE_TOOL_MESSAGES.badStart)
  const { name, email, timeZone } = parsed.output
  const start = startInstant(parsed.output.start, timeZone)
  if (!start) return VOICE_TOOL_MESSAGES.badStart

  // The web form's request, built and checked the same way (name and email rules, host, event type, length).
  const identity = { host: ctx.config.BOOKING_HOST, eventTypeId: ctx.config.BOOKING_EVENT_TYPE_ID, eventTypeSlug: ctx.config.BOOKING_EVENT_TYPE_SLUG }
  const body = JSON.stringify(buildBookingPayload({ name, email, slot: start.toString(), timeZone }, identity))
  const checked = checkBooking(body, ctx.config)
  if (!checked.ok) return checked.message
  const outcome = await ctx.scheduler.book({ ...checked.value, clients })

  const when = `${sayDay(start, timeZone)} at ${sayTime(start, timeZone)} (${timeZone} time)`
  if (outcome.ok) {
    const booked = checked.value.request.responses ?? { name, email }
    return `Booked: a ${BOOKING_LENGTH_MINUTES}-minute call on ${when} for ${booked.name}. A confirmation goes to ${booked.email}.`
  }
  if (outcome.message === BOOKING_ERRORS.slotTaken) return `That time was just taken.${await alternatives(ctx, start, timeZone)}`
  if (outcome.message === BOOKING_ERRORS.outOfBounds) return `${when} cannot be booked.${await alternatives(ctx, start, timeZone)}`
  return `Not booked: ${bookingErrorText(new BookingRejected(outcome.status, outcome.message))}`
}
