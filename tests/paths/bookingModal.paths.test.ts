import { expect } from 'vitest'
import { createActor } from 'xstate'
import { bookingModalMachine } from '../../machines/bookingModal'
import { describeMachinePaths } from './support/machineLevel'
import { bookingModalModel, CONFIRMED, OPENER } from './ui/support/chromeModels'

const booking = CONFIRMED
const opener = OPENER

describeMachinePaths(
  'bookingModal',
  bookingModalMachine,
  () => {
    const effects = { locks: 0, focusReturns: 0, opens: 0, dismissals: 0, confirmations: 0, focusedConfirmations: 0 }
    const actor = createActor(
      bookingModalMachine.provide({
        actions: {
          lockPageScroll: () => void (effects.locks += 1),
          unlockPageScroll: () => void (effects.locks -= 1),
          returnFocusToOpener: ({ context }) => {
            expect(context.opener).toBe(opener)
            effects.focusReturns += 1
          },
          focusConfirmation: ({ context }) => {
            expect(context.booking).toEqual(booking)
            effects.focusedConfirmations += 1
          },
        },
      }),
    )
    actor.start()
    return { actor, effects, snapshot: () => actor.getSnapshot(), stop: () => actor.stop() }
  },
  {
    ...bookingModalModel,
    events: {
      OPEN: (sut, event) => {
        sut.effects.opens += 1
        sut.actor.send(event)
      },
      ESCAPE_PRESSED: (sut) => sut.actor.send({ type: 'ESCAPE_PRESSED' }),
      CLOSE_CLICKED: (sut) => sut.actor.send({ type: 'CLOSE_CLICKED' }),
      BACKDROP_CLICKED: (sut) => sut.actor.send({ type: 'BACKDROP_CLICKED' }),
      BOOKING_CONFIRMED: (sut, event) => {
        sut.effects.confirmations += 1
        sut.actor.send(event)
      },
      TOAST_DISMISSED: (sut) => {
        sut.effects.dismissals += 1
        sut.actor.send({ type: 'TOAST_DISMISSED' })
      },
    },
    internal: { advance: () => {}, done: {}, error: {} },
    states: {
      dialog: () => {},
      'dialog.closed': (sut) => {
        expect(sut.effects.locks, 'page scrolling is free').toBe(0)
        // Every close without a booking, and every dismissal of the toast (its button goes away), gave focus back
        // to the opener; every booking gave it to the toast instead.
        expect(sut.effects.focusReturns).toBe(sut.effects.opens - sut.effects.confirmations + sut.effects.dismissals)
        expect(sut.effects.focusedConfirmations).toBe(sut.effects.confirmations)
      },
      'dialog.open': (sut) => {
        expect(sut.effects.locks, 'page scrolling is locked once').toBe(1)
        expect(sut.snapshot().context.opener).toBe(opener)
        // A fresh form on every open.
        expect(sut.snapshot().context.formKey).toBe(sut.effects.opens)
      },
      toast: () => {},
      'toast.hidden': (sut) => expect(sut.snapshot().context.booking).toBeNull(),
      'toast.shown': (sut) => expect(sut.snapshot().context.booking).toEqual(booking),
    },
  },
)
