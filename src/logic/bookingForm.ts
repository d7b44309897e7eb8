import { fromPromise } from 'xstate'
import type { BookingRequest, BookingResponse } from '../../core/bookingWire'
import type { SlotsByDate, SlotsQuery } from '../../core/slotWindow'
import { bookingFormMachine } from '../../machines/bookingForm'
import { slotsMachine } from '../../machines/slots'
import { bookEvent, fetchSlots } from '../lib/calendarApi'

export const slotsLogic = slotsMachine.provide({
  actors: {
    loadSlots: fromPromise<SlotsByDate, SlotsQuery>(({ input, signal }) => fetchSlots(input, signal)),
  },
})

export const bookingFormLogic = bookingFormMachine.provide({
  actors: {
    slots: slotsLogic,
    bookEvent: fromPromise<BookingResponse, BookingRequest>(({ input, signal }) => bookEvent(input, signal)),
  },
})
