/**
 * The visitor's fields (name, email, guests) and the booking form's rules (docs/design.md#validation), defined once:
 * the form and the server build their valibot schemas from the same rules, each with its own
 * sentences, so what one accepts the other accepts too.
 */
import * as v from 'valibot'
import type { CallKind } from './browserSettings'
import { noPhoneRules, type PhoneRefusal, type PhoneRules } from './phoneRules'

export const NAME_MIN_LENGTH = 2
export const NAME_MAX_LENGTH = 100
export const EMAIL_MAX_LENGTH = 254
export const GUESTS_MAX = 10
/** A note with the booking (Cal.com's `responses.notes`): what the visitor wants to discuss. */
export const NOTES_MAX_LENGTH = 1000

/**
 * The one rule for visitor text (names, notes, the cancellation reason, and every string of the wire;
 * docs/design.md#one-text-rule): no control character but the line break where lines are allowed; no bidi
 * embedding, override or isolate, zero-width space, direction mark or other invisible format character
 * (Unicode's Cf), but the two joiners that Persian, Indic scripts and emoji need (U+200C, U+200D); no line
 * or paragraph separator (U+2028, U+2029). They can make text read differently from what it is in the
 * agency's email, the owner feed and `npm run bookings`; no visible text needs them.
 */
const INVISIBLE_IN_LINE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u
const INVISIBLE_IN_LINES = /(?![\n\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u

/** True when a one-line text holds no control or invisible character. */
export const isPlainText = (text: string): boolean => !INVISIBLE_IN_LINE.test(text)

/** True when a text of several lines (`\n` between them) holds no other control or invisible character. */
export const isPlainLines = (text: string): boolean => !INVISIBLE_IN_LINES.test(text)

/** A name is plain text without markup characters. */
const isCleanName = (name: string): boolean => isPlainText(name) && !/[<>]/.test(name)

/**
 * What a mail program would show as a link, or mail to (docs/design.md#validation): the name heads the mails sent to
 * whatever address was typed ("Kia ora {name},"), so a name that is a link would carry it in the agency's words. A
 * scheme with `//` (`http://`, `ftp://`), `www.`, an `@` between two characters (an address), a host name followed
 * by a path (`evil.test/login`), and a host name: words joined by a dot whose last is a lower-case top-level domain
 * (`evil.test`), or one of the common ones in any case (`EVIL.COM`). A capitalised last word is a name's own
 * (`J.Smith`, `St.John`), as is a dot with a space after it (`J. R. Smith`).
 */
const links = () => [
  /[a-z][a-z\d+.-]*:\/\//i,
  /(?<![\p{L}\p{N}])www\./iu,
  /[^\s@]@[^\s@]/u,
  /[\p{L}\p{N}-]\.[\p{L}\p{N}-]+\//u,
  /[\p{L}\p{N}-]\.[a-z]{2,63}(?![\p{L}\p{N}])/u,
  /[\p{L}\p{N}-]\.(?:com|net|org|info|biz|io|co|nz|au|uk|us|app|dev|xyz)(?![\p{L}\p{N}])/iu,
]
// Built at the first name it checks, as the email pattern below is, not as the form's code loads.
let linkPatterns: RegExp[] | undefined

/** True when a name holds no link and no email address. */
const isLinkFree = (name: string): boolean => !(linkPatterns ??= links()).some((link) => link.test(name))

/**
 * An address as a mailbox, never as a URL (docs/design.md#validation): the local part is dot-separated RFC 5322
 * atext (letters and digits of any script, and ! $ & ' * + - ^ _ ~; no quoted strings), the domain is
 * two or more labels of letters, digits and inner hyphens. So `?`, `=`, `%`, `#` and `/`, which would turn
 * `mailto:` or an SMTP path into a URL with parameters (`a@example.com?bcc=…`), are refused; an apostrophe
 * (o'brien@…) and a +tag are ordinary. Atoms and labels end at characters they cannot hold (`.`, `@`), so a
 * failing match backtracks within one label at most: no ReDoS.
 */
const ATOM = "[\\p{L}\\p{M}\\p{Nd}!$&'*+\\-^_~]+"
const LABEL = '[\\p{L}\\p{M}\\p{Nd}](?:[\\p{L}\\p{M}\\p{Nd}-]*[\\p{L}\\p{M}\\p{Nd}])?'
// Built at the first address it checks, not as the form's code loads: building a pattern of Unicode's letter
// classes takes a phone tens of milliseconds, in the task that draws the form after a press
// (docs/performance.md#what-the-forms-code-does-as-it-loads).
let emailPattern: RegExp | undefined
const isEmailShaped = (email: string) => (emailPattern ??= new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u')).test(email)

const isEmail = (email: string): boolean => email.length <= EMAIL_MAX_LENGTH && isPlainText(email) && isEmailShaped(email)

/** The sentence for each way a name can be wrong. */
export interface NameMessages {
  required: string
  tooShort: string
  tooLong: string
  forbidden: string
  /** A link or an email address in the name. */
  link: string
}

/** The name rule: trimmed, 2 to 100 characters, no markup, control or invisible characters, no link or address. */
export function nameSchema(messages: NameMessages) {
  return v.pipe(
    v.string(messages.required),
    v.trim(),
    v.nonEmpty(messages.required),
    v.minLength(NAME_MIN_LENGTH, messages.tooShort),
    v.maxLength(NAME_MAX_LENGTH, messages.tooLong),
    v.check(isCleanName, messages.forbidden),
    v.check(isLinkFree, messages.link),
  )
}

export interface EmailMessages {
  required: string
  invalid: string
}

/** The email rule: trimmed, a simple address of at most 254 characters. */
export function emailSchema(messages: EmailMessages) {
  return v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.check(isEmail, messages.invalid))
}

/** A note as it is kept and sent: `\r\n` and `\r` become `\n`, trimmed (an empty result means no note). */
export const normalizeNotes = (text: string): string => text.replace(/\r\n?/g, '\n').trim()

/**
 * The notes rule: free text of several lines under the one text rule (`<` and `>` are ordinary, escaped
 * wherever a note is shown). `\r\n` and `\r` become `\n`; trimmed; at most 1,000 characters. Optional: an
 * empty note is the same as none, and a note never blocks a booking for being absent.
 */
export function notesSchema(message: string) {
  return v.pipe(
    v.string(message),
    v.transform(normalizeNotes),
    v.maxLength(NOTES_MAX_LENGTH, message),
    v.check(isPlainLines, message),
  )
}

/** Guests: a list of up to 10 addresses, each under the email rule. */
export function guestsSchema(message: string) {
  return v.pipe(v.array(emailSchema({ required: message, invalid: message }), message), v.maxLength(GUESTS_MAX, message))
}

/** The form's sentences (docs/design.md#validation; those after the slot's cover what the spec leaves unsaid). */
export const VALIDATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  slotRequired: 'Please select a time slot',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
  nameForbidden: 'Name cannot contain < or > or invisible characters',
  nameLink: 'Please enter your name, not a link or an email address',
  notes: `Notes must be at most ${NOTES_MAX_LENGTH.toLocaleString('en-NZ')} characters, without control or invisible characters`,
  phoneRequired: 'Phone number is required',
  phoneTrailingText: 'Please enter the phone number alone (an extension may follow, as in ext. 4567)',
  phoneNotPersonal: 'Please enter a mobile or landline number (not premium-rate, free-phone or satellite)',
} as const

/**
 * A number the phone rules refuse, said with the country it is read in (BOOKING_PHONE_COUNTRY): 'Please enter
 * a valid phone number (for one outside New Zealand, start with + and the country code)'.
 */
export function phoneInvalidMessage(country: string): string {
  const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country
  return `Please enter a valid phone number (for one outside ${name}, start with + and the country code)`
}

/** A number of a country the agency does not call (BOOKING_PHONE_COUNTRIES): 'Please enter a number in New Zealand or Australia'. */
export function phoneCountryMessage(countries: readonly string[]): string {
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  const list = new Intl.ListFormat('en', { type: 'disjunction' }).format(countries.map((code) => names.of(code) ?? code))
  return `Please enter a number in ${list}`
}

/** The sentence at the field for a number the phone rules refuse. */
function phoneMessage(refusal: PhoneRefusal, phone: PhoneRules): string {
  switch (refusal) {
    case 'trailingText':
      return VALIDATION_MESSAGES.phoneTrailingText
    case 'notPersonal':
      return VALIDATION_MESSAGES.phoneNotPersonal
    case 'country':
      return phoneCountryMessage(phone.countries)
    case 'invalid':
      return phoneInvalidMessage(phone.country)
  }
}

export const BookingFieldsSchema = v.object({
  name: nameSchema({
    required: VALIDATION_MESSAGES.nameRequired,
    tooShort: VALIDATION_MESSAGES.nameTooShort,
    tooLong: VALIDATION_MESSAGES.nameTooLong,
    forbidden: VALIDATION_MESSAGES.nameForbidden,
    link: VALIDATION_MESSAGES.nameLink,
  }),
  email: emailSchema({ required: VALIDATION_MESSAGES.emailRequired, invalid: VALIDATION_MESSAGES.emailInvalid }),
  slot: v.string(VALIDATION_MESSAGES.slotRequired),
  notes: v.optional(notesSchema(VALIDATION_MESSAGES.notes)),
})

export interface BookingFields {
  name: string
  email: string
  /** The chosen slot (ISO instant), or null. */
  slot: string | null
  /** The optional note: never required, so an absent or empty one is valid. */
  notes?: string
  /** How the call happens (absent: by video); a phone call needs `phone`. */
  location?: CallKind
  /** The number to call, as typed: read in the host's country unless it starts with +. */
  phone?: string
}

export type FieldName = 'name' | 'email' | 'slot' | 'notes' | 'phone'
export type FieldErrors = Partial<Record<FieldName, string>>

/**
 * The first message of each invalid field; an empty object when everything is valid. The phone number counts
 * only for a phone call, read with `phone` (core/phone.ts's rules: the server's; without them none is valid), and
 * its sentence says why it is refused.
 */
export function validateBooking(fields: BookingFields, phone: PhoneRules = noPhoneRules('NZ')): FieldErrors {
  const errors: FieldErrors = {}
  const result = v.safeParse(BookingFieldsSchema, fields, { abortPipeEarly: true })
  if (!result.success) {
    const nested = v.flatten<typeof BookingFieldsSchema>(result.issues).nested ?? {}
    for (const field of ['name', 'email', 'slot', 'notes'] as const) {
      const first = nested[field]?.[0]
      if (first) errors[field] = first
    }
  }
  if (fields.location === 'phone') {
    const number = fields.phone?.trim() ?? ''
    if (number === '') errors.phone = VALIDATION_MESSAGES.phoneRequired
    else {
      const refusal = phone.refusal(number)
      if (refusal) errors.phone = phoneMessage(refusal, phone)
    }
  }
  return errors
}
