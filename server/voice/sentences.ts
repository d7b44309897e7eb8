/**
 * The voice assistant's book of sentences (docs/design.md#errors): everything its tools (server/voice/tools.ts) say,
 * the fixed sentences by code and the ones built from times — days and times in the caller's zone,
 * back-to-back starts as ranges, the exact starts book_call takes.
 */
import type { Temporal } from 'temporal-polyfill'
import { BOOKING_LENGTH_MINUTES } from '../../core/bookingWire'
import { weWillCallYou } from '../../core/callLocation'

export const VOICE_TOOL_MESSAGES = {
  notJson: 'The tool call must be JSON.',
  notToolCalls: 'The body must be the voice platform’s message: { message: { type, toolCallList } }.',
  unknownTool: (name: string) => `There is no tool called ${JSON.stringify(name.slice(0, 80))} here.`,
  badDate: 'I need the day as a date such as 2026-11-27.',
  badTimeZone: 'I need the caller’s time zone, such as Pacific/Auckland.',
  badStart: 'I need the start as one of the exact times check_availability gave.',
  badLocation: 'I need the location as video or phone.',
  noTimes: (from: string, days: number) => `There are no free times on ${from} or in the ${days} days after it. Please suggest another week.`,
  unavailable: 'The calendar cannot be reached just now. Please offer to take the caller’s details or try again in a minute.',
  onePerRequest: 'Not booked: only one call can be booked at a time. Please book one call, then ask before booking another.',
  onePerCall: 'This conversation has already booked a call; a caller can book one call per conversation.',
  /** The slot went between check_availability and book_call; the nearest free times follow (sayAlternatives). */
  justTaken: 'That time was just taken.',
  noAlternatives: ' Nothing else is free that day; check_availability can find the next free day.',
} as const

export type VoiceToolCode = keyof typeof VOICE_TOOL_MESSAGES

// --- Saying times ------------------------------------------------------------------------------------------

const dayFormat = (timeZone: string) => new Intl.DateTimeFormat('en-NZ', { weekday: 'long', day: 'numeric', month: 'long', timeZone })
const timeFormat = (timeZone: string) => new Intl.DateTimeFormat('en-NZ', { hour: 'numeric', minute: '2-digit', timeZone })

export const sayDay = (instant: Temporal.Instant, timeZone: string) => dayFormat(timeZone).format(instant.epochMilliseconds).replace(',', '')
export const sayTime = (instant: Temporal.Instant, timeZone: string) => timeFormat(timeZone).format(instant.epochMilliseconds)

/** An instant as the caller's wall time with its offset: what book_call takes back. */
export const exact = (instant: Temporal.Instant, timeZone: string) =>
  instant.toZonedDateTimeISO(timeZone).toString({ timeZoneName: 'never', smallestUnit: 'minute' })

/** The smallest distance between two starts: the slot step (15 minutes when there is one start). */
export function stepMinutes(slots: readonly Temporal.Instant[]): number {
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

/** What the assistant reads out for one day's free times, and the exact starts to book with. */
export function sayFreeDay(slots: readonly Temporal.Instant[], timeZone: string): string {
  const times = slots.length === 1 ? `one free time (${timeZone} time): ${sayTime(slots[0]!, timeZone)}` : `free times (${timeZone} time) from ${sayRanges(slots, timeZone)}, starting every ${stepMinutes(slots)} minutes`
  return `${sayDay(slots[0]!, timeZone)} has ${times}; a call lasts ${BOOKING_LENGTH_MINUTES} minutes. Exact starts for book_call: ${slots.map((slot) => exact(slot, timeZone)).join(', ')}.`
}

/** No free time on the asked-for day: the next day that has some. */
export const sayNextFreeDay = (askedDay: string, slots: readonly Temporal.Instant[], timeZone: string): string =>
  `There are no free times on ${askedDay}. The next free day: ${sayFreeDay(slots, timeZone)}`

/** The free starts nearest to one that could not be booked, after a space ("2:30 pm or 3:00 pm are free that day…"). */
export function sayAlternatives(slots: readonly Temporal.Instant[], timeZone: string): string {
  if (slots.length === 0) return VOICE_TOOL_MESSAGES.noAlternatives
  const said = slots.map((slot) => sayTime(slot, timeZone))
  return ` ${said.join(' or ')} ${slots.length === 1 ? 'is' : 'are'} free that day (exact starts: ${slots.map((slot) => exact(slot, timeZone)).join(', ')}).`
}

/** A call's start as the caller hears it: "Tuesday 24 November at 10:00 am (Pacific/Auckland time)". */
const sayWhen = (start: Temporal.Instant, timeZone: string) => `${sayDay(start, timeZone)} at ${sayTime(start, timeZone)} (${timeZone} time)`

export const sayBooked = (start: Temporal.Instant, timeZone: string, booked: { name: string; email: string }): string =>
  `Booked: a ${BOOKING_LENGTH_MINUTES}-minute call on ${sayWhen(start, timeZone)} for ${booked.name}. A confirmation goes to ${booked.email}.`

/** How the caller will meet, after the booking's sentence: no link read out (it is in the confirmation email). */
export const sayMeeting = (meeting: { type: 'video' } | { type: 'phone'; phone: string }): string =>
  meeting.type === 'video' ? "You'll meet by video: the link to join is in that email." : `${weWillCallYou(meeting.phone)} at that time.`

/** A start outside the bookable window; the nearest free times follow. */
export const sayCannotBook = (start: Temporal.Instant, timeZone: string): string => `${sayWhen(start, timeZone)} cannot be booked.`

/** Any other refusal, in the booking form's words. */
export const sayNotBooked = (sentence: string): string => `Not booked: ${sentence}`
