import { mobileMenuMachine } from '../../machines/mobileMenu'
import { focusAfterRender } from '../lib/focus'
import { lockPageScroll, unlockPageScroll } from '../lib/scrollLock'

export const mobileMenuLogic = mobileMenuMachine.provide({
  actions: {
    lockPageScroll: () => lockPageScroll(),
    unlockPageScroll: () => unlockPageScroll(),
    returnFocusToToggle: ({ context }) => focusAfterRender(context.toggle),
  },
})
