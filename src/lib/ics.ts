/**
 * An iCalendar file for a confirmed booking, made in the browser for 'Add to calendar'. No Temporal:
 * the toast that uses it ships with the modal.
 */

export interface CalendarEvent {
  uid: string
  title: string
  /** ISO instants. */
  startTime: string
  endTime: string
  description?: string
}

/** 2026-11-23T21:00:00.000Z → 20261123T210000Z (UTC, as RFC 5545 wants). */
export function icsInstant(iso: string): string {
  const utc = new Date(iso).toISOString()
  return utc.replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

/** Escapes text values (RFC 5545 §3.3.11). */
function icsText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** Folds lines longer than 75 octets (approximated by characters) with CRLF + space. */
function fold(line: string): string {
  const parts: string[] = []
  for (let i = 0; i < line.length; i += 74) parts.push(line.slice(i, i + 74))
  return parts.join('\r\n ')
}

export function buildIcs(event: CalendarEvent, now: string = new Date().toISOString()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kiwi Automate//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsInstant(now)}`,
    `DTSTART:${icsInstant(event.startTime)}`,
    `DTEND:${icsInstant(event.endTime)}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(fold).join('\r\n') + '\r\n'
}

export const ICS_FILE_NAME = 'booking.ics'

/** A blob URL of the booking's .ics; the caller revokes it. */
export function icsObjectUrl(event: CalendarEvent): string {
  return URL.createObjectURL(new Blob([buildIcs(event)], { type: 'text/calendar;charset=utf-8' }))
}
