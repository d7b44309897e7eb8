import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useEffectEvent } from 'react'
import { codeStep, formStatus, notesLength, visibleErrors, type AttentionField, type BookingVariant, type ConfirmedBooking } from '../../../machines/bookingForm'
import type { CallKind } from '../../../core/browserSettings'
import { phoneRules } from '../../../core/phone'
import { todayAt } from '../../../core/slotWindow'
import { noPhoneRules } from '../../../core/phoneRules'
import { bookingSettings } from '../../config'
import { bookingFormLogic } from '../../logic/bookingForm'
import { nowInstant } from '../../lib/time/format'
import { firstTouch } from '../../lib/pages/firstTouch'
import { preferredHour24, preferredTimeZone } from '../../lib/time/timePreferences'
import { useDaySlots } from './useDaySlots'

const sameErrors = (a: object | null, b: object | null) => JSON.stringify(a) === JSON.stringify(b)

/**
 * How the form reads a phone number. A constant in a build (vite.config.ts), so a video-only build's form drops
 * libphonenumber-js, about 60 KB compressed a press at load would wait for (docs/performance.md#how-it-is-done);
 * read from the settings where there is no build (tests).
 */
const phoneOffered = import.meta.env.PHONE_OFFERED ?? bookingSettings.locations.includes('phone')
const phone = phoneOffered ? phoneRules(bookingSettings.phoneCountry, bookingSettings.phoneCountries) : noPhoneRules(bookingSettings.phoneCountry)

/**
 * What a new form's machine takes from the visitor's settings and the clock (the zone, the clock, today there),
 * as a key: the modal's next form, drawn ahead while the dialog is shut, is drawn again if any of them has
 * changed by the time it opens (docs/performance.md#the-next-form-drawn-ahead).
 */
export function formStartKey(): string {
  const timeZone = preferredTimeZone()
  return `${timeZone} ${preferredHour24()} ${todayAt(nowInstant(), timeZone)}`
}

/**
 * Where a booking made now comes from (docs/booking.md#where-a-lead-came-from): the visit's first touch, the page the
 * form is on, and what opened it.
 */
const leadNow = (openedFrom: string | undefined) => ({
  ...firstTouch(),
  bookedOnPage: location.pathname,
  ...(openedFrom ? { bookedFrom: openedFrom } : {}),
})

/**
 * One booking form actor per component instance, with the visitor's zone and the current time as
 * input, and named senders so the views never build events. `openedFrom`: what opened the form (the Book a Call
 * button's `from`, `inline`), sent with the booking.
 */
export function useBookingForm(
  variant: BookingVariant,
  onConfirmed: ((booking: ConfirmedBooking) => void) | undefined,
  onAttention: (field: AttentionField) => void,
  openedFrom?: string,
) {
  const form = useActorRef(bookingFormLogic, {
    input: {
      variant,
      timeZone: preferredTimeZone(),
      hour24: preferredHour24(),
      now: nowInstant(),
      identity: bookingSettings,
      locations: bookingSettings.locations,
      phone,
    },
  })
  const confirmed = useEffectEvent((booking: ConfirmedBooking) => onConfirmed?.(booking))
  const attention = useEffectEvent((field: AttentionField) => onAttention(field))
  useEffect(() => {
    const subscriptions = [form.on('confirmed', (event) => confirmed(event.booking)), form.on('attention', (event) => attention(event.field))]
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
  }, [form])

  const slots = useDaySlots(useSelector(form, (s) => s.children.slots))

  const state = useSelector(form, formStatus)
  const fields = useSelector(form, (s) => s.context.fields)
  const errors = useSelector(form, (s) => visibleErrors(s.context), sameErrors)
  const notesCount = useSelector(form, (s) => notesLength(s.context))
  const bookingError = useSelector(form, (s) => (s.matches('error') ? s.context.bookingError : null))
  // A taken time's sentence shows at the times, where the visitor chooses again.
  const slotTakenError = useSelector(form, (s) => (s.matches('slotTaken') ? s.context.bookingError : null))
  const confirmation = useSelector(form, (s) => (s.matches('success') ? s.context.confirmed : null))
  // After the inline form's reset: the booking, for its one-line reminder, until the visitor books again.
  const booked = useSelector(form, (s) => (s.matches('success') ? null : s.context.confirmed))
  const timeZone = useSelector(form, (s) => s.context.timeZone)
  const hour24 = useSelector(form, (s) => s.context.hour24)
  const locations = useSelector(form, (s) => s.context.locations)
  // The email-code step (docs/design.md#email-codes), while the server asks for a code.
  const code = useSelector(form, (s) => codeStep(s.context), sameErrors)
  // Controls ask the machine whether it takes their event now (read-only while submitting).
  const canEdit = useSelector(form, (s) => s.can({ type: 'NAME_CHANGED', value: '' }))
  const canChooseSlot = useSelector(form, (s) => s.can({ type: 'SLOT_CHOSEN', slot: '' }))
  const canSubmit = useSelector(form, (s) => s.can({ type: 'SUBMIT' }))
  const canChangeTime = useSelector(form, (s) => s.can({ type: 'CLOCK_CHANGED', hour24: false }))
  const canEditCode = useSelector(form, (s) => s.can({ type: 'CODE_CHANGED', value: '' }))
  const canResend = useSelector(form, (s) => s.can({ type: 'RESEND' }))

  return {
    state,
    fields,
    errors,
    notesCount,
    bookingError,
    slotTakenError,
    confirmation,
    booked,
    timeZone,
    hour24,
    locations,
    code,
    canEdit,
    canEditCode,
    canResend,
    canChangeTime,
    canChooseSlot,
    canSubmit,
    slots,
    changeName: (value: string) => form.send({ type: 'NAME_CHANGED', value }),
    changeEmail: (value: string) => form.send({ type: 'EMAIL_CHANGED', value }),
    blurName: () => form.send({ type: 'NAME_BLURRED' }),
    blurEmail: () => form.send({ type: 'EMAIL_BLURRED' }),
    changeNotes: (value: string) => form.send({ type: 'NOTES_CHANGED', value }),
    blurNotes: () => form.send({ type: 'NOTES_BLURRED' }),
    changePhone: (value: string) => form.send({ type: 'PHONE_CHANGED', value }),
    blurPhone: () => form.send({ type: 'PHONE_BLURRED' }),
    chooseLocation: (location: CallKind) => form.send({ type: 'LOCATION_CHOSEN', location }),
    chooseSlot: (slot: string) => form.send({ type: 'SLOT_CHOSEN', slot }),
    submit: () => form.send({ type: 'SUBMIT', lead: leadNow(openedFrom) }),
    changeCode: (value: string) => form.send({ type: 'CODE_CHANGED', value }),
    resendCode: () => form.send({ type: 'RESEND' }),
    chooseTimeZone: (zone: string) => form.send({ type: 'TIME_ZONE_CHOSEN', timeZone: zone }),
    changeClock: (value: boolean) => form.send({ type: 'CLOCK_CHANGED', hour24: value }),
  }
}
