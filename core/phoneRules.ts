/**
 * How the booking rules read a phone number, handed to them (docs/performance.md#how-it-is-done): core/phone.ts's
 * libphonenumber-js rules where a phone call is offered, and none where it is not, so a video-only form never
 * loads that library.
 */

/**
 * Why a number is refused (docs/booking.md, 'Where the call happens'): not a phone number (`invalid`), text around it
 * (`trailingText`), a number no person answers when the agency calls (`notPersonal`: premium-rate, free-phone,
 * shared-cost, satellite and the like), or a country outside BOOKING_PHONE_COUNTRIES (`country`).
 */
export type PhoneRefusal = 'invalid' | 'trailingText' | 'notPersonal' | 'country'

export interface PhoneRules {
  /** The country a number without + is read in (BOOKING_PHONE_COUNTRY), ISO 3166 alpha-2. */
  country: string
  /** The countries whose numbers are taken (BOOKING_PHONE_COUNTRIES); empty: any country's. */
  countries: readonly string[]
  /**
   * The number as it is kept: E.164, with `;ext=` and the extension when one was given (RFC 3966's form,
   * `+6493790000;ext=12`); undefined when it is refused.
   */
  toE164(text: string): string | undefined
  /** Why the number is refused, or undefined when it is taken. */
  refusal(text: string): PhoneRefusal | undefined
  /** A kept number as people read it: `+64 21 555 0123`, `+64 9 379 0000 ext. 12`. */
  format(e164: string): string
}

/** For a host who offers video alone: no number is ever asked for, so none is read. */
export const noPhoneRules = (country: string): PhoneRules => ({
  country,
  countries: [],
  toE164: () => undefined,
  refusal: () => 'invalid',
  format: (e164) => e164,
})
