/**
 * The model options of the bookingForm and slots path tests, shared by the machine level (vitest) and
 * the UI level (Playwright): one fixed instant and zone, one day of slots, and one sample per guard
 * branch. Pure: no Playwright and no vitest here.
 */
import { BookingRejected } from '../../../../core/bookingErrors'
import { phoneRules } from '../../../../core/phone'
import { codeSentSentence, EMAIL_CODE_ANSWERS, mailLimitSentence, resendLimitSentence, wrongCodeSentence } from '../../../../core/emailVerification'
import type { BookingFormInput } from '../../../../machines/bookingForm'
import { validateBooking, type BookingFields } from '../../../../core/bookingFields'
import type { SlotsInput } from '../../../../machines/slots'
import type { SlotsByDate } from '../../../../core/slotWindow'
import type { BookingResponse } from '../../../../core/bookingWire'
import { BOOKING_DEFAULTS } from '../../../../core/settings'
import type { AnySnapshot, ModelOptions } from '../../support/machineModel'

/** The visitor's zone and "now": Tuesday 3 March 2026, 09:00 in Auckland (NZDT, UTC+13). */
export const TIME_ZONE = 'Pacific/Auckland'
export const LOCALE = 'en-NZ'
export const NOW = '2026-03-02T20:00:00Z'
export const TODAY = '2026-03-03'
export const TODAY_LABEL = 'Tuesday, 3 March 2026'

/** Today's free slots, as the calendar answers them, and their labels in Auckland time. */
export const TODAY_SLOTS = [
  { time: '2026-03-02T22:00:00Z', label: '11:00 am' },
  { time: '2026-03-02T22:30:00Z', label: '11:30 am' },
  { time: '2026-03-02T23:00:00Z', label: '12:00 pm' },
  { time: '2026-03-03T01:00:00Z', label: '2:00 pm' },
] as const
/** Tomorrow's free slots (Wednesday 4 March): the day row shows a second day with times. */
export const TOMORROW = '2026-03-04'
export const TOMORROW_SLOTS = [
  { time: '2026-03-03T21:00:00Z', label: '10:00 am' },
  { time: '2026-03-03T21:15:00Z', label: '10:15 am' },
] as const
/** The first free day after an empty week, and the look-ahead's answer that names it. */
export const LATER = '2026-03-11'
export const LATER_SLOTS: SlotsByDate = { [LATER]: [{ time: '2026-03-10T22:00:00Z' }] }
/** Another zone a visitor may choose: London is 13 hours behind, so "today" there is Monday 2 March. */
export const OTHER_ZONE = 'Europe/London'

/** The slot the visitor chooses: 12:00 pm, booked as 12:00 to 12:15 at +13:00. */
export const CHOSEN = TODAY_SLOTS[2]
export const CHOSEN_START = '2026-03-03T12:00:00+13:00'
export const CHOSEN_END = '2026-03-03T12:15:00+13:00'

export const slotsAnswer = (slots: SlotsByDate) => ({ result: { data: { json: { slots } } } })
export const WITH_SLOTS: SlotsByDate = {
  [TODAY]: TODAY_SLOTS.map(({ time }) => ({ time })),
  [TOMORROW]: TOMORROW_SLOTS.map(({ time }) => ({ time })),
}
export const NO_SLOTS: SlotsByDate = {}

export const NAME = 'Aroha Ngata'
/** The optional note: two lines as a visitor writes them; and one the rule refuses (a bidi override). */
export const NOTE = 'We run a small café.\nCan the booking emails be automated?'
export const HOSTILE_NOTE = 'Call me \u202Eback\u202C soon'
export const EMAIL = 'aroha@example.co.nz'
/** A New Zealand mobile as a visitor types it, and as it is sent and kept (E.164) and read back. */
export const PHONE = '021 555 0123'
export const PHONE_E164 = '+64215550123'
export const PHONE_SHOWN = '+64 21 555 0123'
/** The emailed code as a visitor types it (docs/design.md#email-codes), and one too short for the form to send. */
/**
 * Where the lead came from, as the view says it with each attempt (docs/booking.md#where-a-lead-came-from): what the
 * machine level sends (its tracking and the rest: tests/unit/booking/bookingForm.test.ts); in the browser the page
 * says its own.
 */
export const LEAD = { bookedFrom: 'hero' }

export const CODE = '482913'
export const SHORT_CODE = '4829'
/** The form's own sentence for a code that is not 6 digits (the wire's rule). */
export const CODE_MALFORMED = 'Please enter the 6-digit code from the email we sent you.'
/** The ways of meeting the e2e build offers (tests/e2e/env.ts): both, video first. */
export const LOCATIONS = ['video', 'phone'] as const
export const IDENTITY = { ...BOOKING_DEFAULTS }

export const BOOKED: BookingResponse = {
  id: 41,
  uid: 'b41',
  title: 'Quick chat',
  startTime: '2026-03-02T23:00:00.000Z',
  endTime: '2026-03-02T23:15:00.000Z',
  status: 'ACCEPTED',
  eventTypeId: IDENTITY.eventTypeId,
  responses: { name: NAME, email: EMAIL, guests: [] },
  attendees: [{ name: NAME, email: EMAIL, timeZone: TIME_ZONE }],
  user: { username: IDENTITY.host },
}

/** The docs/design.md#states / §9 texts the views show. */
export const TEXTS = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  slotRequired: 'Please select a time slot',
  phoneRequired: 'Phone number is required',
  notesInvalid: 'Notes must be at most 1,000 characters, without control or invisible characters',
  inlineConfirmed: `Booking confirmed! Check ${EMAIL} for details.`,
  modalConfirmed: `Booking confirmed! You'll receive a confirmation email at ${EMAIL}`,
  slotsFailed: 'Failed to load available time slots. Please try again.',
  noSlots: 'No available time slots for this date',
  noSlotsHint: 'Try selecting a different date',
  loadingSlots: 'Loading available time slots…',
} as const

/**
 * How a booking can fail (docs/design.md#errors): the error the fake rejects with, the text the visitor reads, how
 * the server (or the network) answers it at the UI level, and whether the slot was taken.
 */
export interface BookingFailure {
  error: unknown
  text: string
  answer: { status: number; body: string } | 'network'
  slotTaken: boolean
  /**
   * The email-code step's answers (docs/design.md#email-codes): `asked` starts the step; `refused` shows at the code
   * field in the step (before it, the site's hour used up is a failure like any other); `pending` (a code sent less
   * than a minute ago) shows at the code field in the step, and before it starts the step with its sentence.
   */
  codeStep?: 'asked' | 'pending' | 'refused'
}

/** Whether the failure starts the code step (`inStep`: whether the form is in it already), or shows at its field. */
export function codeStepAfter(failure: BookingFailure, inStep: boolean): 'starts' | 'atField' | undefined {
  if (failure.codeStep === 'asked' || (failure.codeStep === 'pending' && !inStep)) return 'starts'
  return failure.codeStep !== undefined && inStep ? 'atField' : undefined
}

/** An answer of the email-code step as the server words it: its status, its code and its sentence. */
function codeAnswer(status: number, code: string, text: string, codeStep: NonNullable<BookingFailure['codeStep']>): BookingFailure {
  return {
    error: new BookingRejected(status, text, code),
    text,
    answer: { status, body: JSON.stringify({ code, message: text }) },
    slotTaken: false,
    codeStep,
  }
}

export const BOOKING_FAILURES: readonly BookingFailure[] = [
  {
    error: new BookingRejected(409, 'no_available_users_found_error'),
    text: 'This time slot is no longer available. Please select another time.',
    answer: { status: 409, body: JSON.stringify({ message: 'no_available_users_found_error' }) },
    slotTaken: true,
  },
  {
    error: new BookingRejected(400, 'Please choose a valid start time.'),
    text: 'Please choose a valid start time.',
    answer: { status: 400, body: JSON.stringify({ message: 'Please choose a valid start time.' }) },
    slotTaken: false,
  },
  {
    error: new BookingRejected(500, undefined),
    text: 'Booking failed: 500',
    answer: { status: 500, body: '' },
    slotTaken: false,
  },
  {
    error: new TypeError('Failed to fetch'),
    text: 'Failed to complete booking. Please try again.',
    answer: 'network',
    slotTaken: false,
  },
  codeAnswer(403, EMAIL_CODE_ANSWERS.required, codeSentSentence(EMAIL), 'asked'),
  codeAnswer(403, EMAIL_CODE_ANSWERS.wrong, wrongCodeSentence(4), 'refused'),
  codeAnswer(429, EMAIL_CODE_ANSWERS.resendLimit, resendLimitSentence(EMAIL, 42), 'pending'),
  codeAnswer(429, EMAIL_CODE_ANSWERS.mailLimit, mailLimitSentence('hello@example.com', true), 'refused'),
]

export function failureOf(error: unknown): BookingFailure {
  const failure = BOOKING_FAILURES.find((f) => f.error === error)
  if (!failure) throw new Error('Not one of the sampled booking failures.')
  return failure
}

export const bookingFormInput = (variant: BookingFormInput['variant'], locations: BookingFormInput['locations'] = LOCATIONS): BookingFormInput => ({
  variant,
  timeZone: TIME_ZONE,
  hour24: false,
  now: NOW,
  identity: IDENTITY,
  locations,
  phone: phoneRules('NZ'),
})

/**
 * The form's model. Only valid values are sampled for the fields (a field is invalid while empty), and a
 * snapshot's vertex is its state, how the call happens, how many of the required fields are valid (the three,
 * and the number for a phone call: 0 → 1 → 2 → 3 is how a visitor completes the form) and whether the
 * optional note is refused (sampled valid and refused; an empty or valid note never blocks): SUBMIT's guard
 * depends on nothing else; in the email-code step also whether a code was asked for and whether the code typed
 * is 6 digits (the step's guards read them). Touched flags, the zone and the clock are left out: they change what shows, not
 * where the machine goes (so a path changes the zone or the clock only at its end). A host who offers video
 * alone (`locations` ['video']) has no choice to make: its form sends neither event.
 */
export const bookingFormModel = (variant: BookingFormInput['variant'], locations: BookingFormInput['locations'] = LOCATIONS): ModelOptions => ({
  input: bookingFormInput(variant, locations),
  samples: {
    LOCATION_CHOSEN:
      locations.length > 1
        ? [
            { type: 'LOCATION_CHOSEN', location: 'phone' },
            { type: 'LOCATION_CHOSEN', location: 'video' },
          ]
        : [],
    PHONE_CHANGED: locations.includes('phone') ? [{ type: 'PHONE_CHANGED', value: PHONE }] : [],
    ...(locations.includes('phone') ? {} : { PHONE_BLURRED: [] }),
    NAME_CHANGED: [{ type: 'NAME_CHANGED', value: NAME }],
    EMAIL_CHANGED: [{ type: 'EMAIL_CHANGED', value: EMAIL }],
    NOTES_CHANGED: [
      { type: 'NOTES_CHANGED', value: NOTE },
      { type: 'NOTES_CHANGED', value: HOSTILE_NOTE },
    ],
    SLOT_CHOSEN: [{ type: 'SLOT_CHOSEN', slot: CHOSEN.time }],
    SUBMIT: [{ type: 'SUBMIT', lead: LEAD }],
    CODE_CHANGED: [
      { type: 'CODE_CHANGED', value: CODE },
      { type: 'CODE_CHANGED', value: SHORT_CODE },
    ],
    TIME_ZONE_CHOSEN: [{ type: 'TIME_ZONE_CHOSEN', timeZone: OTHER_ZONE }],
    CLOCK_CHANGED: [{ type: 'CLOCK_CHANGED', hour24: true }],
    'xstate.done.actor.bookEvent': [{ type: 'xstate.done.actor.bookEvent', output: BOOKED }],
    'xstate.error.actor.bookEvent': BOOKING_FAILURES.map(({ error }) => ({ type: 'xstate.error.actor.bookEvent', error })),
  },
  serializeState: (s: AnySnapshot) =>
    JSON.stringify({ value: s.value, ...fieldsVertex(s.context.fields), asked: s.context.codePrompt !== null, codeReady: /^\d{6}$/.test(s.context.code) }),
})

function fieldsVertex(fields: BookingFields) {
  const errors = validateBooking(fields, phoneRules('NZ'))
  return {
    location: fields.location,
    valid: (['name', 'email', 'slot', 'phone'] as const).filter((field) => !errors[field]).length,
    noteRefused: Boolean(errors.notes),
  }
}

export const slotsInput: SlotsInput = { now: NOW, timeZone: TIME_ZONE }

/** Days from `from` to `to` (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/**
 * The day's model: a window with slots today and tomorrow, and an empty one (the guards' branches);
 * the look-ahead finds a later day or nothing. Days of the row to tap: one with times, one without.
 * A snapshot's vertex is its state, the selected day and the loaded window's day (as days from today,
 * up to 9: far enough to leave the row both ways), the window's answer, the zone, whether it is still
 * seeking the first free day and the next free day found.
 */
export const slotsModel = {
  input: slotsInput,
  samples: {
    'xstate.done.actor.loadSlots': [
      { type: 'xstate.done.actor.loadSlots', output: WITH_SLOTS },
      { type: 'xstate.done.actor.loadSlots', output: NO_SLOTS },
    ],
    'xstate.done.actor.findNextFree': [
      { type: 'xstate.done.actor.findNextFree', output: LATER_SLOTS },
      { type: 'xstate.done.actor.findNextFree', output: NO_SLOTS },
    ],
    DAY_CHOSEN: [
      { type: 'DAY_CHOSEN', day: TOMORROW },
      { type: 'DAY_CHOSEN', day: dayAfter(TODAY, 2) },
    ],
    ZONE_CHANGED: [{ type: 'ZONE_CHANGED', timeZone: OTHER_ZONE }],
  },
  serializeState: (s: AnySnapshot) => {
    const { context } = s
    const offset = (day: string) => Math.min(9, daysBetween(context.today, day))
    return JSON.stringify({
      value: s.value,
      day: offset(context.day),
      window: offset(context.windowDay),
      answer: Object.keys(context.window).length,
      zone: context.timeZone,
      seeking: context.seeking,
      nextFree: context.nextFree,
    })
  },
} satisfies ModelOptions

/** The error a failed slot request throws (calendarApi: 'HTTP error! status: {status}'). */
export const SLOTS_FAILURE = { status: 503, error: new Error('HTTP error! status: 503') }

/** YYYY-MM-DD plus `days`, for the day the visitor has moved to. */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
