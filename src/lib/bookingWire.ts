/**
 * The booking wire formats (Cal.com's, DESIGN §3) as valibot schemas: the browser client builds and
 * reads them, the server validates them. One module, so the two cannot drift apart.
 */
import * as v from 'valibot'

/** Defaults of the settings that the browser build and the server share (DESIGN §7). */
export const BOOKING_DEFAULTS = {
  host: 'kiwi-automate',
  eventTypeId: 7,
  eventTypeSlug: 'quick-chat',
} as const

/** Length of a call and the slot grid, in minutes (SPEC §9). */
export const BOOKING_LENGTH_MINUTES = 15

const DateKey = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))

/** The `json` inside `?input=` of GET /api/calendar/slots (tRPC/superjson form of slots.getSchedule). */
export const SlotsInputSchema = v.object({
  json: v.object({
    isTeamEvent: v.boolean(),
    usernameList: v.pipe(v.array(v.string()), v.minLength(1)),
    eventTypeSlug: v.string(),
    startTime: v.pipe(v.string(), v.isoTimestamp()),
    endTime: v.pipe(v.string(), v.isoTimestamp()),
    timeZone: v.string(),
    duration: v.nullish(v.union([v.number(), v.string()])),
    rescheduleUid: v.nullish(v.string()),
    orgSlug: v.nullish(v.string()),
  }),
})
export type SlotsInput = v.InferOutput<typeof SlotsInputSchema>

export const SlotsResponseSchema = v.object({
  result: v.object({
    data: v.object({
      json: v.object({
        slots: v.record(DateKey, v.array(v.object({ time: v.pipe(v.string(), v.isoTimestamp()) }))),
      }),
    }),
  }),
})
export type SlotsResponse = v.InferOutput<typeof SlotsResponseSchema>

/** The body of POST /api/book/event (SPEC §7). */
export const BookingRequestSchema = v.object({
  responses: v.object({
    name: v.string(),
    email: v.string(),
    guests: v.array(v.string()),
  }),
  user: v.string(),
  start: v.string(),
  end: v.string(),
  eventTypeId: v.number(),
  eventTypeSlug: v.string(),
  timeZone: v.string(),
  language: v.string(),
  metadata: v.record(v.string(), v.unknown()),
  hasHashedBookingLink: v.boolean(),
  routedTeamMemberIds: v.null(),
  skipContactOwner: v.boolean(),
  _isDryRun: v.boolean(),
  dub_id: v.null(),
})
export type BookingRequest = v.InferOutput<typeof BookingRequestSchema>

/** A 200 answer of POST /api/book/event. */
export const BookingResponseSchema = v.object({
  id: v.number(),
  uid: v.string(),
  title: v.string(),
  startTime: v.string(),
  endTime: v.string(),
  status: v.string(),
  eventTypeId: v.number(),
  responses: v.object({ name: v.string(), email: v.string(), guests: v.optional(v.array(v.string())) }),
  attendees: v.array(v.object({ name: v.string(), email: v.string(), timeZone: v.string() })),
  user: v.object({ username: v.string() }),
})
export type BookingResponse = v.InferOutput<typeof BookingResponseSchema>

/** Any error answer: Cal.com reads `message`. */
export const BookingErrorSchema = v.object({ message: v.string() })

/** The error messages of DESIGN §3 with Cal.com's own codes. */
export const BOOKING_ERRORS = {
  slotTaken: 'no_available_users_found_error',
  outOfBounds: 'booking_time_out_of_bounds_error',
} as const
