import { mobileMenuMachine } from '../../machines/mobileMenu'
import { focusAfterRender } from '../lib/dom/focus'
import { lockPageScroll, unlockPageScroll } from '../lib/dom/scrollLock'

export const mobileMenuLogic = mobileMenuMachine.provide({
  actions: {
    lockPageScroll: () => lockPageScroll(),
    unlockPageScroll: () => unlockPageScroll(),
    returnFocusToToggle: ({ context }) => focusAfterRender(context.toggle),
  },
})
