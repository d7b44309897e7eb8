/**
 * Reminders before a call: jobs of the mail outbox, due at their moment, written with the
 * booking (and again for the new time when it moves). The visitor's comes at each of REMINDERS, the
 * agency's at HOST_REMINDER. A moment already past when the booking is made gets no reminder, and a
 * reminder is never sent once its call has started (`notAfter`).
 */
import { hostCallSentences, joinLine, visitorCallSentences } from './callLines'
import { hostDetails } from './hostMail'
import { inviteFor } from './invite'
import { renderHtml, renderText, type MailContent } from './layout'
import { manageUrl, type MailBooking, type MailSettings, type NewMailJob } from '../db/mailMessage'
import { shortDateTime, whenRows } from './times'
import { agencySignature, bookingPageSignature, INVITE_SENTENCES } from './mailSentences'
import { readableZone } from '../../core/zoneName'

/** How long before the call each reminder goes, in milliseconds (config REMINDERS and HOST_REMINDER). */
export interface ReminderPlan {
  visitor: readonly number[]
  host: readonly number[]
}

/** A reminder this close to the call (or closer) leads with the join link: the visitor is about to use it. */
export const LEADS_WITH_JOIN_MS = 60 * 60_000

/**
 * What the visitor reads: how to join (first of all when the call is near, `soon`), when (their zone first), the
 * manage link, the invite again. No visitor text in the subject.
 */
export function visitorReminderContent(booking: MailBooking, settings: MailSettings, soon = false): MailContent {
  const host = settings.hostName
  const { timeZone: zone, hour24 = false } = booking
  const location = settings.location(booking)
  return {
    subject: `Reminder: your call with ${host}, ${shortDateTime(booking.startTime, zone, hour24)} (${readableZone(zone)})`,
    greeting: `Kia ora ${booking.name},`,
    intro: [`A reminder of your 15-minute call with ${host}.`, ...visitorCallSentences(location)],
    ...joinLine(location, soon),
    details: whenRows(booking, { label: 'When (your time)', zone, hour24 }, { label: `${host}'s time`, zone: settings.hostZone }),
    action: { label: 'View your booking', url: manageUrl(settings, booking.uid) },
    outro: ['The invite is attached again (invite.ics), in case the call is not in your calendar yet.'],
    signature: agencySignature(host),
  }
}

/**
 * What the agency reads before the call: who, when (the host's zone first), the visitor's notes, and what the
 * voice assistant's summary of the call said when the booking was made by voice (`brief`).
 */
export function hostReminderContent(booking: MailBooking, settings: MailSettings, brief?: string | null, soon = false): MailContent {
  const zone = settings.hostZone
  const location = settings.location(booking)
  return {
    subject: `Reminder: ${booking.name}, ${shortDateTime(booking.startTime, zone)} (${readableZone(zone)})`,
    greeting: 'Kia ora,',
    intro: [`Your 15-minute call with ${booking.name} is coming up.`, ...hostCallSentences(location)],
    ...joinLine(location, soon),
    details: [
      ...hostDetails(booking, settings),
      // The summary arrives after the booking: the report rewrites this reminder while it is still to go (db/voiceCalls.ts).
      ...(brief ? [['From the voice call', brief] as [string, string]] : []),
    ],
    action: { label: 'View the booking', url: manageUrl(settings, booking.uid) },
    outro: [INVITE_SENTENCES.attached],
    signature: bookingPageSignature(settings.hostName),
  }
}

/**
 * The reminder jobs of a booking as it now is: one per moment of `plan` still ahead of `now` (an ISO
 * instant, also the invite's DTSTAMP). The invite is the booking's own (same UID and SEQUENCE), so it
 * updates nothing and adds the call where it is missing.
 */
export function reminderMails(options: {
  booking: MailBooking
  plan: ReminderPlan
  settings: MailSettings
  now: string
  newId: () => string
  /** The voice call's summary, for the agency's reminder. */
  brief?: string | null
}): NewMailJob[] {
  const { booking, plan, settings, now } = options
  const startMs = Date.parse(booking.startTime)
  const nowMs = Date.parse(now)
  const domain = settings.from.address.split('@').pop() as string
  const invite = inviteFor(booking, 'REQUEST', settings, now)
  const host = settings.hostEmail ? { name: settings.hostName, address: settings.hostEmail } : null
  const visitor = { name: booking.name, address: booking.email }
  const rendered = (content: MailContent) => ({ subject: content.subject, text: renderText(content), html: renderHtml(content) })
  const due = (before: number) => new Date(startMs - before).toISOString()
  const ahead = (list: readonly number[]) => list.filter((before) => startMs - before > nowMs)
  const job = (before: number, recipient: 'visitor' | 'host'): NewMailJob => ({
    messageId: `<reminder-${options.newId()}@${domain}>`,
    kind: 'reminder',
    recipient,
    dueAt: due(before),
    notAfter: booking.startTime,
    message: {
      from: settings.from,
      to: recipient === 'visitor' ? visitor : host,
      cc: [],
      replyTo: recipient === 'visitor' ? host : visitor,
      ...rendered(
        recipient === 'visitor'
          ? visitorReminderContent(booking, settings, before <= LEADS_WITH_JOIN_MS)
          : hostReminderContent(booking, settings, options.brief, before <= LEADS_WITH_JOIN_MS),
      ),
      invite,
    },
  })
  return [...ahead(plan.visitor).map((before) => job(before, 'visitor')), ...ahead(plan.host).map((before) => job(before, 'host'))]
}
