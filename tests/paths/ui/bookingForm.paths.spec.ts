import { expect, test, type Locator, type Page } from '@playwright/test'
import { describeUiPaths } from '../support/uiLevel'
import { bookingFormMachine } from '../../../machines/bookingForm'
import type { InternalExecutors, StateChecks, UserExecutors } from '../support/executors'
import { bookingPayload } from '../../support/bookingPayload'
import { nthRoute, openInlineForm, pathsTo, openModalForm, pauseClock, routeBookingApi, type BookingRoutes } from './support/booking'
import {
  chooseTimeZone,
  clockSwitch,
  codeField,
  resendCodeButton,
  confirmButton,
  contactField,
  dayLabelOf,
  meetingChoice,
  phoneField,
  notesField,
  openNotes,
  slotButtons,
  slotLabel,
  timeGroup,
  typeInto,
  type ContactField,
} from '../../support/pages/bookingForm'
import {
  bookingFormModel,
  CHOSEN,
  CHOSEN_END,
  CHOSEN_START,
  CODE_MALFORMED,
  EMAIL,
  codeStepAfter,
  failureOf,
  HOSTILE_NOTE,
  LOCALE,
  NAME,
  NOTE,
  PHONE_E164,
  PHONE_SHOWN,
  TEXTS,
  OTHER_ZONE,
  TIME_ZONE,
  type BookingFailure,
} from './support/bookingModel'

test.use({ timezoneId: TIME_ZONE, locale: LOCALE })

type M = typeof bookingFormMachine

/** The fields a visitor types in: the two contact fields, the number of a phone call and the optional note. */
type Field = ContactField | 'phone' | 'notes'

/**
 * The form as a visitor drives it, and what the visitor has done so far: from that the checks know
 * which values and which messages must show. Focus matters: leaving a field marks it touched, as in
 * any browser, so executors record where the focus is.
 */
interface FormUi {
  page: Page
  variant: 'modal' | 'inline'
  /** The dialog or the 'Talk to an Expert' section. */
  scope: Locator
  routes: BookingRoutes
  answeredBookings: number
  values: Record<Field, string>
  slot: boolean
  touched: Record<Field | 'slot', boolean>
  submitted: boolean
  focused: Field | null
  failure: BookingFailure | null
  /** How the call happens (the e2e build offers video, preselected, and phone). */
  location: 'video' | 'phone'
  /** How the last confirmed call happens. */
  bookedBy: 'video' | 'phone'
  /** The zone and clock of the last confirmed call, until the visitor books again (the inline form's reminder line). */
  booked: { timeZone: string; hour24: boolean } | null
  /** The note's disclosure was opened (it stays open, in the inline form after a booking too). */
  notesOpen: boolean
  /** The zone and clock the times show in. */
  timeZone: string
  hour24: boolean
  /**
   * The email-code step (docs/design.md#email-codes): the server's sentence (null outside the step), the code as
   * typed, the sentence at its field, and the code the request in flight carries ('' for none).
   */
  codePrompt: string | null
  code: string
  codeError: string | null
  sentCode: string
}

const required: Record<ContactField | 'phone', string> = { name: TEXTS.nameRequired, email: TEXTS.emailRequired, phone: TEXTS.phoneRequired }

async function start(page: Page, variant: FormUi['variant']): Promise<FormUi> {
  const routes = await routeBookingApi(page, { holdSlots: false })
  const scope = variant === 'modal' ? await openModalForm(page) : await openInlineForm(page)
  await expect(slotButtons(scope)).toHaveCount(4)
  // The inline form's 5 s reset runs only when a step advances the clock. (The modal has no delay, and
  // its lazily loaded toast needs running timers to be revealed.)
  if (variant === 'inline') await pauseClock(page)
  return {
    page,
    variant,
    scope,
    routes,
    answeredBookings: 0,
    values: { name: '', email: '', phone: '', notes: '' },
    slot: false,
    touched: { name: false, email: false, phone: false, notes: false, slot: false },
    submitted: false,
    focused: null,
    failure: null,
    location: 'video',
    bookedBy: 'video',
    booked: null,
    notesOpen: false,
    timeZone: TIME_ZONE,
    hour24: false,
    codePrompt: null,
    code: '',
    codeError: null,
    sentCode: '',
  }
}

/** Booked or failed: the code step is over, its field gone. */
function leaveCodeStep(sut: FormUi) {
  sut.codePrompt = null
  sut.code = ''
  sut.codeError = null
  sut.sentCode = ''
}

/** The focus is on the code's field, in view: the step has started, or a code was refused. */
async function expectCodeFieldFocused(sut: FormUi) {
  await expect(codeField(sut.scope)).toBeFocused()
  await expect(codeField(sut.scope)).toBeInViewport()
}

/** Refused before sending: focus goes to the first field to fix, and it comes into view (on a phone too). */
async function expectPointedAt(sut: FormUi, first: Field | 'slot') {
  const target = first === 'slot' ? timeGroup(sut.scope) : await inputOf(sut, first)
  await expect(target).toBeFocused()
  await expect(target).toBeInViewport()
  moveFocus(sut, first === 'slot' ? null : first)
}

/** The first field a submit would find wrong, in the form's order; null when it would book. */
function firstToFix(sut: FormUi): Field | 'slot' | null {
  if (!sut.values.name) return 'name'
  if (!sut.values.email) return 'email'
  if (sut.location === 'phone' && !sut.values.phone) return 'phone'
  if (!sut.slot) return 'slot'
  if (sut.values.notes === HOSTILE_NOTE) return 'notes'
  return null
}

/** Moving the focus to `next` (a field, or anything else) leaves the focused field: it is touched. */
function moveFocus(sut: FormUi, next: Field | null) {
  if (sut.focused && sut.focused !== next) sut.touched[sut.focused] = true
  sut.focused = next
}

/** A field's input; the note's disclosure opens first when it is closed. */
async function inputOf(sut: FormUi, field: Field) {
  if (field === 'phone') return phoneField(sut.scope)
  if (field !== 'notes') return contactField(sut.scope, field)
  sut.notesOpen = true
  return openNotes(sut.scope)
}

/** Key by key, as a person types: what was in the box is selected and deleted first. */
async function type(sut: FormUi, field: Field, value: string) {
  moveFocus(sut, field)
  await typeInto(await inputOf(sut, field), value)
  sut.values[field] = value
}

async function blur(sut: FormUi, field: Field) {
  moveFocus(sut, field)
  const input = await inputOf(sut, field)
  await input.focus()
  await input.blur()
  sut.focused = null
  sut.touched[field] = true
}

const events: UserExecutors<M, FormUi> = {
  NAME_CHANGED: (sut, event) => type(sut, 'name', event.value),
  EMAIL_CHANGED: (sut, event) => type(sut, 'email', event.value),
  NOTES_CHANGED: (sut, event) => type(sut, 'notes', event.value),
  NAME_BLURRED: (sut) => blur(sut, 'name'),
  EMAIL_BLURRED: (sut) => blur(sut, 'email'),
  NOTES_BLURRED: (sut) => blur(sut, 'notes'),
  PHONE_CHANGED: (sut, event) => type(sut, 'phone', event.value),
  PHONE_BLURRED: (sut) => blur(sut, 'phone'),
  LOCATION_CHOSEN: async (sut, event) => {
    moveFocus(sut, null)
    await meetingChoice(sut.scope, event.location === 'phone' ? 'Phone call' : 'Video call').click()
    sut.location = event.location
  },
  SLOT_CHOSEN: async (sut, event) => {
    expect(event.slot).toBe(CHOSEN.time)
    moveFocus(sut, null)
    await slotButtons(sut.scope).filter({ hasText: CHOSEN.label }).click()
    sut.slot = true
    sut.touched.slot = true
  },
  SUBMIT: async (sut) => {
    moveFocus(sut, null)
    const first = firstToFix(sut)
    await confirmButton(sut.scope).click()
    sut.submitted = true
    if (first) return expectPointedAt(sut, first)
    // In the code step a code that is not 6 digits is refused at its field, and nothing is sent.
    if (sut.codePrompt !== null && !/^\d{6}$/.test(sut.code)) {
      sut.codeError = CODE_MALFORMED
      return expectCodeFieldFocused(sut)
    }
    sut.booked = null
    sut.sentCode = sut.code
    sut.codeError = null
  },
  CODE_CHANGED: async (sut, event) => {
    moveFocus(sut, null)
    await typeInto(codeField(sut.scope), event.value)
    sut.code = event.value
    sut.codeError = null
  },
  RESEND: async (sut) => {
    moveFocus(sut, null)
    const first = firstToFix(sut)
    await resendCodeButton(sut.scope).click()
    if (first) return expectPointedAt(sut, first)
    // The same request without a code: the old code's digits go.
    sut.code = ''
    sut.sentCode = ''
    sut.codeError = null
  },
  TIME_ZONE_CHOSEN: async (sut, event) => {
    expect(event.timeZone).toBe(OTHER_ZONE)
    moveFocus(sut, null)
    await chooseTimeZone(sut.scope, 'london', OTHER_ZONE)
    sut.timeZone = event.timeZone
  },
  CLOCK_CHANGED: async (sut, event) => {
    moveFocus(sut, null)
    await clockSwitch(sut.scope).click()
    sut.hour24 = event.hour24
  },
}

const internal: InternalExecutors<FormUi> = {
  advance: (sut, ms) => sut.page.clock.runFor(ms),
  done: {
    bookEvent: async (sut, event) => {
      const route = await nthRoute(sut.routes.bookings, ++sut.answeredBookings)
      await route.fulfill({ json: event.output })
      // Confirmed: the form starts again, empty, by video.
      sut.values = { name: '', email: '', phone: '', notes: '' }
      sut.slot = false
      sut.touched = { name: false, email: false, phone: false, notes: false, slot: false }
      sut.bookedBy = sut.location
      sut.booked = { timeZone: sut.timeZone, hour24: sut.hour24 }
      sut.location = 'video'
      if (sut.variant === 'inline') {
        // Seen and announced: the confirmation comes into view with the focus (the form below it has cleared).
        await expect(inlineConfirmation(sut)).toBeFocused()
        await expect(inlineConfirmation(sut)).toBeInViewport()
      }
      sut.submitted = false
      sut.failure = null
      leaveCodeStep(sut)
    },
  },
  error: {
    bookEvent: async (sut, event) => {
      const route = await nthRoute(sut.routes.bookings, ++sut.answeredBookings)
      const failure = failureOf(event.error)
      // 'Tue 3 Mar' of 'Tue 3 Mar, 4 times': the count changes with the reload, the day must not.
      const dayBefore = failure.slotTaken ? (await pressedDay(sut).getAttribute('aria-label'))!.split(',')[0]! : null
      if (failure.answer === 'network') await route.abort('failed')
      else await route.fulfill({ status: failure.answer.status, contentType: 'application/json', body: failure.answer.body })
      // The code step starts (or starts again), or a code is refused at its field: the focus goes there.
      const step = codeStepAfter(failure, sut.codePrompt !== null)
      if (step !== undefined) {
        if (step === 'starts') sut.codePrompt = failure.text
        else sut.codeError = failure.text
        return expectCodeFieldFocused(sut)
      }
      sut.failure = failure
      leaveCodeStep(sut)
      // A taken slot is no longer chosen.
      if (failure.slotTaken) {
        // A taken slot: its message is the only one, and focus goes to the times to choose another.
        sut.slot = false
        sut.submitted = false
        sut.touched.slot = false
        await expect(timeGroup(sut.scope)).toBeFocused()
        await expect(timeGroup(sut.scope)).toBeInViewport()
        // Its sentence in view there, and the row still on the day the visitor chose from.
        await expect(timesAlert(sut)).toHaveText(failure.text)
        await expect(timesAlert(sut)).toBeInViewport()
        await expect(pressedDay(sut)).toHaveAccessibleName(new RegExp(`^${dayBefore}, `))
      }
    },
  },
}

/** The values typed, the chosen time, and each field's message exactly when it is due (docs/design.md#validation). */
async function expectFields(sut: FormUi) {
  for (const field of ['name', 'email'] as const) {
    const input = contactField(sut.scope, field)
    await expect(input).toHaveValue(sut.values[field])
    if (!sut.values[field] && (sut.touched[field] || sut.submitted)) await expect(input).toHaveAccessibleDescription(required[field])
    else await expect(input).not.toHaveAttribute('aria-invalid')
  }
  await expectMeeting(sut)
  await expectNote(sut)
  const time = timeGroup(sut.scope)
  // The chosen time in the zone and on the clock chosen (the same instant in London is 11:00 pm on Monday).
  const label = slotLabel(CHOSEN.time, sut.timeZone, sut.hour24)
  const chosen = slotButtons(sut.scope).filter({ hasText: new RegExp(`^${label}$`) })
  await expect(clockSwitch(sut.scope)).toHaveAttribute('aria-checked', String(sut.hour24))
  if (sut.slot) {
    await expect(chosen).toHaveAttribute('aria-pressed', 'true')
    await expect(time.getByText(`Selected: ${dayLabelOf(CHOSEN.time, sut.timeZone)}, ${label}`, { exact: true })).toBeVisible()
  } else {
    await expect(time.getByText(/^Selected:/)).toHaveCount(0)
    await expect(timeGroup(sut.scope).getByRole('listitem').getByRole('button', { pressed: true })).toHaveCount(0)
  }
  if (!sut.slot && (sut.touched.slot || sut.submitted)) await expect(time).toHaveAccessibleDescription(TEXTS.slotRequired)
  else await expect(time).not.toHaveAttribute('aria-invalid')
}

/**
 * The note: closed and empty until the visitor opens it; then its text, its count, and the
 * rule's sentence for a refused note once it is touched or after a submit attempt.
 */
async function expectNote(sut: FormUi) {
  const field = notesField(sut.scope)
  if (!sut.notesOpen) {
    await expect(field).toBeHidden()
    return
  }
  await expect(field).toBeVisible()
  await expect(field).toHaveValue(sut.values.notes)
  const count = `${sut.values.notes.trim().length.toLocaleString('en-NZ')} / 1,000 characters`
  if (sut.values.notes === HOSTILE_NOTE && (sut.touched.notes || sut.submitted)) {
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(`${count} ${TEXTS.notesInvalid}`)
  } else {
    await expect(field).not.toHaveAttribute('aria-invalid')
    await expect(field).toHaveAccessibleDescription(count)
  }
}

/** How the call happens: the choice as made, and the number's field (with its message when due) for a phone call only. */
async function expectMeeting(sut: FormUi) {
  await expect(meetingChoice(sut.scope, 'Video call')).toBeChecked({ checked: sut.location === 'video' })
  await expect(meetingChoice(sut.scope, 'Phone call')).toBeChecked({ checked: sut.location === 'phone' })
  const phone = phoneField(sut.scope)
  if (sut.location !== 'phone') {
    await expect(phone).toHaveCount(0)
    return
  }
  await expect(phone).toHaveValue(sut.values.phone)
  if (!sut.values.phone && (sut.touched.phone || sut.submitted)) await expect(phone).toHaveAccessibleDescription(required.phone)
  else await expect(phone).not.toHaveAttribute('aria-invalid')
}

/** A phone call's confirmation says whom the agency calls; this answer has no join link, so a video call's says nothing. */
async function expectCallPlace(sut: FormUi, confirmation: Locator) {
  const calls = confirmation.getByText(`We'll call you on ${PHONE_SHOWN}.`, { exact: true })
  await expect(calls).toHaveCount(sut.bookedBy === 'phone' ? 1 : 0)
  await expect(confirmation.getByRole('link', { name: /^https:/ })).toHaveCount(0)
}

/** `responses.location` as sent when the host offers both: the number in E.164 for a phone call. */
const sentLocation = (sut: FormUi) =>
  sut.location === 'phone' ? { value: 'phone', optionValue: PHONE_E164 } : { value: 'video' }

/**
 * The form's alerts that say something (docs/design.md#errors): a failure's sentence above Confirm, a taken time's at
 * the times (`timesAlert`).
 */
const alertsSaying = (sut: FormUi) => sut.scope.getByRole('alert').filter({ hasText: /\S/ })
const timesAlert = (sut: FormUi) => timeGroup(sut.scope).getByRole('alert').filter({ hasText: /\S/ })
async function expectNoBookingError(sut: FormUi) {
  await expect(alertsSaying(sut)).toHaveCount(0)
}
/** The day chip pressed in the row: a taken time's reload keeps it. */
const pressedDay = (sut: FormUi) => sut.scope.getByRole('group', { name: 'Days' }).getByRole('button', { pressed: true })

/**
 * The email-code step (docs/design.md#email-codes): the server's sentence, the field 'Enter the code' (digits on a
 * phone's keyboard, the code offered from the mail) with the code as typed and its sentence tied to it; nothing of
 * it outside the step.
 */
async function expectCodeStep(sut: FormUi) {
  const field = codeField(sut.scope)
  if (sut.codePrompt === null) {
    await expect(field).toHaveCount(0)
    await expect(resendCodeButton(sut.scope)).toHaveCount(0)
    return
  }
  await expect(sut.scope.getByText(sut.codePrompt, { exact: true })).toBeVisible()
  await expect(field).toHaveValue(sut.code)
  await expect(field).toHaveAttribute('inputmode', 'numeric')
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(field).toHaveAttribute('maxlength', '6')
  if (sut.codeError) {
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(sut.codeError)
  } else await expect(field).not.toHaveAttribute('aria-invalid')
}

const inlineConfirmation = (sut: FormUi) => sut.scope.getByRole('status').filter({ hasText: TEXTS.inlineConfirmed })

/** The place a zone is named after: the confirmation says 'Auckland time'. */
const city = (zone: string) => zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ')

/** The chosen call as the confirmation says it, with its zone: 'Tuesday, 3 March 2026, 12:00 pm (Auckland time)'. */
const confirmedWhen = ({ timeZone, hour24 }: { timeZone: string; hour24: boolean }) =>
  `${dayLabelOf(CHOSEN.time, timeZone)}, ${slotLabel(CHOSEN.time, timeZone, hour24)} (${city(timeZone)} time)`

/**
 * The inline form's line once its confirmation clears, until the visitor books again: 'Booked: Tue 3 Mar, 12:00 pm
 * Auckland time — details in your email'. Never in the modal (it closes on a booking).
 */
async function expectBookedLine(sut: FormUi) {
  const line = sut.scope.getByRole('status').getByText(/^Booked: /)
  if (sut.variant === 'modal' || !sut.booked) {
    await expect(line).toHaveCount(0)
    return
  }
  const { timeZone, hour24 } = sut.booked
  const day = new Intl.DateTimeFormat(LOCALE, { weekday: 'short', day: 'numeric', month: 'short', timeZone }).formatToParts(new Date(CHOSEN.time))
  const part = (type: string) => day.find((p) => p.type === type)!.value
  const when = `${part('weekday')} ${part('day')} ${part('month')}, ${slotLabel(CHOSEN.time, timeZone, hour24)} ${city(timeZone)} time`
  await expect(line).toHaveText(`Booked: ${when} — details in your email`)
}

const states: StateChecks<M, FormUi> = {
  idle: async (sut) => {
    await expect(confirmButton(sut.scope)).toBeEnabled()
    await expectCodeStep(sut)
    await expectFields(sut)
    await expectNoBookingError(sut)
    await expect(inlineConfirmation(sut)).toHaveCount(0)
    await expectBookedLine(sut)
  },
  submitted: async (sut) => {
    await expect(confirmButton(sut.scope)).toBeEnabled()
    await expectCodeStep(sut)
    await expectFields(sut)
    await expectNoBookingError(sut)
    await expect(inlineConfirmation(sut)).toHaveCount(0)
    await expectBookedLine(sut)
  },
  submitting: async (sut) => {
    await expect(sut.scope.getByRole('button', { name: 'Processing...' })).toBeDisabled()
    for (const field of ['name', 'email'] as const) await expect(contactField(sut.scope, field)).toHaveAttribute('readonly')
    if (sut.notesOpen) await expect(notesField(sut.scope)).toHaveAttribute('readonly')
    if (sut.location === 'phone') await expect(phoneField(sut.scope)).toHaveAttribute('readonly')
    await expect(meetingChoice(sut.scope, 'Phone call')).toBeDisabled()
    // What is sent (docs/design.md#wire): the fields as shown, the note as `responses.notes` only when written,
    // the chosen time in the visitor's zone, the build's event type, the clock the times show in (docs/email.md#times),
    // and where the lead came from: the page the form is on, the first of the visit, and what opened it
    // (docs/booking.md#where-a-lead-came-from).
    const request = (await nthRoute(sut.routes.bookings, sut.answeredBookings + 1)).request()
    const responses = { name: NAME, email: EMAIL, guests: [], ...(sut.values.notes ? { notes: NOTE } : {}), location: sentLocation(sut) }
    const code = sut.sentCode ? { emailVerificationCode: sut.sentCode } : {}
    const page = new URL(sut.page.url()).pathname
    const lead = { landingPath: page, bookedOnPage: page, bookedFrom: sut.variant === 'modal' ? 'header' : 'inline' }
    const metadata = { timeFormat: sut.hour24 ? '24' : '12', ...lead }
    expect(request.postDataJSON()).toEqual(bookingPayload({ responses, start: CHOSEN_START, end: CHOSEN_END, timeZone: TIME_ZONE, metadata, ...code }))
    await expectFields(sut)
    await expectNoBookingError(sut)
    await expectCodeStep(sut)
    if (sut.codePrompt !== null) {
      await expect(codeField(sut.scope)).toHaveAttribute('readonly')
      await expect(resendCodeButton(sut.scope)).toBeDisabled()
    }
  },
  verifying: async (sut) => {
    await expect(confirmButton(sut.scope)).toBeEnabled()
    await expect(resendCodeButton(sut.scope)).toBeEnabled()
    await expect(codeField(sut.scope)).not.toHaveAttribute('readonly')
    await expectCodeStep(sut)
    await expectFields(sut)
    await expectNoBookingError(sut)
    await expect(inlineConfirmation(sut)).toHaveCount(0)
  },
  success: async (sut) => {
    if (sut.variant === 'modal') {
      // The modal closes and the toast confirms (docs/design.md#errors, modal variant).
      await expect(sut.scope).toBeHidden()
      const toast = sut.page.getByRole('status').filter({ hasText: TEXTS.modalConfirmed })
      await expect(toast).toBeVisible()
      await expect(toast).toContainText(confirmedWhen(sut.booked!))
      await expectCallPlace(sut, toast)
      return
    }
    await expect(inlineConfirmation(sut)).toBeVisible()
    await expect(inlineConfirmation(sut)).toContainText(confirmedWhen(sut.booked!))
    await expectCallPlace(sut, inlineConfirmation(sut))
    await expect(inlineConfirmation(sut).getByRole('link', { name: 'Google Calendar' })).toBeVisible()
    await expect(confirmButton(sut.scope)).toBeEnabled()
    await expectCodeStep(sut)
    await expectFields(sut)
    await expectNoBookingError(sut)
  },
  slotTaken: async (sut) => {
    await expect(timesAlert(sut)).toHaveText(sut.failure!.text)
    await expect(alertsSaying(sut)).toHaveCount(1)
    await expectCodeStep(sut)
    await expect(confirmButton(sut.scope)).toBeEnabled()
    await expectFields(sut)
    await expect(inlineConfirmation(sut)).toHaveCount(0)
  },
  error: async (sut) => {
    await expect(alertsSaying(sut)).toHaveText(sut.failure!.text)
    await expect(timesAlert(sut)).toHaveCount(0)
    await expectCodeStep(sut)
    await expect(confirmButton(sut.scope)).toBeEnabled()
    await expectFields(sut)
    await expect(inlineConfirmation(sut)).toHaveCount(0)
  },
}

/** The inline 'Talk to an Expert' form: its success returns to idle after 5 s, so every transition is reachable. */
describeUiPaths('bookingForm', bookingFormMachine, (page: Page) => start(page, 'inline'), {
  ...bookingFormModel('inline'),
  label: 'inline',
  noFirstTouch: 'the booking form is drawn by the app (its code loads with the form): none of its events can come before the app runs; the press that opens it before then is bookingModal\'s first touch',
  events,
  internal,
  states,
})

/**
 * The modal: its view ends where the machine reaches success (the modal closes on `confirmed` and the
 * toast confirms). It runs the generated paths up to the server's answer, one per answer: the
 * confirmation and each failure of docs/design.md#errors.
 */
describeUiPaths('bookingForm', bookingFormMachine, (page: Page) => start(page, 'modal'), {
  ...bookingFormModel('modal'),
  label: 'modal',
  noFirstTouch: 'the booking form is drawn by the app (its code loads with the form): none of its events can come before the app runs; the press that opens it before then is bookingModal\'s first touch',
  select: (paths) => pathsTo(paths, ['success', 'error']),
  events,
  internal,
  states,
})
