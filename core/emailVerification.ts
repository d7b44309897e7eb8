/**
 * The email-code step of a booking (docs/design.md#email-codes): the codes its answers carry beside `message`, and
 * their sentences, which the server answers with and the booking form shows as they are. The browser branches on
 * the code, never on a sentence; no code reaches the screen.
 */

/** The `code` of each answer of the step, as it goes on the wire. */
export const EMAIL_CODE_ANSWERS = {
  /** 403: a code was emailed; the same request with `emailVerificationCode` books. */
  required: 'email_verification_required',
  /** 403: not the code emailed; tries are left. */
  wrong: 'email_verification_wrong',
  /** 403: no code to check any more (10 minutes passed, 5 tries used, or none was sent): ask for a new one. */
  expired: 'email_verification_expired',
  /** 429: this address got a code less than a minute ago. */
  resendLimit: 'email_verification_resend_limit',
  /** 429: the site sent its hour's code emails (BOOKING_VERIFY_MAILS_PER_HOUR). */
  mailLimit: 'email_verification_mail_limit',
  /** 403: no code is sent before the browser solves the challenge beside the sentence (./proofOfWork.ts). */
  proofOfWork: 'proof_of_work_required',
} as const

export type EmailCodeAnswer = (typeof EMAIL_CODE_ANSWERS)[keyof typeof EMAIL_CODE_ANSWERS]

/** Digits per code, minutes a code lives, tries it allows, seconds between two codes to one address. */
export const EMAIL_CODE_DIGITS = 6
export const EMAIL_CODE_MINUTES = 10
export const EMAIL_CODE_TRIES = 5
export const EMAIL_CODE_RESEND_SECONDS = 60
/**
 * Code emails in a day at most to one address (a normalised one: Gmail's dots and +tags folded), and from one client
 * network as wide as one owner holds (an IPv4 /24, an IPv6 /48): many addresses or many /64s cannot multiply the
 * site's hour (docs/email-codes.md).
 */
export const EMAIL_CODE_MAILS_PER_ADDRESS = 5
export const EMAIL_CODE_MAILS_PER_NETWORK = 30
/** The share of the site's hour of code emails kept for addresses that booked before: a flood of strangers leaves it. */
export const EMAIL_CODE_RETURNING_SHARE = 0.25

export const EMAIL_CODE_MESSAGES = {
  expired: 'That code has expired or has been tried too many times. Please ask for a new code.',
} as const

/** The 403 that starts the step: where the code went, and what to do with it. */
export const codeSentSentence = (email: string): string => `We've emailed a 6-digit code to ${email}. Enter it to confirm your call.`

/** A wrong code, with the tries left (at least one: with none left the answer is `expired`). */
export const wrongCodeSentence = (triesLeft: number): string =>
  `That code does not match the one we emailed. Please check it and try again (${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left), or ask for a new code.`

/** A new code asked for too soon. */
export const resendLimitSentence = (email: string, seconds: number): string =>
  `We emailed a code to ${email} less than a minute ago. Please enter it, or ask for a new one in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`

/** The other ways to book when no code can be sent (the agency's email, the assistant), as a sentence: '' for none. */
function otherWays(hostEmail: string | undefined, assistant: boolean): string {
  const ways = [
    ...(hostEmail ? [`email us at ${hostEmail}`] : []),
    ...(assistant ? ['ask the voice assistant on this page to book it for you'] : []),
  ]
  return ways.length > 0 ? ` To book now, ${ways.join(', or ')}.` : ''
}

/** The site's code emails are used up for the hour: the other ways to book (the agency's email, the assistant). */
export const mailLimitSentence = (hostEmail: string | undefined, assistant: boolean): string =>
  `We can't send more confirmation codes right now. Please try again in an hour.${otherWays(hostEmail, assistant)}`

/** One address got its day's code emails (EMAIL_CODE_MAILS_PER_ADDRESS). */
export const addressMailLimitSentence = (email: string, hostEmail: string | undefined, assistant: boolean): string =>
  `We've sent ${email} as many codes as we can today. Please use the newest one, or try again tomorrow.${otherWays(hostEmail, assistant)}`

/** One network (an IPv4 /24, an IPv6 /48) got its day's code emails (EMAIL_CODE_MAILS_PER_NETWORK). */
export const networkMailLimitSentence = (hostEmail: string | undefined, assistant: boolean): string =>
  `We can't send more confirmation codes to your network today. Please try again tomorrow.${otherWays(hostEmail, assistant)}`
