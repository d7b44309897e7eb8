import { bookingModalMachine } from '../../machines/bookingModal'
import { BOOKING_TOAST_FIRST_LINE_ID } from '../lib/elementIds'
import { focusAfterRender, focusWhenDrawn } from '../lib/focus'
import { lockPageScroll, unlockPageScroll } from '../lib/scrollLock'

export const bookingModalLogic = bookingModalMachine.provide({
  actions: {
    lockPageScroll: () => lockPageScroll(),
    unlockPageScroll: () => unlockPageScroll(),
    returnFocusToOpener: ({ context }) => focusAfterRender(context.opener),
    focusConfirmation: () => focusWhenDrawn(BOOKING_TOAST_FIRST_LINE_ID),
  },
})
