import { describe, expect, it } from 'vitest'
import { BookingRejected, bookingErrorText, isSlotTaken } from '../../../core/bookingErrors'

describe('what a visitor reads when a booking fails (SPEC §8)', () => {
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

  it('knows a taken slot by its code', () => {
    expect(isSlotTaken(new BookingRejected(409, 'no_available_users_found_error'))).toBe(true)
    expect(isSlotTaken(new BookingRejected(400, 'booking_time_out_of_bounds_error'))).toBe(false)
  })
})
