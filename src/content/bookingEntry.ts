/**
 * The words of the booking modal's frame and of the inline section, which every page draws before the form has
 * loaded: apart from the form's own (./booking.ts), so the first load carries these only.
 */
import type { CallKind } from '../../core/browserSettings'

/** The modal around the form (docs/design.md#pages). */
export const bookingModalCopy = {
  title: 'Book a Call',
  lead: 'A free 15-minute call with our team. Choose a time that suits you.',
  close: 'Close',
  loading: 'Loading available times…',
  loadFailed: 'The booking form could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
} as const

/** What the call is about, the end of the section's lead. */
const topic = 'your business and the automations that would save you the most time'

/** The inline section beside the form (home, /use-cases, /about). */
export const talkToExpertCopy = {
  heading: 'Talk to an Expert',
  /**
   * Says how the call happens as the form offers it (BOOKING_LOCATIONS, docs/design.md#where-the-call-happens):
   * a promise to call only when the host calls, the one case where the form asks for a number.
   */
  lead: (locations: readonly CallKind[]) =>
    locations.length > 1
      ? `Pick a time that suits you, by ${locations.join(' or ')}, and we'll talk through ${topic}.`
      : locations[0] === 'phone'
        ? `Pick a time that suits you and we'll call you to talk through ${topic}.`
        : `Pick a time that suits you for a video call, and we'll talk through ${topic}.`,
  benefits: ['A free 15-minute call, no obligation', 'Talk through where AI and automation fit your business', 'Leave with clear next steps'],
} as const
