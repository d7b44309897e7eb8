/** The invite every booking email carries, written by the one iCalendar writer (core/icalendar.ts). */
import { buildCalendar } from '../../core/icalendar'
import { bookingEvent } from '../calendar/bookingEvent'
import { guestEventTitle } from './guestMail'
import { manageUrl, type MailBooking, type MailSettings } from '../db/mailMessage'

/**
 * METHOD:REQUEST for a new or moved call (SEQUENCE says which version), METHOD:CANCEL with
 * STATUS:CANCELLED once cancelled; the UID is the booking's calendar UID throughout (never the manage
 * link's uid), so calendars update the one event. `now` (an ISO instant) is the DTSTAMP.
 */
export function inviteFor(
  booking: MailBooking,
  method: 'REQUEST' | 'CANCEL',
  settings: MailSettings,
  now: string,
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const link = manageUrl(settings, booking.uid)
  const cancelled = method === 'CANCEL'
  const content = buildCalendar({
    method,
    now,
    events: [
      {
        ...bookingEvent(booking, settings, {
          cancelled,
          located: !cancelled,
          describe: (where) => (cancelled ? 'This call is cancelled.' : `${where.descriptionLine}\nReschedule or cancel: ${link}`),
        }),
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

/**
 * A guest's invite: the same event (UID, SEQUENCE, times) as the visitor's, so calendars update it alike,
 * but with the agency's title, the guest as the only attendee, and no manage link or visitor text.
 */
export function guestInviteFor(
  booking: MailBooking,
  guest: string,
  method: 'REQUEST' | 'CANCEL',
  settings: MailSettings,
  now: string,
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  // A guest gets the video link, never the visitor's phone number.
  const location = settings.location(booking)
  const video = location.type === 'video' && method !== 'CANCEL' ? { location: location.url, conference: location.url } : undefined
  const content = buildCalendar({
    method,
    now,
    events: [
      {
        ...bookingEvent(booking, settings, {
          cancelled: method === 'CANCEL',
          title: guestEventTitle(settings),
          located: false,
          describe: (where) => (video ? where.descriptionLine : undefined),
        }),
        ...video,
        organizer: { name: settings.hostName, email: settings.hostEmail ?? settings.from.address },
        attendees: [{ name: '', email: guest }],
      },
    ],
  })
  return { method, content }
}
