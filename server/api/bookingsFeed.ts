import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { Temporal } from 'temporal-polyfill'
import type { BookingRow } from '../db/store'
import type { ApiContext } from './context'

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

/** RFC 5545 §3.1: content lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let bytes = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
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

/** `20261122T210000Z` */
function utcStamp(iso: string): string {
  const instant = Temporal.Instant.from(iso).round({ smallestUnit: 'second', roundingMode: 'floor' })
  return instant.toString().replace(/[-:]/g, '').replace(/\.\d+/, '')
}

export function bookingsCalendar(bookings: readonly BookingRow[], host: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Kiwi Automate//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`Bookings of ${host}`)}`,
  ]
  for (const b of bookings) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(b.uid)}@${escapeText(host)}`,
      `DTSTAMP:${utcStamp(b.createdAt)}`,
      `DTSTART:${utcStamp(b.startTime)}`,
      `DTEND:${utcStamp(b.endTime)}`,
      `SUMMARY:${escapeText(b.title)}`,
      `DESCRIPTION:${escapeText(`Name: ${b.name}\nEmail: ${b.email}\nTime zone: ${b.timeZone}`)}`,
      `STATUS:${b.status === 'ACCEPTED' ? 'CONFIRMED' : 'TENTATIVE'}`,
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}

/** Compares digests so neither the token's length nor its content leaks through timing. */
function tokenMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/** GET /api/bookings.ics — the host's calendar feed, behind ADMIN_TOKEN (404 when none is configured). */
export async function bookingsFeedRoute(c: Context, ctx: ApiContext): Promise<Response> {
  const token = ctx.config.ADMIN_TOKEN
  if (!token) return c.json({ message: 'Not found' }, 404)
  const match = /^Bearer +(\S+) *$/i.exec(c.req.header('authorization') ?? '')
  if (!match || !tokenMatches(match[1] as string, token)) {
    return c.json({ message: 'A valid bearer token is required.' }, 401, { 'WWW-Authenticate': 'Bearer realm="bookings"' })
  }
  const since = ctx.clock().subtract({ hours: 24 * 30 })
  const bookings = await ctx.store.list(since, 5000)
  return c.body(bookingsCalendar(bookings, ctx.config.BOOKING_HOST), 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'no-store',
  })
}
