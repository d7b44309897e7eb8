/** The invite every booking email carries, written by the one iCalendar writer (core/icalendar.ts). */
import { buildCalendar } from '../../core/icalendar'
import { manageUrl, type MailBooking, type MailSettings } from './message'

/**
 * METHOD:REQUEST for a new or moved call (SEQUENCE says which version), METHOD:CANCEL with
 * STATUS:CANCELLED once cancelled; the UID is the booking's uid throughout, so calendars update the
 * one event. `now` (an ISO instant) is the DTSTAMP.
 */
export function inviteFor(
  booking: MailBooking,
  method: 'REQUEST' | 'CANCEL',
  settings: MailSettings,
  now: string,
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const link = manageUrl(settings, booking.uid)
  const content = buildCalendar({
    method,
    now,
    events: [
      {
        uid: booking.uid,
        title: booking.title,
        startTime: booking.startTime,
        endTime: booking.endTime,
        description: method === 'CANCEL' ? 'This call is cancelled.' : `Reschedule or cancel: ${link}`,
        status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
        sequence: booking.sequence,
        organizer: { name: settings.hostName, email: settings.hostEmail ?? settings.from.address },
        attendees: [
          { name: booking.name, email: booking.email },
          ...booking.guests.map((guest) => ({ name: guest, email: guest })),
        ],
        url: link,
      },
    ],
  })
  return { method, content }
}
