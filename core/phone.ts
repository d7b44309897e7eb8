/**
 * Phone numbers, read and written with libphonenumber-js (Google's rules, kept up to date there): what a
 * visitor types is read in BOOKING_PHONE_COUNTRY unless it starts with +, kept in E.164 (`+64215550123`)
 * and shown in the international format (`+64 21 555 0123`). The form and the server use the same rules.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'
import type { PhoneRules } from './phoneRules'

/** Longer than any number with its spaces and dashes: more is not a phone number. */
export const PHONE_MAX_LENGTH = 40

/** Whether `code` is a country libphonenumber-js knows (`NZ`, `AU`, `GB`). */
export const isPhoneCountry = (code: string): boolean => isSupportedCountry(code)

/** The number in E.164, or undefined when `text` is not a valid phone number. */
export function toE164(text: string, country: string): string | undefined {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed.length > PHONE_MAX_LENGTH || !isSupportedCountry(country)) return undefined
  const parsed = parsePhoneNumberFromString(trimmed, country as CountryCode)
  return parsed?.isValid() ? parsed.number : undefined
}

/** An E.164 number as people read it: `+64 21 555 0123`. */
export const formatPhone = (e164: string): string => parsePhoneNumberFromString(e164)?.formatInternational() ?? e164

/** These rules for the booking rules (core/bookingFields.ts, the booking form), in `country`. */
export const phoneRules = (country: string): PhoneRules => ({ country, toE164: (text) => toE164(text, country), format: formatPhone })
