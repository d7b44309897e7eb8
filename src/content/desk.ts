/** The desk page's own words beside the wire's (core/deskWire.ts DESK_TEXTS, which holds every sentence the API shares). */
export const deskCopy = {
  /** While the session is checked: the prerendered shell's step. */
  checking: 'Opening the desk…',
  /** Above the sign-in link's sentence when it could not be opened. */
  openFailedHeading: 'The link could not be opened',
  checkFailedHeading: 'The desk could not be opened',
  notSetUpHeading: 'The desk is not set up',
  sending: 'Sending…',
} as const
