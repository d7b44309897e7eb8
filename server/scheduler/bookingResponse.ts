import type { BookingResponse } from '../../core/bookingWire'
import type { CallLocation } from '../../core/callLocation'
import type { BookingRow } from '../db/rows'

/** Where the call happens in Cal.com's fields: `location`, and `metadata.videoCallUrl` for a video call. */
export const locationFields = (location: CallLocation): Pick<BookingResponse, 'location' | 'metadata'> =>
  location.type === 'video' ? { location: location.url, metadata: { videoCallUrl: location.url } } : { location: location.phone, metadata: {} }

/** A stored booking as Cal.com answers POST /api/book/event, with where the call happens and its event's iCalendar UID when it has them. */
export function toResponse(row: BookingRow, location?: CallLocation, iCalUID?: string): BookingResponse {
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    startTime: row.startTime,
    endTime: row.endTime,
    status: row.status,
    eventTypeId: row.eventTypeId,
    responses: { name: row.name, email: row.email, guests: row.guests, ...(row.notes ? { notes: row.notes } : {}) },
    attendees: [{ name: row.name, email: row.email, timeZone: row.timeZone }],
    user: { username: row.host },
    ...(iCalUID ? { iCalUID } : {}),
    ...(location ? locationFields(location) : {}),
  }
}
