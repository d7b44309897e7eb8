/**
 * Where a booking's call happens. A video call's link is VIDEO_CALL_URL with `{room}` replaced by a room
 * name of the booking's own: an HMAC of the booking's id with the server's secret (the one of the invite's
 * UID, ./calendarUid.ts), so it cannot be guessed from anything a visitor sees, stays the same when the call
 * moves, and exists for bookings made before rooms did, without storing anything.
 */
import { createHmac } from 'node:crypto'
import type { CallLocation } from '../../core/callLocation'
import { ROOM_PLACEHOLDER } from '../settings/videoCallUrl'

/** 24 hex characters (96 bits): enough that nobody finds a room by trying. */
export function videoRoom(secret: string, bookingId: number): string {
  return createHmac('sha256', secret).update(`video-room:${bookingId}`).digest('hex').slice(0, 24)
}

/** The join link of a booking: the template with its room, or the host's fixed room as it is. */
export function videoCallUrl(template: string, secret: string, bookingId: number): string {
  return template.includes(ROOM_PLACEHOLDER) ? template.replaceAll(ROOM_PLACEHOLDER, videoRoom(secret, bookingId)) : template
}

/** Where the call of a booking happens: its phone number when the visitor chose a call, else its video room. */
export function callLocationOf(
  template: string,
  secret: string,
  booking: { id: number; phone?: string | null },
): CallLocation {
  return booking.phone ? { type: 'phone', phone: booking.phone } : { type: 'video', url: videoCallUrl(template, secret, booking.id) }
}
