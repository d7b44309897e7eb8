/**
 * A booking's calendar event, built in one place for its three readers (docs/design.md#server): the emailed
 * invites (server/mail/invite.ts), the copy in the host's CalDAV calendar (caldavWriter.ts) and the agency's feed
 * (server/http/api/bookingsFeed.ts). The UID (the booking's calendar UID, never the manage link's uid), the times,
 * the SEQUENCE, the status and where the call happens are the booking's and alike in all three; each reader words
 * the title and description for whom it is, and an invite adds its people.
 */
import type { CalendarEvent } from '../../core/icalendar'
import type { MailBooking, MailSettings } from '../db/mailMessage'
import { inviteLocation } from './eventLocation'

/** What the event reads of a booking. */
export type EventBooking = Pick<MailBooking, 'id' | 'title' | 'startTime' | 'endTime' | 'sequence' | 'phone'>

/** Where the call happens, as the event says it. */
export type EventWhere = ReturnType<typeof inviteLocation>

export function bookingEvent(
  booking: EventBooking,
  settings: Pick<MailSettings, 'calendarUid' | 'location'>,
  how: {
    /** STATUS:CANCELLED instead of CONFIRMED. */
    cancelled: boolean
    /** The event's DESCRIPTION, from where the call happens; none when undefined. */
    describe: (where: EventWhere) => string | undefined
    /** SUMMARY; the booking's title when absent. */
    title?: string
    /** false: no LOCATION or CONFERENCE (a cancelled invite, a guest's, which adds a video link only). */
    located?: boolean
  },
): CalendarEvent {
  const where = inviteLocation(settings.location(booking))
  const description = how.describe(where)
  return {
    uid: settings.calendarUid(booking.id),
    title: how.title ?? booking.title,
    startTime: booking.startTime,
    endTime: booking.endTime,
    ...(description === undefined ? {} : { description }),
    ...(how.located === false ? {} : { location: where.location, ...(where.conference ? { conference: where.conference } : {}) }),
    status: how.cancelled ? 'CANCELLED' : 'CONFIRMED',
    sequence: booking.sequence,
  }
}
