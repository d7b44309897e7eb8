/**
 * The booking form (docs/design.md#states, docs/design.md#machines), one machine for both variants. It owns the three fields, the
 * optional note, how the call happens (video or phone, with the number: docs/design.md#where-the-call-happens),
 * their touched flags and the submitted flag, the time zone and the clock the times are shown in (remembered
 * by the app), books through an injected actor, and runs the day's slots as its child `slots`. Time, zone,
 * clock and the ways of meeting the host offers come in as input so tests fix them. When bookings come fast the
 * server asks for a code it emailed (docs/design.md#email-codes): the form then waits in `verifying`, keeping the
 * time and the fields, for the code.
 */
import { assertEvent, assign, emit, fromPromise, not, sendTo, setup, type SnapshotFrom } from 'xstate'
import { EMAIL_CODE_PATTERN, WIRE_MESSAGES, type BookingRequest, type BookingResponse } from '../core/bookingWire'
import type { CallKind } from '../core/browserSettings'
import { joinLinkOf } from '../core/callLocation'
import type { PhoneRules } from '../core/phoneRules'
import { bookingErrorText, emailCodeStep, isSlotTaken } from '../core/bookingErrors'
import { buildBookingPayload, type BookingIdentity } from '../core/bookingPayload'
import type { LeadSource } from '../core/leadSource'
import { normalizeNotes, validateBooking, type BookingFields, type FieldErrors, type FieldName } from '../core/bookingFields'
import { providedByApp } from './providedByApp'
import { timeDisplayActions, timeDisplayTransitions, type TimeDisplayEvent } from './timeDisplay'
import { slotsMachine } from './slots'

/** What a confirmed booking hands to the modal (to close it) and to the toast. */
export interface ConfirmedBooking {
  /** The booking's uid: the manage link. */
  uid: string
  /** The event's iCalendar UID ('Add to calendar' matches the emailed invite with it). */
  iCalUID?: string
  title: string
  /** ISO instants. */
  startTime: string
  endTime: string
  name: string
  email: string
  /** The zone and clock the visitor chose the time in: the confirmation says it the same way. */
  timeZone: string
  hour24: boolean
  /** The call's join link, when it happens by video (the answer's `metadata.videoCallUrl` or `location`). */
  videoCallUrl?: string | undefined
  /** The number the agency calls, as people read it (`+64 21 555 0123`), when the visitor chose a phone call. */
  phone?: string | undefined
}

/** What the confirmation and 'Add to calendar' need of the server's answer. */
function confirmedBooking(booking: BookingResponse, context: BookingFormContext): ConfirmedBooking {
  const { uid, iCalUID, title, startTime, endTime, responses } = booking
  return {
    uid,
    iCalUID,
    title,
    startTime,
    endTime,
    name: responses.name,
    email: responses.email,
    timeZone: context.timeZone,
    hour24: context.hour24,
    videoCallUrl: joinLinkOf(booking),
    phone: context.fields.location === 'phone' ? context.phone.format(phoneNumber(context)) : undefined,
  }
}

/** The number as it is sent and kept (E.164); as typed when the rules refuse it (then it is never sent). */
const phoneNumber = (context: BookingFormContext): string => context.phone.toE164(context.fields.phone) ?? context.fields.phone.trim()

/**
 * Where the call happens, as Cal.com's booker sends it: only when the visitor had a choice or gives a number, so
 * a video-only host's request is the one it always was (the server applies its first location).
 */
function locationOf(context: BookingFormContext): BookingRequest['responses']['location'] {
  const { location } = context.fields
  if (location === 'phone') return { value: 'phone', optionValue: phoneNumber(context) }
  return context.locations.length > 1 ? { value: location } : undefined
}

export type BookingVariant = 'modal' | 'inline'

/** Every field the form keeps: the note and the number are strings here ('' when none was written). */
export type FormFields = Required<BookingFields>

export interface BookingFormContext {
  variant: BookingVariant
  /**
   * The IANA zone the times are chosen in (sent as `timeZone` with the slots and the booking): at first the
   * visitor's remembered choice, or the browser's zone.
   */
  timeZone: string
  /** 24-hour clock: the remembered choice, or the locale's habit. */
  hour24: boolean
  /** The current instant (ISO): fixes "today" for the day picker. */
  now: string
  identity: BookingIdentity
  /** The ways the host offers (BOOKING_LOCATIONS), the first preselected. */
  locations: readonly CallKind[]
  /** How a number is read: in BOOKING_PHONE_COUNTRY unless it starts with + (core/phoneRules.ts). */
  phone: PhoneRules
  fields: FormFields
  touched: Record<FieldName, boolean>
  /** Set on the first submit attempt: from then every error shows (live validation). */
  submitted: boolean
  /** The text of the last failed booking (docs/design.md#errors). */
  bookingError: string | null
  confirmed: ConfirmedBooking | null
  /**
   * The email-code step (docs/design.md#email-codes): the server's sentence saying where the code went (null
   * outside the step), the code as typed, and the sentence at the code field (a refused code, a new code asked
   * too soon, or a code that is not 6 digits).
   */
  codePrompt: string | null
  code: string
  codeError: string | null
  /**
   * Where the lead came from (docs/booking.md#where-a-lead-came-from), sent with the booking: what the view knew when
   * the visitor last sent it (the visit's first touch, the page, what opened the form). Null until then.
   */
  lead: LeadSource | null
}

/** What the app gives the form as it starts: the rest of the context starts empty. */
export type BookingFormInput = Pick<BookingFormContext, 'variant' | 'timeZone' | 'hour24' | 'now' | 'identity' | 'locations' | 'phone'>

export type BookingFormEvent =
  | { type: 'NAME_CHANGED'; value: string }
  | { type: 'EMAIL_CHANGED'; value: string }
  | { type: 'NOTES_CHANGED'; value: string }
  | { type: 'PHONE_CHANGED'; value: string }
  | { type: 'NAME_BLURRED' }
  | { type: 'EMAIL_BLURRED' }
  | { type: 'NOTES_BLURRED' }
  | { type: 'PHONE_BLURRED' }
  | { type: 'LOCATION_CHOSEN'; location: CallKind }
  /** Choosing a time also marks the time touched. */
  | { type: 'SLOT_CHOSEN'; slot: string }
  /** `lead`: where the booking comes from, as the view knows it (kept, and sent with the request). */
  | { type: 'SUBMIT'; lead?: LeadSource }
  /** The emailed code as typed (docs/design.md#email-codes). */
  | { type: 'CODE_CHANGED'; value: string }
  /** 'Send a new code': the same request without a code. */
  | { type: 'RESEND' }
  | TimeDisplayEvent

export type BookingFormEmitted =
  | { type: 'confirmed'; booking: ConfirmedBooking }
  /** The field the visitor should look at next (the view moves focus there and into view). */
  | { type: 'attention'; field: AttentionField }

/** What the form can point at: its fields, and the emailed code's field while the server asks for it. */
export type AttentionField = FieldName | 'code'

/** The fields in the order the form shows them: a refused submit points at the first one to fix. */
const FORM_ORDER: readonly FieldName[] = ['name', 'email', 'phone', 'slot', 'notes']

/** The first field a submit attempt found wrong. */
const firstInvalid = (context: BookingFormContext): FieldName => {
  const errors = validateBooking(context.fields, context.phone)
  return FORM_ORDER.find((field) => errors[field]) ?? 'name'
}

/** The form as it opens: nothing written, the host's first way of meeting chosen. */
const emptyFields = (locations: readonly CallKind[]): FormFields => ({
  name: '',
  email: '',
  slot: null,
  notes: '',
  location: locations[0] ?? 'video',
  phone: '',
})
const untouched = (): Record<FieldName, boolean> => ({ name: false, email: false, slot: false, notes: false, phone: false })

/** The delay after which the inline form's confirmation clears (docs/design.md#constants). */
export const SUCCESS_RESET_MS = 5000

/** The field each typing event writes. */
const TYPED_FIELD = { NAME_CHANGED: 'name', EMAIL_CHANGED: 'email', NOTES_CHANGED: 'notes', PHONE_CHANGED: 'phone' } as const

// Editing is possible in every state but `submitting` (the fields are read-only then).
const editing = {
  NAME_CHANGED: { actions: 'setTyped' },
  EMAIL_CHANGED: { actions: 'setTyped' },
  NOTES_CHANGED: { actions: 'setTyped' },
  // The number is asked for a phone call only (the field shows then).
  PHONE_CHANGED: { guard: 'isPhoneCall', actions: 'setTyped' },
  LOCATION_CHOSEN: { actions: 'chooseLocation' },
  NAME_BLURRED: { actions: { type: 'touch', params: { field: 'name' } } },
  EMAIL_BLURRED: { actions: { type: 'touch', params: { field: 'email' } } },
  NOTES_BLURRED: { actions: { type: 'touch', params: { field: 'notes' } } },
  PHONE_BLURRED: { guard: 'isPhoneCall', actions: { type: 'touch', params: { field: 'phone' } } },
  SLOT_CHOSEN: { actions: 'chooseSlot' },
  ...timeDisplayTransitions,
} as const

// A submit attempt sets the submitted flag; it books only when all three fields are valid, the note is
// empty or valid (an empty note never blocks a booking), and a phone call has a valid number.
const refusedSubmit = { target: 'submitted', actions: ['markSubmitted', 'pointAtFirstInvalid'] } as const
const submit = [{ guard: 'fieldsValid', target: 'submitting', actions: ['markSubmitted', 'keepLead'] }, refusedSubmit] as const

// In the code step a field made wrong meanwhile is pointed at, and nothing is sent; the step goes on.
const fieldsFirst = { guard: not('fieldsValid'), actions: 'pointAtFirstInvalid' } as const

export const bookingFormMachine = setup({
  types: {
    input: {} as BookingFormInput,
    context: {} as BookingFormContext,
    events: {} as BookingFormEvent,
    emitted: {} as BookingFormEmitted,
    children: {} as { slots: 'slots'; bookEvent: 'bookEvent' },
  },
  actors: {
    slots: slotsMachine,
    bookEvent: fromPromise<BookingResponse, BookingRequest>(() => providedByApp('bookEvent')),
  },
  delays: {
    successReset: SUCCESS_RESET_MS,
  },
  guards: {
    fieldsValid: ({ context }) => Object.keys(validateBooking(context.fields, context.phone)).length === 0,
    isInline: ({ context }) => context.variant === 'inline',
    isPhoneCall: ({ context }) => context.fields.location === 'phone',
    slotTaken: (_, params: { error: unknown }) => isSlotTaken(params.error),
    /**
     * The server emailed a code and asks for it (docs/design.md#email-codes), or, outside the step, says it emailed
     * one less than a minute ago: that code is still the one to enter (the form was reset meanwhile).
     */
    codeAsked: ({ context }, params: { error: unknown }) => {
      const step = emailCodeStep(params.error)
      return step === 'asked' || (step === 'pending' && context.codePrompt === null)
    },
    /**
     * A code refused (wrong, expired), or a new one refused (asked too soon, the site's hour used up), in the code
     * step. Before the step, the site's hour used up is the booking's failure like any other.
     */
    codeRefused: ({ context }, params: { error: unknown }) => context.codePrompt !== null && emailCodeStep(params.error) !== undefined,
    codeWellFormed: ({ context }) => EMAIL_CODE_PATTERN.test(context.code),
  },
  actions: {
    /** Writes the field the typing event is about (TYPED_FIELD). */
    setTyped: assign({
      fields: ({ context, event }) => {
        assertEvent(event, ['NAME_CHANGED', 'EMAIL_CHANGED', 'NOTES_CHANGED', 'PHONE_CHANGED'])
        return { ...context.fields, [TYPED_FIELD[event.type]]: event.value }
      },
    }),
    chooseLocation: assign({
      fields: ({ context, event }) => {
        assertEvent(event, 'LOCATION_CHOSEN')
        return { ...context.fields, location: event.location }
      },
    }),
    touch: assign(({ context }, params: { field: FieldName }) => ({ touched: { ...context.touched, [params.field]: true } })),
    chooseSlot: assign(({ context, event }) => {
      assertEvent(event, 'SLOT_CHOSEN')
      return { fields: { ...context.fields, slot: event.slot }, touched: { ...context.touched, slot: true } }
    }),
    ...timeDisplayActions<BookingFormContext, BookingFormEvent>(),
    markSubmitted: assign({ submitted: true }),
    /** What the view says of where the booking comes from, as an attempt is sent (the code step sends it again). */
    keepLead: assign({
      lead: ({ event }) => {
        assertEvent(event, 'SUBMIT')
        return event.lead ?? null
      },
    }),
    clearBookingError: assign({ bookingError: null }),
    storeBookingError: assign((_, params: { error: unknown }) => ({ bookingError: bookingErrorText(params.error) })),
    /**
     * The taken slot is no longer a choice. Its 'no longer available' is the one message then: the time's own
     * ('Please select a time slot') waits until the visitor submits again (docs/design.md#errors).
     */
    clearSlot: assign(({ context }) => ({ fields: { ...context.fields, slot: null }, touched: { ...context.touched, slot: false }, submitted: false })),
    pointAtFirstInvalid: emit(({ context }) => ({ type: 'attention' as const, field: firstInvalid(context) })),
    pointAtTimes: emit({ type: 'attention' as const, field: 'slot' as const }),
    reloadSlots: sendTo('slots', { type: 'RELOAD' }),
    storeConfirmation: assign((_, params: { booking: ConfirmedBooking }) => ({ confirmed: params.booking })),
    announceConfirmed: emit((_, params: { booking: ConfirmedBooking }) => ({ type: 'confirmed' as const, booking: params.booking })),
    clearForm: assign({ fields: ({ context }) => emptyFields(context.locations), touched: untouched, submitted: false }),
    /** A new attempt: the last booking's line goes (docs/design.md#errors). */
    forgetConfirmation: assign({ confirmed: null }),
    setCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'CODE_CHANGED')
        return event.value
      },
      // The sentence was about the code as it was.
      codeError: null,
    }),
    /** A new code is on its way: the old one's digits go. */
    clearCode: assign({ code: '' }),
    clearCodeError: assign({ codeError: null }),
    storeCodePrompt: assign((_, params: { error: unknown }) => ({ codePrompt: bookingErrorText(params.error) })),
    storeCodeError: assign((_, params: { error: unknown }) => ({ codeError: bookingErrorText(params.error) })),
    /** Not 6 digits: the form says so at the field, and nothing is sent. */
    refuseMalformedCode: assign({ codeError: WIRE_MESSAGES.emailVerificationCode }),
    pointAtCode: emit({ type: 'attention' as const, field: 'code' as const }),
    /** Booked or failed: the code step is over. */
    leaveCodeStep: assign({ codePrompt: null, code: '', codeError: null }),
  },
}).createMachine({
  id: 'bookingForm',
  context: ({ input }) => ({
    variant: input.variant,
    timeZone: input.timeZone,
    hour24: input.hour24,
    now: input.now,
    identity: input.identity,
    locations: input.locations,
    phone: input.phone,
    fields: emptyFields(input.locations),
    touched: untouched(),
    submitted: false,
    bookingError: null,
    confirmed: null,
    codePrompt: null,
    code: '',
    codeError: null,
    lead: null,
  }),
  invoke: {
    id: 'slots',
    src: 'slots',
    input: ({ context }) => ({ now: context.now, timeZone: context.timeZone }),
  },
  initial: 'idle',
  states: {
    /** Before the first submit attempt: errors show only for touched fields. */
    idle: {
      on: {
        ...editing,
        SUBMIT: submit,
      },
    },
    /** A submit attempt found errors: every error shows, live. */
    submitted: {
      on: {
        ...editing,
        SUBMIT: submit,
      },
    },
    /** The request is in flight: 'Processing...'. Leaving this state always ends it. */
    submitting: {
      entry: ['clearBookingError', 'forgetConfirmation', 'clearCodeError'],
      invoke: {
        id: 'bookEvent',
        src: 'bookEvent',
        input: ({ context }) =>
          buildBookingPayload(
            {
              name: context.fields.name,
              email: context.fields.email,
              notes: context.fields.notes,
              slot: context.fields.slot ?? '',
              timeZone: context.timeZone,
              location: locationOf(context),
              emailVerificationCode: context.code,
              hour24: context.hour24,
              lead: context.lead,
            },
            context.identity,
          ),
        onDone: {
          target: 'success',
          actions: [
            { type: 'storeConfirmation', params: ({ context, event }) => ({ booking: confirmedBooking(event.output, context) }) },
            { type: 'announceConfirmed', params: ({ context, event }) => ({ booking: confirmedBooking(event.output, context) }) },
          ],
        },
        onError: [
          {
            // 409: the slot was taken meanwhile; the day reloads without it and the choice clears.
            guard: { type: 'slotTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'slotTaken',
            actions: [
              { type: 'storeBookingError', params: ({ event }) => ({ error: event.error }) },
              'clearSlot',
              'reloadSlots',
              'pointAtTimes',
            ],
          },
          {
            // 403 email_verification_required: a code went to the address (docs/design.md#email-codes).
            guard: { type: 'codeAsked', params: ({ event }) => ({ error: event.error }) },
            target: 'verifying',
            actions: { type: 'storeCodePrompt', params: ({ event }) => ({ error: event.error }) },
          },
          {
            // The code or a new one refused: its sentence shows at the code field, and the step goes on.
            guard: { type: 'codeRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'verifying',
            actions: { type: 'storeCodeError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'error',
            actions: { type: 'storeBookingError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /**
     * Confirmed: the modal closes on `confirmed`; the inline form clears and returns to idle after 5 s, keeping
     * the booking for its one-line reminder until the visitor books again.
     */
    success: {
      entry: ['clearForm', 'leaveCodeStep', 'reloadSlots'],
      after: {
        successReset: { guard: 'isInline', target: 'idle' },
      },
      on: {
        ...editing,
        SUBMIT: submit,
      },
    },
    /**
     * The server emailed a code (docs/design.md#email-codes): the time and the fields stay (and can still be
     * edited); Confirm sends the request again with the code, 'Send a new code' sends it without one. The view
     * moves the focus to the code's field each time the step starts or a code is refused.
     */
    verifying: {
      entry: 'pointAtCode',
      on: {
        ...editing,
        CODE_CHANGED: { actions: 'setCode' },
        SUBMIT: [
          fieldsFirst,
          { guard: 'codeWellFormed', target: 'submitting' },
          { actions: ['refuseMalformedCode', 'pointAtCode'] },
        ],
        RESEND: [fieldsFirst, { target: 'submitting', actions: 'clearCode' }],
      },
    },
    /**
     * The time was taken meanwhile (docs/design.md#errors): the day reloads without it, and the sentence shows at the
     * times until the visitor chooses another (the form is as before a first attempt then) or submits again.
     */
    slotTaken: {
      entry: 'leaveCodeStep',
      on: {
        ...editing,
        SLOT_CHOSEN: { target: 'idle', actions: 'chooseSlot' },
        // No time is chosen here (another ends the state): a submit is refused, pointing at the first field to fix.
        SUBMIT: refusedSubmit,
      },
    },
    /** The booking failed; the message shows until the next attempt. */
    error: {
      // A failure ends the code step (a taken slot too: the next attempt starts without a code).
      entry: 'leaveCodeStep',
      on: {
        ...editing,
        SUBMIT: submit,
      },
    },
  },
})

export type BookingFormSnapshot = SnapshotFrom<typeof bookingFormMachine>

/** The errors the visitor sees: a field's message once it is touched or after a submit attempt. */
export function visibleErrors(context: BookingFormContext): FieldErrors {
  const shown: FieldErrors = {}
  const showing = (field: FieldName) => context.touched[field] || context.submitted
  // As the form opens nothing can show, so nothing is validated: the form's first render, which the picker's first
  // slots wait for, does not parse the fields (docs/performance.md#what-the-forms-code-does-as-it-loads).
  if (!FORM_ORDER.some(showing)) return shown
  const errors = validateBooking(context.fields, context.phone)
  for (const field of FORM_ORDER) if (errors[field] && showing(field)) shown[field] = errors[field]
  return shown
}

/** Where the form is: idle, submitted, submitting, verifying, success, slotTaken or error. */
export const formStatus = (snapshot: BookingFormSnapshot) => snapshot.value

/** The note's length as it would be sent (line breaks as one character, trimmed): the form's live count. */
export const notesLength = (context: BookingFormContext): number => normalizeNotes(context.fields.notes).length

/**
 * The code step as the view shows it (docs/design.md#email-codes): the server's sentence, the code as typed and the
 * sentence at its field; null outside the step (it stays while a code or a new one is being sent).
 */
export function codeStep(context: BookingFormContext): { prompt: string; code: string; error: string | null } | null {
  return context.codePrompt === null ? null : { prompt: context.codePrompt, code: context.code, error: context.codeError }
}
