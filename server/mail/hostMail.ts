/** What the agency reads when a call is booked, moved or cancelled: who, when (the host's zone first), the visitor's notes, the link. */
import { locationLine } from '../../core/callLocation'
import { formatPhone } from '../../core/phone'
import { hostCallSentences, joinLine } from './callLines'
import type { MailContent } from './layout'
import { manageUrl, type MailBooking, type ChangeKind, type MailSettings } from '../db/mailMessage'
import { shortDateTime, timeRange, whenRows } from './times'
import { bookingPageSignature, INVITE_SENTENCES } from './mailSentences'
import { CAME_FROM, cameFrom } from '../db/leadLine'
import { readableZone } from '../../core/zoneName'

/**
 * When (the host's zone first), who booked, what they want to discuss, and where the lead came from
 * (docs/booking.md#where-a-lead-came-from): the agency's rows in each of its emails.
 */
export function hostDetails(booking: MailBooking, settings: MailSettings): [string, string][] {
  return [
    ...whenRows(booking, { label: 'When', zone: settings.hostZone }, { label: 'Their time', zone: booking.timeZone }),
    ['Where', locationLine(settings.location(booking), formatPhone)],
    ['Name', booking.name],
    ['Email', booking.email],
    ['Guests', booking.guests.length > 0 ? booking.guests.join(', ') : 'none'],
    ['Notes', booking.notes ?? 'none'],
    ...(booking.leadSource ? [[CAME_FROM, cameFrom(booking.leadSource)] as [string, string]] : []),
  ]
}

export function hostContent(
  kind: ChangeKind,
  booking: MailBooking,
  previous: MailBooking | undefined,
  settings: MailSettings,
): MailContent {
  const zone = settings.hostZone
  const when = shortDateTime(booking.startTime, zone)
  const who = hostDetails(booking, settings)
  const location = settings.location(booking)
  const common = {
    greeting: 'Kia ora,',
    action: { label: 'View the booking', url: manageUrl(settings, booking.uid) },
    signature: bookingPageSignature(settings.hostName),
  }

  if (kind === 'booked') {
    return {
      ...common,
      subject: `New booking: ${booking.name}, ${when} (${readableZone(zone)})`,
      intro: [`${booking.name} booked a 15-minute call.`, ...hostCallSentences(location)],
      ...joinLine(location),
      details: who,
      outro: [INVITE_SENTENCES.attached],
    }
  }
  if (kind === 'rescheduled') {
    return {
      ...common,
      subject: `Rescheduled: ${booking.name}, now ${when} (${readableZone(zone)})`,
      intro: [`${booking.name} moved their call to a new time.`, ...hostCallSentences(location)],
      ...joinLine(location),
      details: [...who, ...(previous ? [['Was', timeRange(previous.startTime, previous.endTime, zone)] as [string, string]] : [])],
      outro: ['The updated invite is attached (invite.ics).'],
    }
  }
  return {
    ...common,
    subject: `Cancelled: ${booking.name}, ${when} (${readableZone(zone)})`,
    intro: [
      booking.cancelledBy === 'host'
        ? `You cancelled the call with ${booking.name} from the desk; the time is free again.`
        : `${booking.name} cancelled their call; the time is free again.`,
    ],
    details: [...who, ['Reason', booking.cancellationReason ?? 'none given']],
    outro: [INVITE_SENTENCES.removes],
  }
}
