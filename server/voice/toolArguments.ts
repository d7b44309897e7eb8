/**
 * The arguments of the voice assistant's tools, in one place: what POST /api/voice/tools validates them with
 * (tools.ts), and, converted to JSON Schema, what the tools on the voice platform declare to the model
 * (scripts/assistant/toolParameters.ts), so the platform's tools and this route cannot disagree
 * (docs/voice-assistant.md#what-the-assistant-is-made-of). The descriptions are read by the model; the
 * messages are what the route answers, sentences the assistant can act on (sentences.ts).
 */
import * as v from 'valibot'
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH, NOTES_MAX_LENGTH } from '../../core/bookingFields'
import { isValidTimeZone, WIRE_MESSAGES } from '../../core/bookingWire'
import { VOICE_TOOL_MESSAGES } from './sentences'

export const CHECK_AVAILABILITY = 'check_availability'
export const BOOK_CALL = 'book_call'

/** What the route answers when an argument is missing: the sentence of that argument, or `fallback`. */
const missingArgument =
  (sentences: Record<string, string>, fallback: string) =>
  (issue: v.BaseIssue<unknown>): string => {
    const key = issue.path?.[0]?.key
    return (typeof key === 'string' ? sentences[key] : undefined) ?? fallback
  }

const TimeZoneArg = (description: string) =>
  v.pipe(v.string(VOICE_TOOL_MESSAGES.badTimeZone), v.trim(), v.check(isValidTimeZone, VOICE_TOOL_MESSAGES.badTimeZone), v.description(description))

export const CheckAvailabilityArgs = v.object(
  {
    date: v.pipe(
      v.string(VOICE_TOOL_MESSAGES.badDate),
      v.trim(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, VOICE_TOOL_MESSAGES.badDate),
      v.description('The day the caller asks about, as YYYY-MM-DD.'),
    ),
    timeZone: TimeZoneArg("The caller's IANA time zone, such as Pacific/Auckland or America/Los_Angeles."),
  },
  missingArgument({ date: VOICE_TOOL_MESSAGES.badDate, timeZone: VOICE_TOOL_MESSAGES.badTimeZone }, VOICE_TOOL_MESSAGES.badDate),
)

/**
 * Name, email, notes and phone are checked again by checkBooking, with the web form's rules and sentences;
 * an optional argument may also come as null (what a model sends for "none").
 */
export const BookCallArgs = v.object(
  {
    name: v.pipe(v.string(WIRE_MESSAGES.name), v.description(`The caller's full name, ${NAME_MIN_LENGTH} to ${NAME_MAX_LENGTH} characters.`)),
    email: v.pipe(v.string(WIRE_MESSAGES.email), v.description("The caller's email address, spelled back and confirmed.")),
    start: v.pipe(
      v.string(VOICE_TOOL_MESSAGES.badStart),
      v.trim(),
      v.nonEmpty(VOICE_TOOL_MESSAGES.badStart),
      v.maxLength(64, VOICE_TOOL_MESSAGES.badStart),
      v.description('One of the exact starts from check_availability, unchanged, such as 2026-11-26T14:30+13:00.'),
    ),
    timeZone: TimeZoneArg("The caller's IANA time zone, the same as for check_availability."),
    notes: v.nullish(
      v.pipe(
        v.string(WIRE_MESSAGES.notes),
        v.description(`Optional: what the caller wants to discuss on the call, in their own words, up to ${NOTES_MAX_LENGTH.toLocaleString('en-NZ')} characters.`),
      ),
    ),
    location: v.nullish(
      v.pipe(
        v.picklist(['video', 'phone'], VOICE_TOOL_MESSAGES.badLocation),
        v.description("Optional: how the call happens, if the caller has a preference and the agency offers both. Left out: the agency's usual way."),
      ),
    ),
    phone: v.nullish(
      v.pipe(
        v.string(WIRE_MESSAGES.phone),
        v.description("With location phone: the number to call, as the caller says it (without + it is read as a number of the agency's country), read back and confirmed."),
      ),
    ),
  },
  missingArgument(
    { name: WIRE_MESSAGES.name, email: WIRE_MESSAGES.email, start: VOICE_TOOL_MESSAGES.badStart, timeZone: VOICE_TOOL_MESSAGES.badTimeZone },
    VOICE_TOOL_MESSAGES.badStart,
  ),
)
