import type { BookingResponse } from '../../core/bookingWire'
import type { BookingRow } from '../db/rows'

/** A stored booking as Cal.com answers POST /api/book/event, with its event's iCalendar UID when it has one. */
export function toResponse(row: BookingRow, iCalUID?: string): BookingResponse {
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
  }
}
