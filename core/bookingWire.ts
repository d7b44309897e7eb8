/**
 * The booking wire formats (Cal.com's, docs/design.md#wire) as valibot schemas: the browser client builds and
 * reads them, the server validates them. One module, so the two cannot drift apart; the visitor's
 * fields follow the rules of ./bookingFields, as the form does.
 *
 * Every rule carries a sentence a visitor can read: the server answers a wrong field with that
 * sentence as `message`, and the booking form shows it as is (docs/design.md#errors). No Temporal here: this module
 * is in the first-load bundle.
 */
import * as v from 'valibot'
import { emailSchema, guestsSchema, isPlainText, nameSchema, notesSchema, NAME_MAX_LENGTH, NAME_MIN_LENGTH, NOTES_MAX_LENGTH } from './bookingFields'
import { plainMetadata, plainTracking } from './leadWire'

/** Length of a call and the slot grid, in minutes (docs/design.md#constants). */
export const BOOKING_LENGTH_MINUTES = 15

const DateKey = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))

/** Zones already found valid: asking Intl costs about 0.1 ms, and the same few zones come back in every request. */
const knownZones = new Set<string>()

/** An IANA zone the runtime knows (`Pacific/Auckland`, `UTC`); checked with Intl so it works in the browser too. */
export function isValidTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true
  if (zone.length === 0 || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
  } catch {
    return false
  }
  // About 600 IANA names exist; the bound only guards against an endless stream of valid aliases.
  if (knownZones.size >= 1_000) knownZones.clear()
  knownZones.add(zone)
  return true
}

const TimeZone = (message: string) => v.pipe(v.string(message), v.check(isPlainText, message), v.check(isValidTimeZone, message))

/** Every string the API accepts is bounded and one plain line (the one text rule, core/bookingFields.ts). */
const Text = (message: string, maxLength: number) =>
  v.pipe(v.string(message), v.maxLength(maxLength, message), v.check(isPlainText, message))

/** The longest slots range answered, in days: a client asks for 11; the cost of an answer grows with it. */
export const MAX_SLOTS_RANGE_DAYS = 62

/**
 * The book of the wire's sentences (docs/design.md#errors): the server answers with them as `message` and the
 * browser shows them as they are. One sentence per code; a missing field is reported with its code's (FIELD_CODES).
 */
export const WIRE_MESSAGES = {
  body: 'The booking request must be a JSON object.',
  name: `Please enter your name (${NAME_MIN_LENGTH} to ${NAME_MAX_LENGTH} characters, no link or email address, no < or > or invisible characters).`,
  email: 'Please enter a valid email address.',
  guests: 'Guests must be a list of up to 10 email addresses.',
  /** The phone number of a phone call (responses.location.optionValue), read in BOOKING_PHONE_COUNTRY without +. */
  phone: 'Please enter a valid phone number, such as 021 555 0123 or +64 21 555 0123.',
  /** A number with text after it (`+64 21 555 0123 https://…`): refused, never cut (core/phone.ts). */
  phoneTrailingText: 'Please send the phone number alone, with its extension if it has one (ext. 4567).',
  /** A number no person answers: premium-rate, free-phone, shared-cost, satellite (core/phone.ts). */
  phoneNotPersonal: 'Please enter a mobile or landline number: premium-rate, free-phone and satellite numbers cannot be called.',
  /** responses.location naming a way of meeting the host does not offer (BOOKING_LOCATIONS). */
  location: 'That way of meeting is not offered. Please choose another.',
  notes: `Notes must be at most ${NOTES_MAX_LENGTH.toLocaleString('en-NZ')} characters, without control or invisible characters.`,
  responses: 'Please enter your name and email address.',
  user: 'The host of the call is missing or not valid.',
  start: 'Please choose a valid start time.',
  end: 'The end time of the call is missing or not valid.',
  eventType: 'The call type is missing or not valid.',
  timeZone: 'Please choose a valid time zone.',
  language: 'The language is missing or not valid.',
  metadata: 'The booking details are not valid.',
  flags: 'The booking request is not valid.',
  slotsInput: 'The time slot request is not valid.',
  slotsRange: 'The start of the time slot range must be before its end.',
  slotsSpan: `The time slot range may span at most ${MAX_SLOTS_RANGE_DAYS} days.`,
  rescheduleUid: 'The booking to reschedule is not valid.',
  /** The code a visitor was emailed when bookings come fast (docs/design.md#email-codes): six digits. */
  emailVerificationCode: 'Please enter the 6-digit code from the email we sent you.',
  /** The solved challenge of a 403 `proof_of_work_required` (core/proofOfWork.ts), sent as it was solved. */
  altcha: 'The security check sent with the booking is not valid. Please try again.',
  /** Any route's 429 (server/limits/), and what the manage page says for a 429 without a sentence. */
  rateLimited: 'Too many requests. Please wait a moment and try again.',
} as const

export type WireCode = keyof typeof WIRE_MESSAGES

/** The code of a request field whose own code differs from its name (a missing field is worded by its code). */
const FIELD_CODES: Readonly<Record<string, WireCode>> = {
  eventTypeId: 'eventType',
  eventTypeSlug: 'eventType',
  hasHashedBookingLink: 'flags',
  routedTeamMemberIds: 'flags',
  skipContactOwner: 'flags',
  _isDryRun: 'flags',
  dub_id: 'flags',
}

/** ALTCHA's payload at its longest (core/proofOfWork.ts): a challenge and its solution take about 1,000 characters. */
export const PROOF_OF_WORK_MAX_LENGTH = 4_000

/** An emailed code as the wire carries it: six digits, nothing else. */
export const EMAIL_CODE_PATTERN = /^\d{6}$/

/** Local time with a UTC offset, as sent in `start` and `end` (`2026-11-23T10:00:00+13:00`). */
export const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/


/** The `json` inside `?input=` of GET /api/calendar/slots (tRPC/superjson form of slots.getSchedule). */
export const SlotsInputSchema = v.object(
  {
    json: v.object(
      {
        isTeamEvent: v.boolean(WIRE_MESSAGES.slotsInput),
        usernameList: v.pipe(
          v.array(Text(WIRE_MESSAGES.user, 100), WIRE_MESSAGES.user),
          v.minLength(1, WIRE_MESSAGES.user),
          v.maxLength(10, WIRE_MESSAGES.user),
        ),
        eventTypeSlug: Text(WIRE_MESSAGES.eventType, 100),
        startTime: v.pipe(v.string(WIRE_MESSAGES.slotsInput), v.isoTimestamp(WIRE_MESSAGES.slotsInput)),
        endTime: v.pipe(v.string(WIRE_MESSAGES.slotsInput), v.isoTimestamp(WIRE_MESSAGES.slotsInput)),
        timeZone: TimeZone(WIRE_MESSAGES.timeZone),
        duration: v.nullish(v.union([v.number(), Text(WIRE_MESSAGES.slotsInput, 20)], WIRE_MESSAGES.slotsInput)),
        rescheduleUid: v.nullish(Text(WIRE_MESSAGES.slotsInput, 100)),
        orgSlug: v.nullish(Text(WIRE_MESSAGES.slotsInput, 100)),
      },
      WIRE_MESSAGES.slotsInput,
    ),
  },
  WIRE_MESSAGES.slotsInput,
)
export type SlotsInput = v.InferOutput<typeof SlotsInputSchema>

// The request's builder lives without valibot (the page's idle prefetch builds it before this file loads).
export { buildSlotsInput, type SlotsIdentity, type SlotsRange } from './slotsRequest'

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

/**
 * The body of POST /api/book/event (docs/design.md#wire). Unknown fields are ignored. With `rescheduleUid`
 * (Cal.com's reschedule) the booking of that uid moves to `start`: see RescheduleRequestSchema in
 * ./manageWire, where `responses` may be left out.
 */
export const BookingRequestSchema = v.object(
  {
    responses: v.object(
      {
        name: nameSchema({
          required: WIRE_MESSAGES.name,
          tooShort: WIRE_MESSAGES.name,
          tooLong: WIRE_MESSAGES.name,
          forbidden: WIRE_MESSAGES.name,
          link: WIRE_MESSAGES.name,
        }),
        email: emailSchema({ required: WIRE_MESSAGES.email, invalid: WIRE_MESSAGES.email }),
        guests: guestsSchema(WIRE_MESSAGES.guests),
        /** Optional; after the rule, an empty note means none. */
        notes: v.optional(notesSchema(WIRE_MESSAGES.notes)),
        /**
         * Where the call happens, as Cal.com's booker sends it: `value` `phone` with the number in `optionValue`, or
         * the video location. Left out, the host's first offered location applies (server/scheduler/validation.ts).
         */
        location: v.optional(
          v.object({ value: Text(WIRE_MESSAGES.location, 100), optionValue: v.optional(Text(WIRE_MESSAGES.phone, 100)) }, WIRE_MESSAGES.location),
        ),
      },
      WIRE_MESSAGES.responses,
    ),
    user: v.pipe(Text(WIRE_MESSAGES.user, 100), v.minLength(1, WIRE_MESSAGES.user)),
    start: v.pipe(v.string(WIRE_MESSAGES.start), v.regex(OFFSET_DATE_TIME, WIRE_MESSAGES.start)),
    end: v.pipe(v.string(WIRE_MESSAGES.end), v.regex(OFFSET_DATE_TIME, WIRE_MESSAGES.end)),
    eventTypeId: v.pipe(v.number(WIRE_MESSAGES.eventType), v.integer(WIRE_MESSAGES.eventType)),
    eventTypeSlug: Text(WIRE_MESSAGES.eventType, 100),
    timeZone: TimeZone(WIRE_MESSAGES.timeZone),
    language: Text(WIRE_MESSAGES.language, 35),
    /**
     * Cal.com's free-form strings (the visitor's clock, where the lead came from: core/leadSource.ts). A value is
     * kept under the one text rule, cut to 200 characters; a value that is not a string is left out, never a 400.
     */
    metadata: v.pipe(v.record(Text(WIRE_MESSAGES.metadata, 100), v.unknown(), WIRE_MESSAGES.metadata), v.transform(plainMetadata)),
    /** Cal.com's UTM parameters of the visit (core/leadSource.ts): kept as metadata's strings are, anything else ignored. */
    tracking: v.optional(v.pipe(v.unknown(), v.transform(plainTracking))),
    hasHashedBookingLink: v.boolean(WIRE_MESSAGES.flags),
    routedTeamMemberIds: v.null(WIRE_MESSAGES.flags),
    skipContactOwner: v.boolean(WIRE_MESSAGES.flags),
    _isDryRun: v.boolean(WIRE_MESSAGES.flags),
    dub_id: v.null(WIRE_MESSAGES.flags),
    rescheduleUid: v.nullish(
      v.pipe(v.string(WIRE_MESSAGES.rescheduleUid), v.minLength(1, WIRE_MESSAGES.rescheduleUid), v.maxLength(100, WIRE_MESSAGES.rescheduleUid)),
    ),
    /** The code emailed to `responses.email` after a 403 `email_verification_required` (docs/design.md#email-codes). */
    emailVerificationCode: v.optional(
      v.pipe(v.string(WIRE_MESSAGES.emailVerificationCode), v.regex(EMAIL_CODE_PATTERN, WIRE_MESSAGES.emailVerificationCode)),
    ),
    /** ALTCHA's payload: the challenge of a 403 `proof_of_work_required`, solved (docs/email-codes.md#proof-of-work). */
    altcha: v.optional(v.pipe(v.string(WIRE_MESSAGES.altcha), v.maxLength(PROOF_OF_WORK_MAX_LENGTH, WIRE_MESSAGES.altcha))),
  },
  WIRE_MESSAGES.body,
)
export type BookingRequest = v.InferOutput<typeof BookingRequestSchema>

/**
 * Where the call happens, as Cal.com answers it: `location` (the join link, or the number to call) and
 * `metadata.videoCallUrl` (the join link of a video call). Cal.com may name an integration in `location`
 * (`integrations:daily`): the link is `metadata.videoCallUrl` (joinLinkOf in ./callLocation).
 */
export const callLocationEntries = {
  location: v.nullish(v.string()),
  metadata: v.nullish(v.looseObject({ videoCallUrl: v.nullish(v.string()) })),
}

/** A 200 answer of POST /api/book/event. */
export const BookingResponseSchema = v.object({
  id: v.number(),
  uid: v.string(),
  title: v.string(),
  startTime: v.string(),
  endTime: v.string(),
  status: v.string(),
  eventTypeId: v.number(),
  responses: v.object({ name: v.string(), email: v.string(), guests: v.optional(v.array(v.string())), notes: v.optional(v.string()) }),
  attendees: v.array(v.object({ name: v.string(), email: v.string(), timeZone: v.string() })),
  user: v.object({ username: v.string() }),
  /** The event's iCalendar UID, as in the invites (Cal.com's field); never the uid, which is the manage capability. */
  iCalUID: v.optional(v.string()),
  ...callLocationEntries,
})
export type BookingResponse = v.InferOutput<typeof BookingResponseSchema>

/**
 * Any error answer: Cal.com reads `message`. The email-code step adds a `code` to branch on (core/emailVerification.ts),
 * never shown: its `message` is the sentence.
 */
export const BookingErrorSchema = v.object({ message: v.string(), code: v.optional(v.string()), challenge: v.optional(v.unknown()) })

/** The error messages of docs/design.md#wire with Cal.com's own codes (codes on the wire, never shown: core/bookingErrors.ts words them). */
export const BOOKING_ERRORS = {
  slotTaken: 'no_available_users_found_error',
  outOfBounds: 'booking_time_out_of_bounds_error',
} as const

export type CalcomCode = (typeof BOOKING_ERRORS)[keyof typeof BOOKING_ERRORS]

/** Cal.com's codes are snake_case words (`event_type_not_found_error`); its sentences, and ours, are not. */
export const isCalcomCode = (message: string): boolean => /^[a-z0-9]+(_[a-z0-9]+)+$/.test(message)

/**
 * The readable sentence for the first problem valibot found. A missing field is reported with the
 * message of the object around it, so the field's own sentence is looked up by its key.
 */
export function wireIssueMessage(issues: readonly v.BaseIssue<unknown>[], fallback: string): string {
  const issue = issues[0]
  if (!issue) return fallback
  const keys = (issue.path ?? []).map((item) => String(item.key))
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string
    const code = FIELD_CODES[key] ?? (key in WIRE_MESSAGES ? (key as WireCode) : undefined)
    if (code === 'flags' || (code && issue.input === undefined)) return WIRE_MESSAGES[code]
  }
  return issue.message || fallback
}
