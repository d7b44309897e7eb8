import { describe, expect, it } from 'vitest'
import { validateBooking, VALIDATION_MESSAGES } from '../../../machines/bookingValidation'

const valid = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', slot: '2026-11-22T21:00:00Z' }

describe('booking validation (SPEC §5)', () => {
  it('accepts a complete form', () => {
    expect(validateBooking(valid)).toEqual({})
  })

  it.each([
    ['', 'Name is required'],
    ['   ', 'Name is required'],
    ['A', 'Name must be at least 2 characters'],
    ['  A  ', 'Name must be at least 2 characters'],
  ])('name %j → %s', (name, message) => {
    expect(validateBooking({ ...valid, name })).toEqual({ name: message })
  })

  it('counts the name after trimming', () => {
    expect(validateBooking({ ...valid, name: ' Jo ' })).toEqual({})
  })

  it.each([
    ['', 'Email is required'],
    ['  ', 'Email is required'],
    ['aroha', 'Please enter a valid email'],
    ['aroha@example', 'Please enter a valid email'],
    ['aroha @example.com', 'Please enter a valid email'],
    ['aroha@exa mple.com', 'Please enter a valid email'],
    ['@example.com', 'Please enter a valid email'],
    ['aroha@@example.com', 'Please enter a valid email'],
  ])('email %j → %s', (email, message) => {
    expect(validateBooking({ ...valid, email })).toEqual({ email: message })
  })

  it('accepts an email with spaces around it (values are trimmed)', () => {
    expect(validateBooking({ ...valid, email: '  aroha@example.co.nz ' })).toEqual({})
  })

  it('requires a time slot', () => {
    expect(validateBooking({ ...valid, slot: null })).toEqual({ slot: 'Please select a time slot' })
  })

  it('reports one message per field, all fields at once', () => {
    expect(validateBooking({ name: '', email: '', slot: null })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      slot: 'Please select a time slot',
    })
  })

  it('uses the exact texts of the spec', () => {
    expect(VALIDATION_MESSAGES).toEqual({
      nameRequired: 'Name is required',
      nameTooShort: 'Name must be at least 2 characters',
      emailRequired: 'Email is required',
      emailInvalid: 'Please enter a valid email',
      slotRequired: 'Please select a time slot',
    })
  })
})
