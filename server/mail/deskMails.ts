/**
 * The desk's own mails (docs/desk.md): the sign-in link to an address of DESK_EMAILS, and the short note to a visitor
 * the host marked as a no-show, with the way to book again. Outbox jobs, like every other mail.
 */
import { DESK_LINK_FRAGMENT, DESK_LINK_MINUTES } from '../../core/deskWire'
import { renderHtml, renderText, type MailContent } from './layout'
import type { MailBooking, MailSettings, NewMailJob } from '../db/mailMessage'
import { agencySignature, bookingPageSignature } from './mailSentences'

/** One job of one message to one address. */
function job(kind: NewMailJob['kind'], to: { name: string; address: string }, content: MailContent, settings: MailSettings, newId: () => string): NewMailJob {
  const domain = settings.from.address.split('@').pop() as string
  return {
    messageId: `<${newId()}@${domain}>`,
    kind,
    recipient: kind === 'desk-link' ? 'host' : 'visitor',
    message: {
      from: settings.from,
      to,
      cc: [],
      replyTo: kind === 'desk-link' || !settings.hostEmail ? null : { name: settings.hostName, address: settings.hostEmail },
      subject: content.subject,
      text: renderText(content),
      html: renderHtml(content),
    },
  }
}

/** The sign-in link: the token in the fragment, so no server, log or Referer sees it; not sent once it has expired. */
export function deskLinkMail(options: { token: string; to: string; expiresAt: string; settings: MailSettings; newId: () => string }): NewMailJob {
  const { settings } = options
  const content: MailContent = {
    subject: `Your sign-in link to the desk of ${settings.hostName}`,
    greeting: 'Kia ora,',
    intro: [`Open this link to sign in to the desk of ${settings.hostName}:`],
    details: [],
    action: { label: 'Sign in to the desk', url: `${settings.publicUrl}/desk#${DESK_LINK_FRAGMENT}=${options.token}` },
    outro: [
      `It works once, within ${DESK_LINK_MINUTES} minutes.`,
      'If you did not ask for it, you need not do anything: nobody can sign in without opening it.',
    ],
    signature: bookingPageSignature(settings.hostName),
  }
  return { ...job('desk-link', { name: '', address: options.to }, content, settings, options.newId), notAfter: options.expiresAt }
}

/** To a visitor who missed their call, when the host asks: short and kind, with the booking page. */
export function rebookMail(options: { booking: MailBooking; settings: MailSettings; newId: () => string }): NewMailJob {
  const { booking, settings } = options
  const content: MailContent = {
    subject: `Sorry we missed you: book another call with ${settings.hostName}`,
    greeting: `Kia ora ${booking.name},`,
    intro: [`We were sorry to miss you on our call: these things happen.`, 'If you would still like to talk, please book another time that suits you.'],
    details: [],
    action: { label: 'Book a new call', url: `${settings.publicUrl}/` },
    outro: [],
    signature: agencySignature(settings.hostName),
  }
  return job('no-show', { name: booking.name, address: booking.email }, content, settings, options.newId)
}
