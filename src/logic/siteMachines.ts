/**
 * The machines every page runs from hydration on (the booking modal, the scroll intent, the header's
 * menus, the FAQ accordions, the particle background), with XState itself: one chunk, imported when the
 * page is idle or at the visitor's first event, and never part of the first load (docs/design.md#budgets; see
 * src/boot/deferredActor.ts). Views import `siteMachines` below, never this module. Loading it also reduces the
 * visit's first touch to what a booking may carry: the first idle moment of every page, at no cost to its first load
 * (src/lib/pages/firstTouch.ts).
 */
import { keepFirstTouchOnly } from '../lib/pages/firstTouch'

keepFirstTouchOnly()

export { createActor } from 'xstate'
export { faqAccordionMachine } from '../../machines/faqAccordion'
export { bookingModalLogic } from './bookingModal'
export { dropdownMenuLogic } from './dropdownMenu'
export { mobileMenuLogic } from './mobileMenu'
export { particleBackgroundLogic } from './particleBackground'
export { scrollIntentLogic } from './scrollIntent'
