import { expect } from 'vitest'
import { createActor, SimulatedClock } from 'xstate'
import { bookingFormMachine, codeStep, formStatus, notesLength, visibleErrors, type BookingFormEvent, type BookingFormSnapshot, type ConfirmedBooking } from '../../machines/bookingForm'
import { validateBooking } from '../../core/bookingFields'
import { slotsMachine } from '../../machines/slots'
import type { SlotsByDate } from '../../core/slotWindow'
import type { SlotsQuery } from '../../core/slotWindow'
import type { BookingRequest, BookingResponse } from '../../core/bookingWire'
import { controllablePromiseActor } from './support/fakes'
import { describeMachinePaths, type PathCases } from './support/machineLevel'
import type { AnySnapshot, ModelOptions, ModelPath } from './support/machineModel'
import { bookingPayload } from '../support/bookingPayload'
import {
  BOOKED,
  bookingFormModel,
  CHOSEN,
  CHOSEN_END,
  CHOSEN_START,
  CODE_MALFORMED,
  codeStepAfter,
  EMAIL,
  failureOf,
  HOSTILE_NOTE,
  LEAD,
  NAME,
  NOTE,
  PHONE_E164,
  PHONE_SHOWN,
  TEXTS,
  TIME_ZONE,
  type BookingFailure,
} from './ui/support/bookingModel'

/** The fields in the order the form shows them (a refused submit points at the first to fix). */
const FORM_ORDER = ['name', 'email', 'phone', 'slot', 'notes'] as const
/**
 * The inline form's model at the machine level: whether a sentence shows at the code's field is part of the
 * vertex too, so a Confirm or 'Send a new code' right after a refused code is walked (the new request clears the
 * sentence). The other variants leave it out: they walk the same steps of the code step.
 */
function machineModel(options: ModelOptions): ModelOptions {
  const vertex = options.serializeState!
  return { ...options, serializeState: (s: AnySnapshot) => JSON.stringify([vertex(s), s.context.codeError !== null]) }
}

/** Each step of a path with the snapshot it is taken from: what the cases read (never what the machine made of it). */
const stepsOf = (path: ModelPath) => path.steps.slice(1).map((step, i) => ({ event: step.event, before: path.steps[i]!.state }))

/** The field a submit attempt in this snapshot points at: the first wrong one in the form's order. */
const firstToFix = (snapshot: AnySnapshot) => {
  const errors = validateBooking(snapshot.context.fields, snapshot.context.phone)
  return FORM_ORDER.find((field) => errors[field])
}

/** Cases the mutation run's covering paths walk beside every transition (docs/testing.md, "Mutation testing"). */
const EMAIL_FIRST_CASE: PathCases = {
  'a submit refused with the email first to fix': (path) => stepsOf(path).some(({ event, before }) => event.type === 'SUBMIT' && firstToFix(before) === 'email'),
}
const PHONE_CASES: PathCases = {
  'a submit refused with the number first to fix': (path) => stepsOf(path).some(({ event, before }) => event.type === 'SUBMIT' && firstToFix(before) === 'phone'),
  'a phone call booked': (path) =>
    stepsOf(path).some(({ event, before }) => event.type === 'xstate.done.actor.bookEvent' && before.context.fields.location === 'phone'),
}

/**
 * The inline variant (the only one whose success returns to idle, so every transition is reachable), the
 * modal one, whose success stays until the modal closes (a reset that only the inline form may do is checked
 * there), a host who offers video alone (no choice: the request names no location), and one who offers the
 * phone first (the form opens with it chosen). The first two offer video and phone, video first.
 */
describeMachinePaths(
  'bookingForm',
  bookingFormMachine,
  (input) => {
    const book = controllablePromiseActor<BookingResponse, BookingRequest>()
    const loads = controllablePromiseActor<SlotsByDate, SlotsQuery>()
    const clock = new SimulatedClock()
    const remembered = { timeZone: [] as string[], hour24: [] as boolean[] }
    const machine = bookingFormMachine.provide({
      actors: { bookEvent: book.logic, slots: slotsMachine.provide({ actors: { loadSlots: loads.logic } }) },
      actions: {
        rememberTimeZone: ({ context }) => void remembered.timeZone.push(context.timeZone),
        rememberClock: ({ context }) => void remembered.hour24.push(context.hour24),
      },
    })
    const actor = createActor(machine, { input, clock })
    const sut = {
      actor,
      /** How the call happens (the host's first way until the visitor chooses), and the number as typed. */
      location: input.locations[0] ?? 'video',
      firstLocation: input.locations[0] ?? 'video',
      phone: '',
      offersChoice: input.locations.length > 1,
      clock,
      book,
      loads,
      remembered,
      /** The zone and clock the visitor has chosen (Auckland and 12 hours until they change them). */
      timeZone: TIME_ZONE,
      hour24: false,
      /** The zone and clock when the server confirmed. */
      bookedIn: { timeZone: TIME_ZONE, hour24: false },
      /** What the form announced (the modal closes on it), and the fields it pointed at (focus goes there). */
      announced: [] as ConfirmedBooking[],
      attention: [] as string[],
      expectedAttention: [] as string[],
      /** The last confirmed booking, until the next attempt to book (the inline form's one-line reminder). */
      lastBooked: null as ConfirmedBooking | null,
      /** Bookings the fake confirmed, and slot loads before the last answer. */
      confirmedByServer: 0,
      loadsBeforeAnswer: 0,
      /** The day row's and the chosen day's window before the last answer: a taken time reloads them where they were. */
      rowBeforeAnswer: { day: '', windowDay: '', timeZone: '' },
      failure: null as BookingFailure | null,
      /** How the last confirmed call happens. */
      bookedBy: 'video' as 'video' | 'phone',
      /** The name, email and note as the visitor last wrote them ('' until then, and again after a confirmed booking). */
      name: '',
      email: '',
      notes: '',
      /** The fields the visitor has left or chosen (their errors show before a submit attempt) since the form last cleared. */
      touched: untouched(),
      /** Whether a time was chosen since the last failure. */
      choseSinceFailure: false,
      /**
       * The email-code step as the visitor sees it: the server's sentence (null outside the step), the code as
       * typed, the sentence at its field, and the code the request in flight carries ('' for none).
       */
      codePrompt: null as string | null,
      code: '',
      codeError: null as string | null,
      sentCode: '',
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
    actor.on('confirmed', (event) => sut.announced.push(event.booking))
    actor.on('attention', (event) => sut.attention.push(event.field))
    actor.start()
    return sut
  },
  {
    ...machineModel(bookingFormModel('inline')),
    cases: { ...EMAIL_FIRST_CASE, ...PHONE_CASES },
    variants: {
      modal: bookingFormModel('modal'),
      'video only': { ...bookingFormModel('inline', ['video']), cases: EMAIL_FIRST_CASE },
      'phone first': bookingFormModel('inline', ['phone', 'video']),
    },
    views: { notesLength: (snapshot) => notesLength(snapshot.context), codeStep: (snapshot) => codeStep(snapshot.context) },
    events: {
      NAME_CHANGED: (sut, event) => {
        sut.name = event.value
        sut.actor.send(event)
      },
      EMAIL_CHANGED: (sut, event) => {
        sut.email = event.value
        sut.actor.send(event)
      },
      NOTES_CHANGED: (sut, event) => {
        sut.notes = event.value
        sut.actor.send(event)
      },
      PHONE_CHANGED: (sut, event) => {
        sut.phone = event.value
        sut.actor.send(event)
      },
      LOCATION_CHOSEN: (sut, event) => {
        sut.location = event.location
        sut.actor.send(event)
      },
      PHONE_BLURRED: (sut, event) => blur(sut, 'phone', event),
      NAME_BLURRED: (sut, event) => blur(sut, 'name', event),
      EMAIL_BLURRED: (sut, event) => blur(sut, 'email', event),
      NOTES_BLURRED: (sut, event) => blur(sut, 'notes', event),
      SLOT_CHOSEN: (sut, event) => {
        sut.choseSinceFailure = true
        sut.touched.slot = true
        sut.actor.send(event)
      },
      SUBMIT: (sut, event) => {
        const errors = validateBooking(sut.snapshot().context.fields, sut.snapshot().context.phone)
        const first = FORM_ORDER.find((field) => errors[field])
        // Refused: the form points at the first field to fix; sent: the last booking's reminder goes. In the code
        // step a code that is not 6 digits is refused at its field, and nothing is sent.
        if (first) sut.expectedAttention.push(first)
        else if (sut.codePrompt !== null && !/^\d{6}$/.test(sut.code)) {
          sut.codeError = CODE_MALFORMED
          sut.expectedAttention.push('code')
        } else {
          sut.lastBooked = null
          sut.sentCode = sut.code
          sut.codeError = null
        }
        sut.actor.send(event)
      },
      CODE_CHANGED: (sut, event) => {
        sut.code = event.value
        sut.codeError = null
        sut.actor.send(event)
      },
      RESEND: (sut, event) => {
        const errors = validateBooking(sut.snapshot().context.fields, sut.snapshot().context.phone)
        const first = FORM_ORDER.find((field) => errors[field])
        // The same request without a code; a field made wrong meanwhile is pointed at first.
        if (first) sut.expectedAttention.push(first)
        else {
          sut.code = ''
          sut.sentCode = ''
          sut.codeError = null
        }
        sut.actor.send(event)
      },
      TIME_ZONE_CHOSEN: (sut, event) => {
        sut.timeZone = event.timeZone
        // The week is asked for again in the new zone: one more load than the answer's own.
        sut.loadsBeforeAnswer++
        sut.actor.send(event)
      },
      CLOCK_CHANGED: (sut, event) => {
        sut.hour24 = event.hour24
        sut.actor.send(event)
      },
    },
    internal: {
      advance: (sut, ms) => sut.clock.increment(ms),
      done: {
        bookEvent: (sut, event) => {
          sut.loadsBeforeAnswer = sut.loads.calls.length
          sut.confirmedByServer++
          sut.name = ''
          sut.email = ''
          sut.notes = ''
          sut.bookedBy = sut.location
          sut.lastBooked = {
            uid: BOOKED.uid,
            title: BOOKED.title,
            startTime: BOOKED.startTime,
            endTime: BOOKED.endTime,
            name: NAME,
            email: EMAIL,
            timeZone: sut.timeZone,
            hour24: sut.hour24,
            videoCallUrl: undefined,
            phone: sut.location === 'phone' ? PHONE_SHOWN : undefined,
          }
          sut.location = sut.firstLocation
          sut.phone = ''
          sut.touched = untouched()
          sut.bookedIn = { timeZone: sut.timeZone, hour24: sut.hour24 }
          leaveCodeStep(sut)
          sut.book.last.settle.resolve(event.output as BookingResponse)
        },
      },
      error: {
        bookEvent: (sut, event) => {
          sut.loadsBeforeAnswer = sut.loads.calls.length
          const { day, windowDay } = sut.snapshot().children.slots!.getSnapshot().context
          sut.rowBeforeAnswer = { day, windowDay, timeZone: sut.timeZone }
          const failure = failureOf(event.error)
          const step = codeStepAfter(failure, sut.codePrompt !== null)
          if (step === 'starts') {
            // A code went to the address (now, or less than a minute ago): the step starts (or starts again), pointing at the code's field.
            sut.codePrompt = failure.text
            sut.expectedAttention.push('code')
          } else if (step === 'atField') {
            sut.codeError = failure.text
            sut.expectedAttention.push('code')
          } else {
            sut.failure = failure
            sut.choseSinceFailure = false
            leaveCodeStep(sut)
            // A taken slot points at the times, and its choice is untouched again.
            if (failure.slotTaken) {
              sut.expectedAttention.push('slot')
              sut.touched.slot = false
            }
          }
          sut.book.last.settle.reject(event.error)
        },
      },
    },
    states: {
      idle: (sut) => {
        expectStatusAndTouched(sut)
        expectZoneAndClock(sut)
        const { context, children } = sut.snapshot()
        expect(context.submitted).toBe(false)
        // After the inline form's reset, the booking stays for its reminder line.
        expect(context.confirmed).toEqual(sut.lastBooked)
        // Before a submit attempt a touched field shows its error, and only a touched field does.
        const errors = validateBooking(context.fields, context.phone)
        for (const field of FORM_ORDER) expect(visibleErrors(context)[field]).toBe(context.touched[field] ? errors[field] : undefined)
        expectWritten(sut)
        expectCodeStep(sut)
        expect(children.slots).toBeDefined()
      },
      submitted: (sut) => {
        expectStatusAndTouched(sut)
        expectZoneAndClock(sut)
        const { context } = sut.snapshot()
        expect(context.submitted).toBe(true)
        // From the first attempt every error shows, touched or not; a refused note with the rule's sentence.
        expect(visibleErrors(context)).toEqual(validateBooking(context.fields, context.phone))
        expect(visibleErrors(context).notes).toBe(sut.notes === HOSTILE_NOTE ? TEXTS.notesInvalid : undefined)
        expect(visibleErrors(context).phone).toBe(sut.location === 'phone' && !sut.phone ? TEXTS.phoneRequired : undefined)
        expectWritten(sut)
        expectCodeStep(sut)
      },
      submitting: (sut) => {
        expectStatusAndTouched(sut)
        const { context } = sut.snapshot()
        expect(context.bookingError).toBeNull()
        expect(visibleErrors(context)).toEqual({})
        // The request of docs/design.md#wire, built from the fields as they are now; a note only when written; the
        // emailed code when Confirm sent one (docs/design.md#email-codes); the clock the times are shown in (docs/email.md#times);
        // where the lead came from, as the attempt said it (docs/booking.md#where-a-lead-came-from).
        const responses = { name: NAME, email: EMAIL, guests: [], ...(sut.notes ? { notes: NOTE } : {}), ...expectedLocation(sut) }
        const code = sut.sentCode ? { emailVerificationCode: sut.sentCode } : {}
        const metadata = { timeFormat: sut.hour24 ? '24' : '12', ...LEAD }
        expect(sut.book.last.input).toStrictEqual(bookingPayload({ responses, start: CHOSEN_START, end: CHOSEN_END, timeZone: TIME_ZONE, metadata, ...code }))
        expectCodeStep(sut)
      },
      verifying: (sut) => {
        expectStatusAndTouched(sut)
        expectZoneAndClock(sut)
        const { context } = sut.snapshot()
        // The server's sentence, the code as typed and the sentence at its field; the time and the fields kept.
        expect(sut.codePrompt).not.toBeNull()
        expectCodeStep(sut)
        expect(context.bookingError).toBeNull()
        expect(context.confirmed).toBeNull()
        expect(context.submitted).toBe(true)
        expect(visibleErrors(context)).toEqual(validateBooking(context.fields, context.phone))
        if (!sut.choseSinceFailure) expect(context.fields.slot).toBe(CHOSEN.time)
        expectWritten(sut)
        // Nothing reloads the day while the visitor looks for the code.
        expect(sut.loads.calls.length).toBe(sut.loadsBeforeAnswer)
      },
      success: (sut) => {
        expectStatusAndTouched(sut)
        expectZoneAndClock(sut)
        const { context } = sut.snapshot()
        // In the zone and clock it was booked in; the join link is the server's (absent from this answer), the number the visitor's own.
        const expected = sut.lastBooked
        expect(expected).toMatchObject({ timeZone: sut.bookedIn.timeZone, hour24: sut.bookedIn.hour24, phone: sut.bookedBy === 'phone' ? PHONE_SHOWN : undefined })
        expect(context.confirmed).toEqual(expected)
        // Announced once per confirmed booking; the form cleared (edits may follow) and the day reloaded.
        expect(sut.announced).toEqual(Array.from({ length: sut.confirmedByServer }, () => expected))
        expect(context.submitted).toBe(false)
        expectWritten(sut)
        expect(sut.loads.calls.length).toBe(sut.loadsBeforeAnswer + 1)
        expectCodeStep(sut)
      },
      slotTaken: (sut) => {
        expectStatusAndTouched(sut)
        expectZoneAndClock(sut)
        const { context, children } = sut.snapshot()
        expect(sut.failure?.slotTaken).toBe(true)
        expect(context.bookingError).toBe(sut.failure?.text)
        expect(context.confirmed).toBeNull()
        // Its message is the one shown: the time's own waits for the next attempt.
        expect(context.submitted).toBe(false)
        expect(visibleErrors(context).slot).toBeUndefined()
        expectWritten(sut)
        // The day reloads without the time, in the same row on the same day (until another zone starts the picker
        // again), and the choice clears (another ends the state).
        expect(sut.loads.calls.length).toBe(sut.loadsBeforeAnswer + 1)
        const { day, windowDay, timeZone } = children.slots!.getSnapshot().context
        if (timeZone === sut.rowBeforeAnswer.timeZone) expect({ day, windowDay, timeZone }).toEqual(sut.rowBeforeAnswer)
        expect(context.fields.slot).toBeNull()
        expectCodeStep(sut)
      },
      error: (sut) => {
        expectStatusAndTouched(sut)
        expectZoneAndClock(sut)
        const { context } = sut.snapshot()
        expect(sut.failure?.slotTaken).toBe(false)
        expect(context.bookingError).toBe(sut.failure?.text)
        expect(context.confirmed).toBeNull()
        expect(context.submitted).toBe(true)
        expectWritten(sut)
        // The day is left alone, and the choice kept unless the visitor made another.
        expect(sut.loads.calls.length).toBe(sut.loadsBeforeAnswer)
        if (!sut.choseSinceFailure) expect(context.fields.slot).toBe(CHOSEN.time)
        expectCodeStep(sut)
      },
    },
  },
)

type FieldName = (typeof FORM_ORDER)[number]

/** No field left or chosen yet: as the form opens, and again once a booking clears it. */
const untouched = (): Record<FieldName, boolean> => ({ name: false, email: false, phone: false, slot: false, notes: false })

/** The visitor leaves a field: its error shows from now on, before any submit attempt too. */
function blur(sut: { touched: Record<FieldName, boolean>; actor: { send(event: BookingFormEvent): void } }, field: FieldName, event: BookingFormEvent) {
  sut.touched[field] = true
  sut.actor.send(event)
}

/**
 * What the view reads of the form beside its errors: the state as `formStatus` gives it, and the touched flags
 * that `visibleErrors` reads before a submit attempt (each field left, and the time once chosen, until cleared).
 */
function expectStatusAndTouched(sut: { snapshot(): BookingFormSnapshot; touched: Record<FieldName, boolean> }) {
  const snapshot = sut.snapshot()
  expect(formStatus(snapshot)).toEqual(snapshot.value)
  expect(snapshot.context.touched).toEqual(sut.touched)
}


/**
 * The zone and the clock as chosen: in the form, in its slots (which re-label and start again in the
 * new zone), and remembered for the next visit once the visitor changed them.
 */
function expectZoneAndClock(sut: {
  snapshot(): BookingFormSnapshot
  timeZone: string
  hour24: boolean
  remembered: { timeZone: string[]; hour24: boolean[] }
  attention: string[]
  expectedAttention: string[]
}) {
  // Checked here as in every state that can follow an attempt: the fields pointed at, no more, no fewer.
  expect(sut.attention).toEqual(sut.expectedAttention)
  const { context, children } = sut.snapshot()
  expect(context.timeZone).toBe(sut.timeZone)
  expect(context.hour24).toBe(sut.hour24)
  expect(children.slots?.getSnapshot().context.timeZone).toBe(sut.timeZone)
  expect(sut.remembered.timeZone.at(-1) ?? TIME_ZONE).toBe(sut.timeZone)
  expect(sut.remembered.hour24.at(-1) ?? false).toBe(sut.hour24)
}

/**
 * `responses.location` as docs/design.md#where-the-call-happens gives it: the number in E.164 for a phone
 * call, `video` when the host offered a choice, nothing for a host who offers video alone.
 */
function expectedLocation(sut: { location: 'video' | 'phone'; offersChoice: boolean }) {
  if (sut.location === 'phone') return { location: { value: 'phone', optionValue: PHONE_E164 } }
  return sut.offersChoice ? { location: { value: 'video' } } : {}
}

/** The name, email and note as written: empty as the form opens, kept through failures, cleared by a confirmed booking. */
function expectWritten(sut: { snapshot(): BookingFormSnapshot; name: string; email: string; notes: string }) {
  const { name, email, notes } = sut.snapshot().context.fields
  expect({ name, email, notes }).toEqual({ name: sut.name, email: sut.email, notes: sut.notes })
}

interface CodeStepSut {
  snapshot(): BookingFormSnapshot
  codePrompt: string | null
  code: string
  codeError: string | null
  sentCode: string
}

/** Booked or failed: the code step is over, its digits and sentences gone. */
function leaveCodeStep(sut: CodeStepSut) {
  sut.codePrompt = null
  sut.code = ''
  sut.codeError = null
  sut.sentCode = ''
}

/** The email-code step (docs/design.md#email-codes) as the view reads it: nothing of it outside the step. */
function expectCodeStep(sut: CodeStepSut) {
  const step = codeStep(sut.snapshot().context)
  expect(step).toEqual(sut.codePrompt === null ? null : { prompt: sut.codePrompt, code: sut.code, error: sut.codeError })
  const { context } = sut.snapshot()
  expect({ code: context.code, codeError: context.codeError }).toEqual({ code: sut.code, codeError: sut.codeError })
}
