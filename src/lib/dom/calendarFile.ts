/** 'Add to calendar' in the browser: the manage link of a booking and its .ics blob (core/icalendar.ts writes it). */
import { calendarEventOf, type CallForCalendar } from '../../../core/calendarLinks'
import { buildCalendar } from '../../../core/icalendar'

export const ICS_FILE_NAME = 'booking.ics'

/** The booking's manage page on this site, absolute (it goes into the visitor's calendar). */
export function manageUrlOf(uid: string): string {
  return new URL(`/booking/${encodeURIComponent(uid)}`, window.location.origin).toString()
}

/** A blob URL of the booking's .ics; the caller revokes it. */
export function icsObjectUrl(call: CallForCalendar): string {
  const ics = buildCalendar({ method: 'PUBLISH', events: [calendarEventOf(call)], now: new Date().toISOString() })
  return URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }))
}
