import { assertEvent, assign, setup } from 'xstate'
import type { ConfirmedBooking } from './bookingForm'
import type { FocusReturnTarget } from './focusTarget'
import { providedByApp } from './providedByApp'

export type { FocusReturnTarget }

export interface BookingModalContext {
  /** Whatever opened the modal (a Book a Call button), to give focus back to. */
  opener: FocusReturnTarget | null
  /** Bumped on every open: the view keys the form with it, so each open shows a fresh, empty form. */
  formKey: number
  /** The last confirmed booking, shown in the toast until dismissed. */
  booking: ConfirmedBooking | null
}

export type BookingModalEvent =
  | { type: 'OPEN'; opener?: FocusReturnTarget | null }
  | { type: 'ESCAPE_PRESSED' }
  | { type: 'CLOSE_CLICKED' }
  | { type: 'BACKDROP_CLICKED' }
  | { type: 'BOOKING_CONFIRMED'; booking: ConfirmedBooking }
  | { type: 'TOAST_DISMISSED' }

/**
 * The booking modal (docs/design.md#pages): opens from any Book a Call button; closes on Escape, its close button
 * and a backdrop click; page scrolling is locked while it is open; every open shows a fresh form.
 * A confirmed booking closes it and keeps the booking for the confirmation toast until dismissed; focus goes to
 * the toast then, and back to the modal's opener on any other close or when the toast is dismissed.
 *
 * Both are one transition each way, so every combination the machine can be in is one a visitor can
 * reach and act on: the toast only appears with the modal closing (only the open modal's form
 * confirms), and opening the modal again puts an earlier toast away (it would sit, inert, under the
 * modal's backdrop, where its Dismiss button cannot be reached).
 */
export const bookingModalMachine = setup({
  types: {
    context: {} as BookingModalContext,
    events: {} as BookingModalEvent,
  },
  actions: {
    assignOpener: assign({
      opener: ({ event }) => {
        assertEvent(event, 'OPEN')
        return event.opener ?? null
      },
    }),
    startFreshForm: assign({ formKey: ({ context }) => context.formKey + 1 }),
    keepBooking: assign({
      booking: ({ event }) => {
        assertEvent(event, 'BOOKING_CONFIRMED')
        return event.booking
      },
    }),
    clearBooking: assign({ booking: null }),
    lockPageScroll: () => providedByApp('lockPageScroll'),
    unlockPageScroll: () => providedByApp('unlockPageScroll'),
    returnFocusToOpener: () => providedByApp('returnFocusToOpener'),
    focusConfirmation: () => providedByApp('focusConfirmation'),
  },
}).createMachine({
  id: 'bookingModal',
  context: { opener: null, formKey: 0, booking: null },
  type: 'parallel',
  states: {
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN: {
              target: ['open', '#bookingModal.toast.hidden'],
              actions: ['assignOpener', 'startFreshForm', 'clearBooking'],
            },
          },
        },
        open: {
          entry: 'lockPageScroll',
          exit: 'unlockPageScroll',
          on: {
            ESCAPE_PRESSED: { target: 'closed', actions: 'returnFocusToOpener' },
            CLOSE_CLICKED: { target: 'closed', actions: 'returnFocusToOpener' },
            BACKDROP_CLICKED: { target: 'closed', actions: 'returnFocusToOpener' },
            // Focus goes to the confirmation, so its links are the next Tab stops (docs/booking.md#confirmation).
            BOOKING_CONFIRMED: { target: ['closed', '#bookingModal.toast.shown'], actions: ['keepBooking', 'focusConfirmation'] },
          },
        },
      },
    },
    toast: {
      initial: 'hidden',
      states: {
        hidden: {},
        shown: {
          on: {
            // The Dismiss button goes away with the toast: focus goes back to what opened the modal.
            TOAST_DISMISSED: { target: 'hidden', actions: ['clearBooking', 'returnFocusToOpener'] },
          },
        },
      },
    },
  },
})
