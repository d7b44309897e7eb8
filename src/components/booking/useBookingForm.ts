import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useEffectEvent } from 'react'
import {
  visibleErrors,
  type BookingFormSnapshot,
  type BookingVariant,
  type ConfirmedBooking,
} from '../../../machines/bookingForm'
import { bookingSettings } from '../../lib/bookingSettings'
import { bookingFormLogic } from '../../logic/bookingForm'
import { nowInstant, visitorTimeZone } from '../../lib/time'

type SlotsActor = NonNullable<BookingFormSnapshot['children']['slots']>
type SlotsSnapshot = ReturnType<SlotsActor['getSnapshot']>

const sameErrors = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b)
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * One booking form actor per component instance, with the visitor's zone and the current time as
 * input, and named senders so the views never build events.
 */
export function useBookingForm(variant: BookingVariant, onConfirmed?: (booking: ConfirmedBooking) => void) {
  const form = useActorRef(bookingFormLogic, {
    input: { variant, timeZone: visitorTimeZone(), now: nowInstant(), identity: bookingSettings },
  })
  const confirmed = useEffectEvent((booking: ConfirmedBooking) => onConfirmed?.(booking))
  useEffect(() => {
    const subscription = form.on('confirmed', (event) => confirmed(event.booking))
    return () => subscription.unsubscribe()
  }, [form])

  const slotsActor = useSelector(form, (s) => s.children.slots) as SlotsActor | undefined
  const status = useSelector(slotsActor, (s?: SlotsSnapshot) =>
    s ? (s.value as 'loading' | 'loaded' | 'empty' | 'failed') : 'loading',
  )
  const slots = useSelector(slotsActor, (s?: SlotsSnapshot) => s?.context.slots ?? [], sameList)
  const day = useSelector(slotsActor, (s?: SlotsSnapshot) => s?.context.day ?? '')
  // Asked of the machine (its guard), not recomputed here.
  const canGoBack = useSelector(slotsActor, (s?: SlotsSnapshot) => s?.can({ type: 'PREVIOUS_DAY' }) ?? false)

  const state = useSelector(form, (s) => s.value as 'idle' | 'submitted' | 'submitting' | 'success' | 'error')
  const fields = useSelector(form, (s) => s.context.fields)
  const errors = useSelector(form, (s) => visibleErrors(s.context), sameErrors)
  const bookingError = useSelector(form, (s) => (s.matches('error') ? s.context.bookingError : null))
  const confirmation = useSelector(form, (s) => (s.matches('success') ? s.context.confirmed : null))
  const timeZone = useSelector(form, (s) => s.context.timeZone)

  return {
    state,
    fields,
    errors,
    bookingError,
    confirmation,
    timeZone,
    slots: { status, slots, day, canGoBack },
    changeName: (value: string) => form.send({ type: 'NAME_CHANGED', value }),
    changeEmail: (value: string) => form.send({ type: 'EMAIL_CHANGED', value }),
    blurName: () => form.send({ type: 'NAME_BLURRED' }),
    blurEmail: () => form.send({ type: 'EMAIL_BLURRED' }),
    chooseSlot: (slot: string) => form.send({ type: 'SLOT_CHOSEN', slot }),
    submit: () => form.send({ type: 'SUBMIT' }),
    previousDay: () => slotsActor?.send({ type: 'PREVIOUS_DAY' }),
    nextDay: () => slotsActor?.send({ type: 'NEXT_DAY' }),
    retrySlots: () => slotsActor?.send({ type: 'RETRY' }),
  }
}
