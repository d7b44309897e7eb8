import { fromPromise } from 'xstate'
import type { BookingRequest, BookingResponse } from '../../core/bookingWire'
import { bookingFormMachine } from '../../machines/bookingForm'
import { bookEvent } from '../lib/calendarApi'
import { slotsLogic } from './slots'

export const bookingFormLogic = bookingFormMachine.provide({
  actors: {
    slots: slotsLogic,
    bookEvent: fromPromise<BookingResponse, BookingRequest>(({ input, signal }) => bookEvent(input, signal)),
  },
})
