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
} as const

export type EmailCodeAnswer = (typeof EMAIL_CODE_ANSWERS)[keyof typeof EMAIL_CODE_ANSWERS]

/** Digits per code, minutes a code lives, tries it allows, seconds between two codes to one address. */
export const EMAIL_CODE_DIGITS = 6
export const EMAIL_CODE_MINUTES = 10
export const EMAIL_CODE_TRIES = 5
export const EMAIL_CODE_RESEND_SECONDS = 60

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

/** The site's code emails are used up for the hour: the other ways to book (the agency's email, the assistant). */
export function mailLimitSentence(hostEmail: string | undefined, assistant: boolean): string {
  const ways = [
    ...(hostEmail ? [`email us at ${hostEmail}`] : []),
    ...(assistant ? ['ask the voice assistant on this page to book it for you'] : []),
  ]
  const instead = ways.length > 0 ? ` To book now, ${ways.join(', or ')}.` : ''
  return `We can't send more confirmation codes right now. Please try again in an hour.${instead}`
}
