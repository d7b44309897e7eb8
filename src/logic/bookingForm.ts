import { fromPromise } from 'xstate'
import type { BookingRequest, BookingResponse } from '../../core/bookingWire'
import { bookingFormMachine } from '../../machines/bookingForm'
import { bookEvent } from '../lib/api/calendarApi'
import { rememberHour24, rememberTimeZone } from '../lib/time/timePreferences'
import { slotsLogic } from './slots'

export const bookingFormLogic = bookingFormMachine.provide({
  actors: {
    slots: slotsLogic,
    bookEvent: fromPromise<BookingResponse, BookingRequest>(({ input, signal }) => bookEvent(input, signal)),
  },
  actions: {
    rememberTimeZone: ({ context }) => rememberTimeZone(context.timeZone),
    rememberClock: ({ context }) => rememberHour24(context.hour24),
  },
})
