import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { buildCalendar, escapeText, foldLine, icsInstant } from '../../../core/icalendar'

const utf8 = (text: string) => new TextEncoder().encode(text).length

/** Parses a file back with a real iCalendar parser: the one VEVENT of it. */
function parseEvent(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('no VEVENT')
  return { calendar, vevent, event: new ICAL.Event(vevent) }
}

describe('the iCalendar writer (RFC 5545)', () => {
  it('writes instants in UTC basic form', () => {
    expect(icsInstant('2026-11-22T21:00:00.000Z')).toBe('20261122T210000Z')
    expect(icsInstant('2026-11-23T10:00:00+13:00')).toBe('20261122T210000Z')
  })

  it('is one VEVENT with the booking times, escaped text and CRLF lines', () => {
    const ics = buildCalendar({
      method: 'PUBLISH',
      now: '2026-11-20T00:00:00.000Z',
      events: [
        {
          uid: 'bk_1',
          title: 'Quick Chat, Kiwi Automate; Aroha',
          startTime: '2026-11-22T21:00:00.000Z',
          endTime: '2026-11-22T21:15:00.000Z',
        },
      ],
    })
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

  it('escapes backslash, semicolon, comma and newlines (§3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'ā'.repeat(80)}`
    const folded = foldLine(line)
    for (const part of folded.split('\r\n')) expect(utf8(part)).toBeLessThanOrEqual(75)
    expect(folded.replace(/\r\n /g, '')).toBe(line)
    expect(foldLine('SHORT:line')).toBe('SHORT:line')
  })

  it.each([
    ['emoji', '🎉 Ngā mihi 👩🏽‍💻 '.repeat(6)],
    ['accents', 'Zoë Ñúñez-Åkesson, Ōtautahi; "Kiri" \\ '.repeat(4)],
    ['CJK', '佐藤 花子 와 김민준 '.repeat(8)],
  ])('names with %s survive the round trip through a real parser', (_, name) => {
    const ics = buildCalendar({
      method: 'REQUEST',
      now: '2026-11-20T00:00:00.000Z',
      events: [
        {
          uid: 'c9b1f0d2-3c1e-4e55-9a51-7f0c2a6a9e01',
          title: `15 Min Call between kiwi-automate and ${name}`,
          description: `Name: ${name}\nEmail: aroha@example.co.nz`,
          startTime: '2026-11-23T10:00:00+13:00',
          endTime: '2026-11-23T10:15:00+13:00',
          status: 'CONFIRMED',
          sequence: 2,
          organizer: { name: 'Kiwi Automate', email: 'hello@kiwi-automate.example' },
          attendees: [{ name, email: 'aroha@example.co.nz' }],
        },
      ],
    })
    for (const line of ics.split('\r\n')) expect(utf8(line)).toBeLessThanOrEqual(75)
    // No line is cut inside a character: the file is valid UTF-8 line by line.
    for (const line of ics.split('\r\n')) expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(line))).toBe(line)

    const { calendar, vevent, event } = parseEvent(ics)
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(event.uid).toBe('c9b1f0d2-3c1e-4e55-9a51-7f0c2a6a9e01')
    expect(event.summary).toBe(`15 Min Call between kiwi-automate and ${name}`)
    expect(event.description).toBe(`Name: ${name}\nEmail: aroha@example.co.nz`)
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-22T21:00:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-22T21:15:00.000Z')
    expect(event.sequence).toBe(2)
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    const attendee = vevent.getFirstProperty('attendee')
    expect(attendee?.getFirstValue()).toBe('mailto:aroha@example.co.nz')
    // A parameter value cannot hold '"': it is dropped, the rest of the name kept.
    expect(attendee?.getParameter('cn')).toBe(name.replace(/"/g, ''))
    expect(vevent.getFirstProperty('organizer')?.getFirstValue()).toBe('mailto:hello@kiwi-automate.example')
  })
})
