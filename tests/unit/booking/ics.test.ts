import { describe, expect, it } from 'vitest'
import { buildIcs, icsInstant } from '../../../src/lib/ics'

describe('Add to calendar (.ics)', () => {
  it('writes instants in UTC basic form', () => {
    expect(icsInstant('2026-11-22T21:00:00.000Z')).toBe('20261122T210000Z')
    expect(icsInstant('2026-11-23T10:00:00+13:00')).toBe('20261122T210000Z')
  })

  it('is one VEVENT with the booking times, escaped text and CRLF lines', () => {
    const ics = buildIcs(
      {
        uid: 'bk_1',
        title: 'Quick Chat, Kiwi Automate; Aroha',
        startTime: '2026-11-22T21:00:00.000Z',
        endTime: '2026-11-22T21:15:00.000Z',
      },
      '2026-11-20T00:00:00.000Z',
    )
    expect(ics.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Kiwi Automate//Booking//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'UID:bk_1',
      'DTSTAMP:20261120T000000Z',
      'DTSTART:20261122T210000Z',
      'DTEND:20261122T211500Z',
      'SUMMARY:Quick Chat\\, Kiwi Automate\\; Aroha',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ])
  })
})
