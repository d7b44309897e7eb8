/**
 * What a guest reads: only the agency's own words and the time. A guest did not ask for this mail, so it
 * carries nothing the visitor wrote (no name, no reason) and no manage link (the uid is the visitor's
 * capability): the site cannot be used to send a stranger a message.
 */
import { joinLine } from './callLines'
import type { MailContent } from './layout'
import type { ChangeKind, MailBooking, MailSettings } from '../db/mailMessage'
import { shortDateTime, timeRange } from './times'
import { agencySignature, INVITE_SENTENCES } from './mailSentences'
import { readableZone } from '../../core/zoneName'

/** The event as a guest's calendar shows it: no visitor text in its title. */
export const guestEventTitle = (settings: MailSettings) => `15-minute call with ${settings.hostName}`

export function guestContent(kind: ChangeKind, booking: MailBooking, settings: MailSettings): MailContent {
  const host = settings.hostName
  const when = shortDateTime(booking.startTime, settings.hostZone)
  const details: [string, string][] = [['When', timeRange(booking.startTime, booking.endTime, settings.hostZone)]]
  // The video link only: a phone call is between the agency and the visitor.
  const join = joinLine(settings.location(booking))
  const common = { greeting: 'Kia ora,', details, signature: agencySignature(host) }
  if (kind === 'booked') {
    return {
      ...common,
      subject: `Invitation: a call with ${host}, ${when} (${readableZone(settings.hostZone)})`,
      intro: [`You are invited, as a guest, to a 15-minute call with ${host}.`],
      ...join,
      outro: [INVITE_SENTENCES.adds],
    }
  }
  if (kind === 'rescheduled') {
    return {
      ...common,
      subject: `Moved: the call with ${host} is now ${when} (${readableZone(settings.hostZone)})`,
      intro: [`The call with ${host} you are a guest of has moved to a new time.`],
      ...join,
      outro: [INVITE_SENTENCES.moves],
    }
  }
  return {
    ...common,
    subject: `Cancelled: the call with ${host}, ${when} (${readableZone(settings.hostZone)})`,
    intro: [`The call with ${host} you were a guest of is cancelled.`],
    outro: [INVITE_SENTENCES.removes],
  }
}
