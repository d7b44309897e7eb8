/**
 * 'Add to calendar' links: Google Calendar's and Outlook's "new event" pages, filled with
 * the call's title, its start and end in UTC and the manage link. Pure; the .ics for Apple Calendar
 * and the others comes from the one iCalendar writer (./icalendar).
 */
import { CALL_LOCATION_TEXT } from './callLocation'
import { icsInstant, type CalendarEvent } from './icalendar'

/** The call as a calendar event of the visitor's: what every link and the .ics carry. */
export interface CallForCalendar {
  /** The booking's uid: the manage link's capability, for the visitor's own calendar only. */
  uid: string
  /** The event's UID, the one the emailed invite carries, so a calendar updates one event; the uid without it. */
  iCalUID?: string
  title: string
  /** ISO instants. */
  startTime: string
  endTime: string
  /** The manage page of the booking (reschedule or cancel), absolute. */
  manageUrl: string
  /** The call's join link, when it happens by video: the event's location. */
  videoCallUrl?: string | undefined
}

/** The event's description: how to join, and where to change it. */
export const callDetails = (call: Pick<CallForCalendar, 'manageUrl' | 'videoCallUrl'>): string =>
  `${call.videoCallUrl ? `${CALL_LOCATION_TEXT.joinTheCall}: ${call.videoCallUrl}\n` : ''}Reschedule or cancel this call: ${call.manageUrl}`

/** The location field of the calendars' new-event pages: the join link, when there is one. */
const locationParam = (call: CallForCalendar): Record<string, string> => (call.videoCallUrl ? { location: call.videoCallUrl } : {})

/** The .ics event of the call (for buildCalendar). */
export function calendarEventOf(call: CallForCalendar): CalendarEvent {
  return {
    uid: call.iCalUID ?? call.uid,
    title: call.title,
    startTime: call.startTime,
    endTime: call.endTime,
    description: callDetails(call),
    url: call.manageUrl,
    ...(call.videoCallUrl ? { location: call.videoCallUrl, conference: call.videoCallUrl } : {}),
  }
}

/** Google Calendar's event template: dates as UTC basic form, start/end. */
export function googleCalendarUrl(call: CallForCalendar): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: call.title,
    dates: `${icsInstant(call.startTime)}/${icsInstant(call.endTime)}`,
    details: callDetails(call),
    ...locationParam(call),
  })
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}

/** ISO instant in UTC without milliseconds: 2026-11-23T21:00:00Z (what Outlook's compose page reads). */
const utcIso = (iso: string): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** Outlook's compose page: outlook.live.com for personal accounts, outlook.office.com for Office 365. */
export function outlookCalendarUrl(call: CallForCalendar, service: 'live' | 'office'): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: call.title,
    startdt: utcIso(call.startTime),
    enddt: utcIso(call.endTime),
    body: callDetails(call),
    ...locationParam(call),
  })
  const host = service === 'live' ? 'outlook.live.com' : 'outlook.office.com'
  return `https://${host}/calendar/0/action/compose?${params.toString()}`
}
