/**
 * The sentences more than one mail says, each written once (docs/design.md#errors): what the attached invite does,
 * and the two signatures. A mail's own sentences stay in its file.
 */

/** What the attached invite (invite.ics) does, by the change it carries. */
export const INVITE_SENTENCES = {
  /** A new call, to a visitor or a guest. */
  adds: 'The invite is attached (invite.ics): open it to add the call to your calendar.',
  /** A moved call, to a visitor or a guest. */
  moves: 'The updated invite is attached (invite.ics): open it to move the call in your calendar.',
  /** A cancelled call, to anyone. */
  removes: 'The attached invite (invite.ics) removes the call from your calendar.',
  /** The agency's new booking and its reminder. */
  attached: 'The invite is attached (invite.ics).',
} as const

/** The agency signs what a visitor or a guest reads. */
export const agencySignature = (hostName: string) => `Ngā mihi,\n${hostName}`

/** The booking page signs what the agency reads. */
export const bookingPageSignature = (hostName: string) => `The booking page of ${hostName}`
