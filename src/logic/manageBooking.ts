import { fromPromise } from 'xstate'
import type { BookingView, CancelRequest, RescheduleRequest } from '../../core/manageWire'
import { manageBookingMachine } from '../../machines/manageBooking'
import { focusInPageContent } from '../lib/dom/focus'
import { cancelBooking, fetchBooking, rescheduleBooking } from '../lib/api/manageApi'
import { rememberHour24, rememberTimeZone } from '../lib/time/timePreferences'
import { slotsLogic } from './slots'

/** The id of the heading of the manage page's current step (one step shows at a time). */
export const STEP_HEADING_ID = 'manage-step-heading'

export const manageBookingLogic = manageBookingMachine.provide({
  actors: {
    loadBooking: fromPromise<BookingView, { uid: string }>(({ input, signal }) => fetchBooking(input.uid, signal)),
    cancelBooking: fromPromise<void, CancelRequest>(({ input, signal }) => cancelBooking(input, signal)),
    rescheduleBooking: fromPromise<BookingView, RescheduleRequest>(({ input, signal }) => rescheduleBooking(input, signal)),
    slots: slotsLogic,
  },
  actions: {
    focusStepHeading: () => focusInPageContent(STEP_HEADING_ID),
    rememberTimeZone: ({ context }) => rememberTimeZone(context.timeZone),
    rememberClock: ({ context }) => rememberHour24(context.hour24),
  },
})
