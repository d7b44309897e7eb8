import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { upcomingBookingsTable } from '../../server/db/bookingsTable'
import type { BookingRow } from '../../server/db/store'

const row = (startTime: string, name: string, email: string): BookingRow => ({
  id: 1,
  uid: 'u',
  host: 'kiwi-automate',
  eventTypeId: 7,
  title: 't',
  startTime,
  endTime: startTime,
  name,
  email,
  guests: [],
  timeZone: 'UTC',
  status: 'ACCEPTED',
  createdAt: startTime,
})

describe('npm run bookings', () => {
  it('lists upcoming bookings with the start in the host zone, name and email', () => {
    const now = Temporal.Instant.from('2026-11-23T08:30:00+13:00')
    const { count, text } = upcomingBookingsTable(
      [
        row('2026-11-22T19:00:00.000Z', 'Started earlier', 'old@example.com'),
        row('2026-11-22T21:30:00.000Z', 'Aroha Ngata', 'aroha@example.co.nz'),
        row('2026-11-24T00:15:00.000Z', 'Evil\u001b[31m name', 'e@example.com'),
      ],
      'Pacific/Auckland',
      now,
    )
    expect(count).toBe(2)
    expect(text.split('\n')).toEqual([
      'Start (Pacific/Auckland)     Name            Email',
      '---------------------------  --------------  -------------------',
      'Mon 2026-11-23 10:30 +13:00  Aroha Ngata     aroha@example.co.nz',
      'Tue 2026-11-24 13:15 +13:00  Evil?[31m name  e@example.com',
    ])
  })
})
