/** The booking form's rules and messages (SPEC §5), as one valibot schema. Pure. */
import * as v from 'valibot'

export const VALIDATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  slotRequired: 'Please select a time slot',
} as const

/** A simple address: something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const BookingFieldsSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(VALIDATION_MESSAGES.nameRequired),
    v.minLength(2, VALIDATION_MESSAGES.nameTooShort),
  ),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(VALIDATION_MESSAGES.emailRequired),
    v.regex(EMAIL_PATTERN, VALIDATION_MESSAGES.emailInvalid),
  ),
  slot: v.string(VALIDATION_MESSAGES.slotRequired),
})

export interface BookingFields {
  name: string
  email: string
  /** The chosen slot (ISO instant), or null. */
  slot: string | null
}

export type FieldName = keyof BookingFields
export type FieldErrors = Partial<Record<FieldName, string>>

/** The first message of each invalid field; an empty object when everything is valid. */
export function validateBooking(fields: BookingFields): FieldErrors {
  const result = v.safeParse(BookingFieldsSchema, fields, { abortPipeEarly: true })
  if (result.success) return {}
  const nested = v.flatten<typeof BookingFieldsSchema>(result.issues).nested ?? {}
  const errors: FieldErrors = {}
  for (const field of ['name', 'email', 'slot'] as const) {
    const first = nested[field]?.[0]
    if (first) errors[field] = first
  }
  return errors
}
