/**
 * The iCalendar UID of a booking's event, in every invite and in the agency's feed: an HMAC of the
 * booking's id with the server's `calendar_uid` secret (migration 005). The same for the whole life of the
 * booking (reschedules and the cancellation update the one event), and never the manage link's uid, so an
 * invite or a shared calendar gives nobody the right to change the booking.
 */
import { createHmac } from 'node:crypto'

export function calendarUid(secret: string, bookingId: number, host: string): string {
  return `${createHmac('sha256', secret).update(`booking:${bookingId}`).digest('hex').slice(0, 32)}@${host}`
}
