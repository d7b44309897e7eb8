/**
 * How the booking rules read a phone number, handed to them (docs/performance.md#how-it-is-done): core/phone.ts's
 * libphonenumber-js rules where a phone call is offered, and none where it is not, so a video-only form never
 * loads that library.
 */
export interface PhoneRules {
  /** The country a number without + is read in (BOOKING_PHONE_COUNTRY), ISO 3166 alpha-2. */
  country: string
  /** The number in E.164, or undefined when it is not a valid phone number. */
  toE164(text: string): string | undefined
  /** An E.164 number as people read it: `+64 21 555 0123`. */
  format(e164: string): string
}

/** For a host who offers video alone: no number is ever asked for, so none is read. */
export const noPhoneRules = (country: string): PhoneRules => ({ country, toE164: () => undefined, format: (e164) => e164 })
