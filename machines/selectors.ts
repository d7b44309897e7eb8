/**
 * What the views of the site-wide machines read. These machines load at the browser's first idle moment
 * (src/boot/deferredActor.ts), and the page hydrates showing their initial state before then: so this file
 * imports the machines as types only, and a view can import it without pulling XState into the first load.
 */
import type { SnapshotFrom } from 'xstate'
import type { bookingModalMachine } from './bookingModal'
import type { dropdownMenuMachine } from './dropdownMenu'
import type { faqAccordionMachine } from './faqAccordion'
import type { mobileMenuMachine } from './mobileMenu'
import type { ScrollTarget } from './scrollIntent'

/** Whether the Resources panel is open. */
export const isDropdownMenuOpen = (snapshot: SnapshotFrom<typeof dropdownMenuMachine>) => snapshot.matches('open')

/** Whether the mobile menu is open. */
export const isMobileMenuOpen = (snapshot: SnapshotFrom<typeof mobileMenuMachine>) => snapshot.matches('open')

/** The open FAQ item's index, or null. */
export const openFaqIndex = (snapshot: SnapshotFrom<typeof faqAccordionMachine>) => snapshot.context.openIndex

type BookingModalSnapshot = SnapshotFrom<typeof bookingModalMachine>

/** Whether the booking dialog is open. */
export const isBookingDialogOpen = (snapshot: BookingModalSnapshot) => snapshot.matches({ dialog: 'open' })

/** The key of the form the dialog shows: a new one at each opening, so the fields start empty. */
export const bookingFormKey = (snapshot: BookingModalSnapshot) => snapshot.context.formKey

/** Whatever opened the modal (a Book a Call button), or null. */
export const bookingModalOpener = (snapshot: BookingModalSnapshot) => snapshot.context.opener

/** The booking the toast confirms, or null. */
export const confirmedBooking = (snapshot: BookingModalSnapshot) => snapshot.context.booking

/** The sections of / a scroll intent aims at, by their ids (the machine's ScrollTarget, kept in step by the type). */
const scrollTargets = { services: true, faq: true, process: true } satisfies Record<ScrollTarget, true>

/**
 * The intent a page load of / carries in its fragment (/#faq, /#process, /#services), or null: the
 * header's and footer's section links are plain links before the app runs, so a press on one then
 * arrives as a load of /#section, which must end as the intent would have (docs/design.md#pages footer links).
 */
export function arrivalIntent(pathname: string, hash: string): ScrollTarget | null {
  const target = hash.slice(1)
  return pathname === '/' && Object.hasOwn(scrollTargets, target) ? (target as ScrollTarget) : null
}
