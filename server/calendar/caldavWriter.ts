/**
 * Each booking as an event in the host's CalDAV calendar: created on booking, moved on a
 * reschedule (same UID, SEQUENCE + 1), removed on a cancellation. The writes are jobs of the mail
 * outbox (recipient 'calendar'), written in the booking's transaction and run by the mail worker with
 * its retries, backoff and leases. A job writes the booking's *latest* state, whatever change queued it:
 * PUT of the whole event to a URL named by its UID, or DELETE once cancelled (a 404 counts as done).
 * Both are idempotent, so a job run twice (a worker died mid-write) or out of order (an older job
 * retried after a newer one) still leaves the calendar as the booking is: the write happens once.
 */
import { buildCalendar } from '../../core/icalendar'
import type { BookingRow } from '../db/rows'
import type { BookingStore } from '../db/store'
import { bookingEvent } from './bookingEvent'
import { manageUrl, type ChangeKind, type MailSettings, type NewMailJob } from '../db/mailMessage'
import type { CaldavAccount } from './caldav'
import { SourceError } from './sourceError'
import { CAME_FROM, cameFrom } from '../db/leadLine'

/** The outbox job that brings the host's calendar up to date after a change (the message is a record only). */
export function calendarJob(kind: ChangeKind, settings: MailSettings, newId: () => string): NewMailJob {
  const domain = settings.from.address.split('@').pop() as string
  return {
    messageId: `<calendar-${newId()}@${domain}>`,
    kind,
    recipient: 'calendar',
    message: {
      from: settings.from,
      to: null,
      cc: [],
      replyTo: null,
      subject: `The host's calendar: booking ${kind}`,
      text: '',
      html: '',
      invite: { method: kind === 'cancelled' ? 'CANCEL' : 'REQUEST', content: '' },
    },
  }
}

/**
 * The event as stored in the host's calendar: no METHOD (a CalDAV object must not have one) and no
 * ORGANIZER or ATTENDEE (a calendar server would then send invitations of its own); who booked is in
 * the description, with the visitor's notes, where the lead came from (the host's own calendar: the agency's eyes
 * only) and the manage link.
 */
export function calendarEvent(booking: BookingRow, settings: MailSettings, now: string): string {
  const link = manageUrl(settings, booking.uid)
  const who = [booking.name, booking.email].join(' <') + '>'
  return buildCalendar({
    method: 'PUBLISH',
    now,
    events: [
      {
        ...bookingEvent(booking, settings, {
          cancelled: false,
          describe: (where) =>
            `${where.descriptionLine}\nBooked by ${who}${booking.guests.length ? `, with ${booking.guests.join(', ')}` : ''}.${booking.notes ? `\nNotes: ${booking.notes}` : ''}${booking.leadSource ? `\n${CAME_FROM}: ${cameFrom(booking.leadSource)}` : ''}\nReschedule or cancel: ${link}`,
        }),
        url: link,
      },
    ],
  }).replace('METHOD:PUBLISH\r\n', '')
}

export interface CaldavWriter {
  /** Makes the host's calendar hold the booking of `uid` as it is now; resolves with what it did, for the log. */
  sync(uid: string): Promise<string>
}

export function caldavWriter(options: {
  account: CaldavAccount
  store: Pick<BookingStore, 'find'>
  settings: MailSettings
  now: () => string
}): CaldavWriter {
  const { account, store, settings } = options
  const check = (response: Response, allowed: number[] = []) => {
    if (!response.ok && !allowed.includes(response.status)) throw new SourceError(`the CalDAV server answered HTTP ${response.status}`)
  }
  return {
    async sync(uid) {
      const booking = await store.find(uid)
      if (!booking) return 'nothing to write (no such booking)'
      const calendar = await account.target()
      const url = new URL(`${encodeURIComponent(settings.calendarUid(booking.id))}.ics`, calendar.url.endsWith('/') ? calendar.url : `${calendar.url}/`).href
      if (booking.status === 'CANCELLED') {
        await account.withClient(async (dav) => check(await dav.deleteCalendarObject({ calendarObject: { url } }), [404]))
        return 'removed from the CalDAV calendar'
      }
      const data = calendarEvent(booking, settings, options.now())
      // No If-Match: the whole event is replaced, whatever version is there (ours, by its UID).
      await account.withClient(async (dav) => check(await dav.updateCalendarObject({ calendarObject: { url, data } })))
      return `written to the CalDAV calendar (sequence ${booking.sequence})`
    },
  }
}
