import type { BookingResponse } from '../../core/bookingWire'
import type { BookingRow } from '../db/store'

/** A stored booking as Cal.com answers POST /api/book/event. */
export function toResponse(row: BookingRow): BookingResponse {
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    startTime: row.startTime,
    endTime: row.endTime,
    status: row.status,
    eventTypeId: row.eventTypeId,
    responses: { name: row.name, email: row.email, guests: row.guests },
    attendees: [{ name: row.name, email: row.email, timeZone: row.timeZone }],
    user: { username: row.host },
  }
}
