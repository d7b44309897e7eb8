import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { bookingState, bookingsTableFrom } from '../../server/db/bookingsTable'
import type { BookingRow } from '../../server/db/rows'
import { bookingRow } from './support/bookingRow'

const row = (startTime: string, name: string, email: string, change: Partial<BookingRow> = {}): BookingRow =>
  bookingRow({ startTime, endTime: startTime, createdAt: startTime, name, email, ...change })

describe('npm run bookings', () => {
  it('names a call the desk marked as a no-show', () => {
    const started = row('2026-11-22T19:00:00.000Z', 'Away', 'away@example.com')
    expect(bookingState({ ...started, noShow: true })).toBe('no-show')
    expect(bookingState({ ...started, noShow: false })).toBe('booked')
    expect(bookingState({ ...started, noShow: true, status: 'CANCELLED' })).toBe('cancelled')
  })

  it('lists upcoming bookings with the start in the host zone, status, name and email, and their notes', () => {
    const now = Temporal.Instant.from('2026-11-23T08:30:00+13:00')
    const { count, verified, text } = bookingsTableFrom(
      [
        row('2026-11-22T19:00:00.000Z', 'Started earlier', 'old@example.com'),
        row('2026-11-22T21:30:00.000Z', 'Aroha Ngata', 'aroha@example.co.nz', {
          emailVerified: true,
          leadSource: { tracking: { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring' }, landingPath: '/', bookedOnPage: '/', bookedFrom: 'service:automation' },
        }),
        row('2026-11-24T00:15:00.000Z', 'Evil\u001b[31m name', 'e@example.com'),
        row('2026-11-24T01:00:00.000Z', 'Moved', 'm@example.com', {
          sequence: 1,
          previousStartTime: '2026-11-23T23:00:00.000Z',
          notes: 'Pricing for 5 people\nand a \u001b[2Jtimeline',
          phone: '+64215550123',
        }),
        row('2026-11-24T02:00:00.000Z', 'Called off', 'c@example.com', { status: 'CANCELLED', sequence: 1 }),
      ],
      'Pacific/Auckland',
      now,
    )
    expect([count, verified]).toEqual([4, 1])
    expect(text.split('\n')).toEqual([
      'Start (Pacific/Auckland)     Status       Name            Email                Email code',
      '---------------------------  -----------  --------------  -------------------  ----------',
      // Booked with the code emailed to the address (docs/design.md#email-codes).
      'Mon 2026-11-23 10:30 +13:00  booked       Aroha Ngata     aroha@example.co.nz  verified',
      // Where the lead came from, on a line of its own; none for a booking that carried nothing.
      '  Came from: linkedin / paid / spring — landed on /, booked from the automation service card',
      'Tue 2026-11-24 13:15 +13:00  booked       Evil?[31m name  e@example.com',
      'Tue 2026-11-24 14:00 +13:00  rescheduled  Moved           m@example.com',
      // The number to call, then the visitor's notes, under their booking, each on one line, terminal-safe.
      '  Phone: +64 21 555 0123',
      '  Notes: Pricing for 5 people / and a ?[2Jtimeline',
      'Tue 2026-11-24 15:00 +13:00  cancelled    Called off      c@example.com',
    ])
  })
})
