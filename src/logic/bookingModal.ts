import { bookingModalMachine } from '../../machines/bookingModal'
import { focusAfterRender } from '../lib/focus'
import { lockPageScroll, unlockPageScroll } from '../lib/scrollLock'

export const bookingModalLogic = bookingModalMachine.provide({
  actions: {
    lockPageScroll: () => lockPageScroll(),
    unlockPageScroll: () => unlockPageScroll(),
    returnFocusToOpener: ({ context }) => focusAfterRender(context.opener),
  },
})
