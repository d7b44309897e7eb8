/** Reads the invite of a received email back with a real iCalendar parser (ical.js). */
import ICAL from 'ical.js'
import type { ParsedMail } from 'mailparser'
import { expect } from 'vitest'

export interface ParsedInvite {
  method: string
  uid: string
  sequence: number
  status: string
  /** ISO UTC instants with milliseconds. */
  start: string
  end: string
  organizer: string
  attendees: string[]
  /** LOCATION, DESCRIPTION and the RFC 7986 CONFERENCE link; '' when absent. */
  location: string
  description: string
  conference: string
}

export function parseInvite(ics: string): ParsedInvite {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('no VEVENT')
  const event = new ICAL.Event(vevent)
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    status: String(vevent.getFirstPropertyValue('status')),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    attendees: vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
    location: String(vevent.getFirstPropertyValue('location') ?? ''),
    description: String(vevent.getFirstPropertyValue('description') ?? ''),
    conference: String(vevent.getFirstPropertyValue('conference') ?? ''),
  }
}

/** The attachment invite.ics of a message, parsed; the raw message must carry the text/calendar part too. */
export function inviteOf(mail: { parsed: ParsedMail; raw: string }): ParsedInvite {
  const attachment = mail.parsed.attachments.find((a) => a.filename === 'invite.ics')
  expect(attachment, 'invite.ics attachment').toBeDefined()
  const ics = (attachment as { content: Buffer }).content.toString('utf8')
  const invite = parseInvite(ics)
  expect(mail.raw).toMatch(new RegExp(`Content-Type: text/calendar; charset=utf-8; method=${invite.method}`, 'i'))
  return invite
}
