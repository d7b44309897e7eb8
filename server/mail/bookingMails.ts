/**
 * The messages a change of a booking causes (visitor, agency, and one to each guest), each with its
 * invite and a stable Message-ID. Nobody is copied: each message has one recipient.
 */
import { guestContent } from './guestMail'
import { hostContent } from './hostMail'
import { guestInviteFor, inviteFor } from './invite'
import { renderHtml, renderText, type MailContent } from './layout'
import type { ChangeKind, MailBooking, MailSettings, NewMailJob } from '../db/mailMessage'
import { visitorContent } from './visitorMail'

export function bookingMails(options: {
  kind: ChangeKind
  booking: MailBooking
  previous: MailBooking | undefined
  settings: MailSettings
  /** An ISO instant: the invite's DTSTAMP. */
  now: string
  /** A fresh unique id (a UUID) for each Message-ID. */
  newId: () => string
}): NewMailJob[] {
  const { kind, booking, previous, settings } = options
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST'
  const invite = inviteFor(booking, method, settings, options.now)
  const domain = settings.from.address.split('@').pop() as string
  const host = settings.hostEmail ? { name: settings.hostName, address: settings.hostEmail } : null
  const visitor = { name: booking.name, address: booking.email }
  const rendered = (content: MailContent) => ({ subject: content.subject, text: renderText(content), html: renderHtml(content) })
  return [
    {
      messageId: `<${options.newId()}@${domain}>`,
      kind,
      recipient: 'visitor',
      message: {
        from: settings.from,
        to: visitor,
        cc: [],
        replyTo: host,
        ...rendered(visitorContent(kind, booking, previous, settings)),
        invite,
      },
    },
    {
      messageId: `<${options.newId()}@${domain}>`,
      kind,
      recipient: 'host',
      message: {
        from: settings.from,
        to: host,
        cc: [],
        replyTo: visitor,
        ...rendered(hostContent(kind, booking, previous, settings)),
        invite,
      },
    },
    ...booking.guests.map((guest) => ({
      messageId: `<${options.newId()}@${domain}>`,
      kind,
      recipient: 'guest' as const,
      message: {
        from: settings.from,
        to: { name: '', address: guest },
        cc: [],
        replyTo: host,
        ...rendered(guestContent(kind, booking, settings)),
        invite: guestInviteFor(booking, guest, method, settings, options.now),
      },
    })),
  ]
}
