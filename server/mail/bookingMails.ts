/** The two messages a change of a booking causes (visitor and agency), each with its invite and a stable Message-ID. */
import { hostContent } from './hostMail'
import { inviteFor } from './invite'
import { renderHtml, renderText, type MailContent } from './layout'
import type { MailBooking, MailKind, MailSettings, NewMailJob } from './message'
import { visitorContent } from './visitorMail'

export function bookingMails(options: {
  kind: MailKind
  booking: MailBooking
  previous: MailBooking | undefined
  settings: MailSettings
  /** An ISO instant: the invite's DTSTAMP. */
  now: string
  /** A fresh unique id (a UUID) for each Message-ID. */
  newId: () => string
}): NewMailJob[] {
  const { kind, booking, previous, settings } = options
  const invite = inviteFor(booking, kind === 'cancelled' ? 'CANCEL' : 'REQUEST', settings, options.now)
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
        cc: booking.guests.map((guest) => ({ name: '', address: guest })),
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
  ]
}
