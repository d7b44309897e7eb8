/**
 * The one iCalendar writer (RFC 5545): the browser's 'Add to calendar', the emails' invites and the
 * owner's feed. Pure; no Temporal, so the browser's toast can carry it cheaply.
 */

export interface CalendarPerson {
  name: string
  email: string
}

export interface CalendarEvent {
  uid: string
  title: string
  /** ISO instants. */
  startTime: string
  endTime: string
  description?: string
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  /** Bumped on every change of an event already sent (a reschedule). */
  sequence?: number
  organizer?: CalendarPerson
  attendees?: readonly CalendarPerson[]
  url?: string
  /** Where the call happens: its join link, or a sentence (LOCATION). */
  location?: string
  /** A video call's join link (RFC 7986 CONFERENCE), which calendars show as a join button. */
  conference?: string
}

export interface Calendar {
  /** PUBLISH for a file or feed; REQUEST and CANCEL for invites sent by email (RFC 5546). */
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL'
  events: readonly CalendarEvent[]
  /** The calendar's display name (feeds). */
  name?: string
  /** When the file is made, an ISO instant (DTSTAMP). */
  now: string
}

/** 2026-11-23T21:00:00.000Z → 20261123T210000Z (UTC, whole seconds, as RFC 5545 wants). */
export function icsInstant(iso: string): string {
  const utc = new Date(iso).toISOString()
  return utc.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // Other control characters have no place in a content line.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  )
}

/** RFC 5545 §3.2: a parameter value is quoted when it holds ':', ';' or ','; it can never hold '"'. */
function paramValue(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/["\u0000-\u001f\u007f]/g, '')
  return /[:;,]/.test(clean) ? `"${clean}"` : clean
}

const utf8Length = (char: string): number => {
  const code = char.codePointAt(0) ?? 0
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}

/** RFC 5545 §3.1: content lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let bytes = 0
  for (const char of line) {
    const size = utf8Length(char)
    // Continuation lines start with the folding space, which counts.
    const limit = parts.length === 0 ? 75 : 74
    if (bytes + size > limit) {
      parts.push(current)
      current = ''
      bytes = 0
    }
    current += char
    bytes += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

const person = (role: 'ORGANIZER' | 'ATTENDEE', who: CalendarPerson, extra = ''): string =>
  `${role};CN=${paramValue(who.name)}${extra}:mailto:${who.email}`

function eventLines(event: CalendarEvent, now: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsInstant(now)}`,
    `DTSTART:${icsInstant(event.startTime)}`,
    `DTEND:${icsInstant(event.endTime)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.conference ? [`CONFERENCE;VALUE=URI;FEATURE=AUDIO,VIDEO;LABEL=Join the call:${event.conference}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.status ? [`STATUS:${event.status}`] : []),
    ...(event.sequence !== undefined ? [`SEQUENCE:${event.sequence}`] : []),
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendees ?? []).map((who) => person('ATTENDEE', who, ';ROLE=REQ-PARTICIPANT;RSVP=TRUE')),
    'END:VEVENT',
  ]
}

/** A whole calendar file, CRLF line ends, every line folded. */
export function buildCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kiwi Automate//Booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${calendar.method}`,
    ...(calendar.name ? [`X-WR-CALNAME:${escapeText(calendar.name)}`] : []),
    ...calendar.events.flatMap((event) => eventLines(event, calendar.now)),
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
