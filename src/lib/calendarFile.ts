/** 'Add to calendar' in the browser: the booking as an .ics blob (core/icalendar.ts writes it). */
import { buildCalendar, type CalendarEvent } from '../../core/icalendar'

export const ICS_FILE_NAME = 'booking.ics'

/** A blob URL of the booking's .ics; the caller revokes it. */
export function icsObjectUrl(event: CalendarEvent): string {
  const ics = buildCalendar({ method: 'PUBLISH', events: [event], now: new Date().toISOString() })
  return URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }))
}
