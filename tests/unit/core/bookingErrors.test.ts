import { describe, expect, it } from 'vitest'
import {
  BookingRejected,
  bookingErrorText,
  emailCodeStep,
  isBookingNotFound,
  isSlotTaken,
  manageErrorText,
  MANAGE_ERROR_TEXTS,
} from '../../../core/bookingErrors'
import { WIRE_MESSAGES } from '../../../core/bookingWire'

describe('what a visitor reads when a booking fails (docs/design.md#errors)', () => {
  it.each([
    [new BookingRejected(409, 'no_available_users_found_error'), 'This time slot is no longer available. Please select another time.'],
    [new BookingRejected(400, 'booking_time_out_of_bounds_error'), 'That time can no longer be booked. Please choose another time.'],
    // Any other code from Cal.com: a sentence, never the code.
    [new BookingRejected(400, 'event_type_not_found_error'), 'That time could not be booked. Please choose another time or try again.'],
    [new BookingRejected(400, 'Please enter a valid email address.'), 'Please enter a valid email address.'],
    [new BookingRejected(429, 'Too many requests. Please wait a moment and try again.'), 'Too many requests. Please wait a moment and try again.'],
    [new BookingRejected(500, undefined), 'Booking failed: 500'],
    [new TypeError('Failed to fetch'), 'Failed to complete booking. Please try again.'],
    ['not an error', 'Failed to complete booking. Please try again.'],
  ])('%s → %s', (error, text) => {
    expect(bookingErrorText(error)).toBe(text)
  })

  it('knows where an answer leaves the email-code step by its code, never by its sentence (docs/design.md#email-codes)', () => {
    const sent = "We've emailed a 6-digit code to jo@example.com. Enter it to confirm your call."
    expect(emailCodeStep(new BookingRejected(403, sent, 'email_verification_required'))).toBe('asked')
    expect(emailCodeStep(new BookingRejected(429, 'A sentence.', 'email_verification_resend_limit'))).toBe('pending')
    for (const code of ['email_verification_wrong', 'email_verification_expired', 'email_verification_mail_limit'])
      expect(emailCodeStep(new BookingRejected(403, 'A sentence.', code)), code).toBe('refused')
    expect(emailCodeStep(new BookingRejected(403, sent))).toBeUndefined()
    expect(emailCodeStep(new BookingRejected(400, 'A sentence.', 'some_other_code'))).toBeUndefined()
    expect(emailCodeStep(new TypeError('Failed to fetch'))).toBeUndefined()
    // The sentence is shown as it came, like every sentence of the server's.
    expect(bookingErrorText(new BookingRejected(403, sent, 'email_verification_required'))).toBe(sent)
  })

  it('knows a taken slot by its code', () => {
    expect(isSlotTaken(new BookingRejected(409, 'no_available_users_found_error'))).toBe(true)
    expect(isSlotTaken(new BookingRejected(400, 'booking_time_out_of_bounds_error'))).toBe(false)
  })
})

describe('manage page sentences: no code and no bare status on screen', () => {
  it('only a 404 is "not found"', () => {
    expect(isBookingNotFound(new BookingRejected(404, 'This booking was not found.'))).toBe(true)
    expect(isBookingNotFound(new BookingRejected(500, undefined))).toBe(false)
    expect(isBookingNotFound(new TypeError('Failed to fetch'))).toBe(false)
  })

  it('maps known codes to their sentences', () => {
    expect(manageErrorText(new BookingRejected(409, 'no_available_users_found_error'), 'reschedule')).toBe(
      'This time slot is no longer available. Please select another time.',
    )
    expect(manageErrorText(new BookingRejected(400, 'booking_time_out_of_bounds_error'), 'reschedule')).toBe(
      'That time can no longer be booked. Please choose another time.',
    )
  })

  it('shows a server sentence as it is', () => {
    const sentence = 'This call has already been cancelled.'
    expect(manageErrorText(new BookingRejected(400, sentence), 'cancel')).toBe(sentence)
  })

  it('replaces an unknown code, a missing message and a network failure with the action\'s sentence', () => {
    expect(manageErrorText(new BookingRejected(409, 'some_new_error_code'), 'cancel')).toBe(MANAGE_ERROR_TEXTS.cancel)
    expect(manageErrorText(new BookingRejected(502, undefined), 'reschedule')).toBe(MANAGE_ERROR_TEXTS.reschedule)
    expect(manageErrorText(new TypeError('Failed to fetch'), 'cancel')).toBe(MANAGE_ERROR_TEXTS.cancel)
  })

  it('says to wait on a 429 without a message', () => {
    expect(manageErrorText(new BookingRejected(429, undefined), 'cancel')).toBe(WIRE_MESSAGES.rateLimited)
  })
})
