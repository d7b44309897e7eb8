/**
 * The agency's brief after a voice call that booked: who and when (the host's zone, as its
 * other mails write it), the visitor's note, the platform's summary of the call, and the transcript attached
 * as transcript.txt. One message, to the agency only: nothing of it goes to the visitor.
 */
import type { ReportedBooking } from '../db/voiceCalls'

/** What a brief reads of its booking. */
export type BriefBooking = Pick<ReportedBooking, 'id' | 'uid' | 'name' | 'email' | 'startTime' | 'endTime' | 'timeZone' | 'notes' | 'callSummary' | 'callTranscript'> &
  Partial<Pick<ReportedBooking, 'leadSource'>>
import { renderHtml, renderText, type MailContent } from './layout'
import { manageUrl, type MailSettings, type NewMailJob } from '../db/mailMessage'
import { shortDateTime, whenRows } from './times'
import { bookingPageSignature } from './mailSentences'
import { CAME_FROM, cameFrom } from '../db/leadLine'
import { readableZone } from '../../core/zoneName'

/** How much of a transcript is kept and attached: a 15-minute call's talk fits several times over. */
export const TRANSCRIPT_MAX_LENGTH = 20_000
/** How much of a summary is kept: the platform's are a paragraph or two. */
export const SUMMARY_MAX_LENGTH = 5_000

export function briefContent(booking: BriefBooking, settings: MailSettings): MailContent {
  const zone = settings.hostZone
  const transcript = booking.callTranscript
  return {
    subject: `Brief: ${booking.name} — ${shortDateTime(booking.startTime, zone)} (${readableZone(zone)})`,
    greeting: 'Kia ora,',
    intro: [`${booking.name} booked their call with the voice assistant. What they said on that call:`],
    details: [
      ...whenRows(booking, { label: 'When', zone }, { label: 'Their time', zone: booking.timeZone }),
      ['Name', booking.name],
      ['Email', booking.email],
      ['Notes', booking.notes ?? 'none'],
      ...(booking.leadSource ? [[CAME_FROM, cameFrom(booking.leadSource)] as [string, string]] : []),
      ['Summary', booking.callSummary ?? 'none (the assistant made no summary of this call)'],
    ],
    action: { label: 'View the booking', url: manageUrl(settings, booking.uid) },
    outro: [
      transcript
        ? `The call's transcript is attached (transcript.txt${transcript.length >= TRANSCRIPT_MAX_LENGTH ? `, its first ${TRANSCRIPT_MAX_LENGTH.toLocaleString('en-NZ')} characters` : ''}).`
        : 'The voice platform sent no transcript of this call.',
    ],
    signature: bookingPageSignature(settings.hostName),
  }
}

/** The brief as an outbox job, with a stable Message-ID. */
export function briefMail(booking: BriefBooking, settings: MailSettings, newId: () => string): NewMailJob {
  const content = briefContent(booking, settings)
  const domain = settings.from.address.split('@').pop() as string
  return {
    messageId: `<${newId()}@${domain}>`,
    kind: 'brief',
    recipient: 'host',
    message: {
      from: settings.from,
      to: settings.hostEmail ? { name: settings.hostName, address: settings.hostEmail } : null,
      cc: [],
      replyTo: { name: booking.name, address: booking.email },
      subject: content.subject,
      text: renderText(content),
      html: renderHtml(content),
      ...(booking.callTranscript ? { attachments: [{ filename: 'transcript.txt', content: booking.callTranscript }] } : {}),
    },
  }
}
