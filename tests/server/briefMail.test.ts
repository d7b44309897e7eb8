/** The agency's brief after a voice call: its content, and the report's text as it is kept. */
import { describe, expect, it } from 'vitest'
import type { BriefBooking } from '../../server/mail/briefMail'
import { briefMail } from '../../server/mail/briefMail'
import { cleanText } from '../../server/voice/callReport'
import { TEST_MAIL_SETTINGS } from './support/mailSettings'

const settings = TEST_MAIL_SETTINGS

const booking: BriefBooking & { status: string } = {
  id: 7,
  uid: '8d1f4a52-4a43-4c2b-9a51-2f1ad0c1e0aa',
  name: "Tāne O'Brien & Co",
  email: 'tane@example.com',
  startTime: '2026-11-24T21:00:00.000Z',
  endTime: '2026-11-24T21:15:00.000Z',
  timeZone: 'Asia/Kolkata',
  status: 'ACCEPTED',
  notes: null,
  callSummary: 'Wants <b>quotes</b> automated.',
  callTranscript: null,
}

describe('the brief', () => {
  it('to the agency only, replying to the visitor; the date in the host’s zone; the HTML escapes what was said', () => {
    const job = briefMail(booking, settings, () => 'id-1')
    expect(job).toMatchObject({ kind: 'brief', recipient: 'host', messageId: '<id-1@kiwi.example>' })
    expect(job.message.to).toEqual({ name: 'Kiwi Automate', address: 'team@kiwi.example' })
    expect(job.message.replyTo).toEqual({ name: booking.name, address: booking.email })
    expect(job.message.subject).toBe("Brief: Tāne O'Brien & Co — Wed 25 Nov 2026, 10:00 am (Pacific/Auckland)")
    expect(job.message.html).toContain('Wants &lt;b&gt;quotes&lt;/b&gt; automated.')
    expect(job.message.html).toContain('Tāne O&#39;Brien &amp; Co')
    expect(job.message.invite).toBeUndefined()
  })

  it('without notes, summary or transcript it says so, and attaches nothing', () => {
    const job = briefMail({ ...booking, callSummary: null }, { ...settings, hostEmail: undefined }, () => 'id-2')
    expect(job.message.to).toBeNull()
    expect(job.message.text).toMatch(/Notes: +none/)
    expect(job.message.text).toContain('none (the assistant made no summary of this call)')
    expect(job.message.text).toContain('The voice platform sent no transcript of this call.')
    expect(job.message.attachments).toBeUndefined()
    expect(job.message.text).not.toContain('Came from')
  })

  it('says where the lead came from: the voice assistant, or the text chat (docs/booking.md#where-a-lead-came-from)', () => {
    expect(briefMail({ ...booking, leadSource: { bookedFrom: 'voice' } }, settings, () => 'id-3').message.text).toMatch(/^Came from: +the voice assistant, on a call$/m)
    expect(briefMail({ ...booking, leadSource: { bookedFrom: 'chat' } }, settings, () => 'id-4').message.text).toMatch(/^Came from: +the assistant's text chat$/m)
  })
})

describe('what is kept of a report’s text', () => {
  it('line breaks as \\n, tabs kept, control and bidi characters out, cut at whole characters, empty is none', () => {
    expect(cleanText(' a\r\nb\rc\td\u0000\u009f\u202e\u2066e ', 100)).toBe('a\nb\nc\tde')
    expect(cleanText('🌿🌿🌿', 2)).toBe('🌿🌿')
    expect(cleanText(' \u202e ', 10)).toBeUndefined()
    expect(cleanText(null, 10)).toBeUndefined()
  })
})
