/**
 * The words of the booking modal's frame and of the inline section, which every page draws before the form has
 * loaded: apart from the form's own (./booking.ts), so the first load carries these only.
 */

/** The modal around the form (docs/design.md#pages). */
export const bookingModalCopy = {
  title: 'Book a Call',
  lead: 'A free 15-minute call with our team. Choose a time that suits you.',
  close: 'Close',
  loading: 'Loading available times…',
  loadFailed: 'The booking form could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
} as const

/** The inline section beside the form (home, /use-cases, /about). */
export const talkToExpertCopy = {
  heading: 'Talk to an Expert',
  lead: "Pick a time that suits you and we'll call you to talk through your business and the automations that would save you the most time.",
  benefits: ['A free 15-minute call, no obligation', 'Talk through where AI and automation fit your business', 'Leave with clear next steps'],
} as const
