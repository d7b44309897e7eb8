import { fromPromise } from 'xstate'
import type { SlotsByDate, SlotsQuery } from '../../core/slotWindow'
import { slotsMachine } from '../../machines/slots'
import { fetchSlots } from '../lib/api/calendarApi'

/** The day's slots from the calendar API: the booking form's child and the manage page's. */
export const slotsLogic = slotsMachine.provide({
  actors: {
    loadSlots: fromPromise<SlotsByDate, SlotsQuery>(({ input, signal }) => fetchSlots(input, signal)),
  },
})
