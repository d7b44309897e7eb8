/** What the visitor reads when their call is booked, moved or cancelled: their zone first, the host's beside it. */
import { joinLine, visitorCallSentences } from './callLines'
import type { MailContent } from './layout'
import { manageUrl, type MailBooking, type ChangeKind, type MailSettings } from '../db/mailMessage'
import { shortDateTime, timeRange, whenRows } from './times'
import { agencySignature, INVITE_SENTENCES } from './mailSentences'
import { readableZone } from '../../core/zoneName'

export function visitorContent(
  kind: ChangeKind,
  booking: MailBooking,
  previous: MailBooking | undefined,
  settings: MailSettings,
): MailContent {
  const host = settings.hostName
  const { timeZone: zone, hour24 = false } = booking
  const when = shortDateTime(booking.startTime, zone, hour24)
  const times = whenRows(booking, { label: 'When (your time)', zone, hour24 }, { label: `${host}'s time`, zone: settings.hostZone })
  const change = { label: 'Reschedule or cancel', url: manageUrl(settings, booking.uid) }
  const common = { greeting: `Kia ora ${booking.name},`, signature: agencySignature(host) }
  const location = settings.location(booking)

  if (kind === 'booked') {
    return {
      ...common,
      subject: `Booked: your call with ${host}, ${when} (${readableZone(zone)})`,
      intro: [`Your 15-minute call with ${host} is booked.`, ...visitorCallSentences(location)],
      ...joinLine(location),
      details: times,
      action: change,
      outro: [INVITE_SENTENCES.adds],
    }
  }
  if (kind === 'rescheduled') {
    return {
      ...common,
      subject: `Moved: your call with ${host} is now ${when} (${readableZone(zone)})`,
      intro: [`Your call with ${host} has moved to a new time.`, ...visitorCallSentences(location)],
      ...joinLine(location),
      details: [...times, ...(previous ? [['Was', timeRange(previous.startTime, previous.endTime, zone, hour24)] as [string, string]] : [])],
      action: change,
      outro: [INVITE_SENTENCES.moves],
    }
  }
  return {
    ...common,
    subject: `Cancelled: your call with ${host}, ${when} (${readableZone(zone)})`,
    // The agency cancelled from the desk: the visitor did not ask, so the mail says who did and offers another time.
    intro: booking.cancelledBy === 'host'
      ? [`${host} has had to cancel your call, sorry.`, 'Please book another time that suits you.']
      : [`Your call with ${host} is cancelled.`],
    details: [...times, ...(booking.cancellationReason ? [['Reason', booking.cancellationReason] as [string, string]] : [])],
    action: { label: 'Book a new call', url: `${settings.publicUrl}/` },
    outro: [INVITE_SENTENCES.removes],
  }
}
