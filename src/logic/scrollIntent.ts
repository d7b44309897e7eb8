import { scrollIntentMachine } from '../../machines/scrollIntent'
import { scrollToSection, scrollToTop } from '../lib/dom/scrolling'

/** The window scrolling; navigating home and opening the pricing FAQ are provided where the router is known. */
export const scrollIntentLogic = scrollIntentMachine.provide({
  actions: {
    scrollToTarget: (_, params) => void scrollToSection(params.target),
    scrollToTop: () => scrollToTop(),
  },
})
