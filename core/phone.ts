/**
 * Phone numbers, read and written with libphonenumber-js (Google's rules, kept up to date there): what a
 * visitor types is read in BOOKING_PHONE_COUNTRY unless it starts with +, kept in E.164 (`+64215550123`, with
 * `;ext=4567` when an extension was given) and shown in the international format (`+64 21 555 0123`). The form
 * and the server use the same rules.
 *
 * Only a number a person answers is taken (docs/booking.md, 'Where the call happens'): the agency calls it back, so
 * a premium-rate, shared-cost or satellite number would bill the agency (toll fraud), and a free-phone, pager or
 * voicemail number reaches nobody. The number's type needs the library's full metadata (`/max`).
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type NumberType, type PhoneNumber } from 'libphonenumber-js/max'
import type { PhoneRefusal, PhoneRules } from './phoneRules'

/** Longer than any number with its spaces, dashes and an extension: more is not a phone number. */
export const PHONE_MAX_LENGTH = 40

/** Whether `code` is a country libphonenumber-js knows (`NZ`, `AU`, `GB`). */
export const isPhoneCountry = (code: string): boolean => isSupportedCountry(code)

/** The types of number a person answers; libphonenumber-js cannot tell some countries' mobiles from their landlines. */
const PERSONAL_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE'])

export type PhoneReading = { ok: true; number: string } | { ok: false; refusal: PhoneRefusal }

const parse = (text: string, country: CountryCode, extract: boolean): PhoneNumber | undefined =>
  parsePhoneNumberFromString(text, { defaultCountry: country, extract })

/**
 * A number as it is kept (E.164, `;ext=` and the extension when given), or why it is refused: the whole text must be
 * the number (a number with text after it, `021 555 0123 https://…`, is refused, not cut), of a country (satellite
 * and other numbers of no country are not) in `countries` when that is not empty, and of a type a person answers.
 */
export function readPhone(text: string, country: string, countries: readonly string[] = []): PhoneReading {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed.length > PHONE_MAX_LENGTH || !isSupportedCountry(country)) return { ok: false, refusal: 'invalid' }
  const parsed = parse(trimmed, country, false)
  if (!parsed?.isValid()) return { ok: false, refusal: parse(trimmed, country, true)?.isValid() ? 'trailingText' : 'invalid' }
  const type = parsed.getType()
  if (!parsed.country || !type || !PERSONAL_TYPES.has(type)) return { ok: false, refusal: 'notPersonal' }
  if (countries.length > 0 && !countries.includes(parsed.country)) return { ok: false, refusal: 'country' }
  return { ok: true, number: parsed.ext ? `${parsed.number};ext=${parsed.ext}` : parsed.number }
}

/** The number as it is kept, or undefined when `text` is refused (readPhone). */
export function toE164(text: string, country: string, countries: readonly string[] = []): string | undefined {
  const reading = readPhone(text, country, countries)
  return reading.ok ? reading.number : undefined
}

/** A kept number as people read it: `+64 21 555 0123`, `+64 9 379 0000 ext. 12`. */
export const formatPhone = (e164: string): string => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164

/** These rules for the booking rules (core/bookingFields.ts, the booking form): numbers read in `country`, of `countries`. */
export const phoneRules = (country: string, countries: readonly string[] = []): PhoneRules => ({
  country,
  countries,
  toE164: (text) => toE164(text, country, countries),
  refusal(text) {
    const reading = readPhone(text, country, countries)
    return reading.ok ? undefined : reading.refusal
  },
  format: formatPhone,
})
