/**
 * A message as the outbox keeps it (JSON in `mail_jobs.message`): built once, when the booking changes,
 * so every attempt sends the same thing. Pure data; server/mail/transport.ts hands it to nodemailer.
 */
import type { CallLocation } from '../../core/callLocation'
import type { BookingRow } from './rows'

export interface Mailbox {
  name: string
  address: string
}

/** A change of a booking, each of which mails at once. */
export type ChangeKind = 'booked' | 'rescheduled' | 'cancelled'
/**
 * What a job is about. 'reminder': sent before the call, due at its moment rather than at once;
 * 'brief': what was said on the voice call that booked (server/mail/briefMail.ts); 'code': a booking's email code
 * (server/mail/codeMail.ts), which belongs to no booking; 'desk-link': a sign-in link to the desk, which belongs to none
 * either; 'no-show': the desk's invitation to book again after a missed call (server/mail/deskMails.ts).
 */
export type MailKind = ChangeKind | 'reminder' | 'brief' | 'code' | 'desk-link' | 'no-show'
/** 'calendar': not a mail but the booking's event in the host's CalDAV calendar (server/calendar/caldavWriter.ts). */
export type MailRecipient = 'visitor' | 'host' | 'guest' | 'calendar'

export interface OutboxMessage {
  from: Mailbox
  /** null: the agency's notice while HOST_EMAIL is unset, written to the outbox folder only. */
  to: Mailbox | null
  /** Always empty now (each guest gets a message of their own); kept for jobs written before. */
  cc: Mailbox[]
  replyTo: Mailbox | null
  subject: string
  text: string
  html: string
  /** The iCalendar invite, sent as `text/calendar; method=…` and as the attachment invite.ics; none in a brief. */
  invite?: { method: 'REQUEST' | 'CANCEL'; content: string }
  /** Plain-text files attached (a brief's transcript). */
  attachments?: { filename: string; content: string }[]
}

/** One job for the outbox, with its stable Message-ID. */
export interface NewMailJob {
  messageId: string
  kind: MailKind
  recipient: MailRecipient
  message: OutboxMessage
  /** ISO instant it is due (a reminder's moment); absent: at once. */
  dueAt?: string
  /** ISO instant past which it is dropped unsent (a reminder: the call's start). */
  notAfter?: string
  /** A code's email: its code's row (email_codes.id), which the store fills in when it writes both. */
  emailCodeId?: number
}

/** What the messages read of a booking. */
export type MailBooking = Pick<
  BookingRow,
  'id' | 'uid' | 'title' | 'startTime' | 'endTime' | 'name' | 'email' | 'guests' | 'timeZone' | 'sequence' | 'cancellationReason' | 'notes'
> & {
  phone?: string | null
  hour24?: boolean
  leadSource?: BookingRow['leadSource']
  /** 'host': the agency cancelled it from the desk (docs/desk.md); absent: the visitor did. */
  cancelledBy?: 'host'
}

/** What the messages read of the configuration. */
export interface MailSettings {
  from: Mailbox
  /** HOST_EMAIL, when set. */
  hostEmail: string | undefined
  /** The host's name as visitors read it. */
  hostName: string
  /** SCHEDULE_TIME_ZONE. */
  hostZone: string
  /** PUBLIC_URL, no trailing slash. */
  publicUrl: string
  /** The events' iCalendar UID of a booking id (server/calendar/calendarUid.ts). */
  calendarUid: (bookingId: number) => string
  /** Where the booking's call happens (server/calendar/callLocation.ts): its video room, or the number to call. */
  location: (booking: Pick<MailBooking, 'id'> & { phone?: string | null }) => CallLocation
}

/** The manage page of a booking: Cal.com's path; the uid is the capability. */
export const manageUrl = (settings: MailSettings, uid: string) => `${settings.publicUrl}/booking/${uid}`
