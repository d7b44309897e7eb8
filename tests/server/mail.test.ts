import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import type { MailJob, MailJobStore } from '../../server/db/mailJobs'
import { clientNetwork, emailKey, ownerNetworkKey } from '../../server/limits/keys'
import { bookingMails } from '../../server/mail/bookingMails'
import { reminderMails } from '../../server/mail/reminderMails'
import type { MailBooking, MailSettings } from '../../server/db/mailMessage'
import { shortDateTime, timeRange } from '../../server/mail/times'
import { isPermanentFailure } from '../../server/mail/transport'
import { backoffMs, createMailWorker } from '../../server/mail/worker'
import { parseInvite } from './support/invite'
import { TEST_MAIL_SETTINGS } from './support/mailSettings'

describe('what the limits count by', () => {
  it.each([
    ['Aroha@Example.CO.NZ', 'aroha@example.co.nz'],
    ['aroha+bookings@example.co.nz', 'aroha@example.co.nz'],
    ['  ARO.HA+a+b@example.com ', 'aro.ha@example.com'],
    ['A.Ro.Ha@Gmail.com', 'aroha@gmail.com'],
    ['a.r.o.h.a+book@googlemail.com', 'aroha@gmail.com'],
    ['a.roha@gmail.com.evil.example', 'a.roha@gmail.com.evil.example'],
  ])('one email key for %s', (email, key) => expect(emailKey(email)).toBe(key))

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::9', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['unknown', 'unknown'],
  ])('one network for %s', (address, network) => expect(clientNetwork(address)).toBe(network))

  it.each([
    ['10.0.0.1', '10.0.0.254', '10.0.1.1'],
    ['::ffff:192.0.2.7', '192.0.2.200', '192.0.3.7'],
    ['2001:db8:7:1::1', '2001:db8:7:ffff:aaaa::9', '2001:db8:8::1'],
    ['[2001:db8:7::5]', '2001:DB8:7:42::1', '2001:db8:6:ffff::1'],
  ])('one owner’s network (an IPv4 /24, an IPv6 /48) for %s and %s, another for %s, never the address', (a, same, other) => {
    expect(ownerNetworkKey(a)).toBe(ownerNetworkKey(same))
    expect(ownerNetworkKey(a)).not.toBe(ownerNetworkKey(other))
    expect(ownerNetworkKey(a)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('times in emails', () => {
  it('writes the zone, its offset and am/pm, across a daylight-saving change', () => {
    // Auckland leaves daylight saving on Sunday 5 April 2026 at 03:00.
    expect(timeRange('2026-04-05T13:50:00Z', '2026-04-05T14:05:00Z', 'Pacific/Auckland')).toBe(
      'Monday 6 April 2026, 1:50 am to 2:05 am (Pacific/Auckland, UTC+12:00)',
    )
    expect(timeRange('2026-11-23T23:00:00Z', '2026-11-23T23:15:00Z', 'Pacific/Auckland')).toBe(
      'Tuesday 24 November 2026, 12:00 pm to 12:15 pm (Pacific/Auckland, UTC+13:00)',
    )
    expect(shortDateTime('2026-11-23T11:00:00Z', 'Pacific/Auckland')).toBe('Tue 24 Nov 2026, 12:00 am')
    expect(timeRange('2026-11-24T07:50:00Z', '2026-11-24T08:05:00Z', 'UTC')).toBe(
      'Tuesday 24 November 2026, 7:50 am to 8:05 am (UTC, UTC+00:00)',
    )
  })
})

describe('the messages of a change', () => {
  const settings = TEST_MAIL_SETTINGS
  const booking: MailBooking = {
    id: 41,
    uid: '8d1f4a52-4a43-4c2b-9a51-2f1ad0c1e0aa',
    title: '15 Min Call between kiwi-automate and Tāne 🌿 "T" O\'Brien',
    startTime: '2026-11-24T21:00:00.000Z',
    endTime: '2026-11-24T21:15:00.000Z',
    name: 'Tāne 🌿 "T" O\'Brien',
    email: 'tane@example.com',
    guests: ['guest@example.com'],
    timeZone: 'Asia/Kolkata',
    sequence: 2,
    cancellationReason: '<script>alert(1)</script>\nsecond line',
    notes: null,
  }
  let n = 0
  const jobs = (kind: 'booked' | 'cancelled') =>
    bookingMails({ kind, booking, previous: undefined, settings, now: '2026-11-23T00:00:00.000Z', newId: () => `id-${++n}` })

  it('addresses the visitor, the agency and each guest apart, each with its own stable Message-ID', () => {
    const [visitor, host, guest] = jobs('booked')
    expect(visitor?.message.to).toEqual({ name: booking.name, address: booking.email })
    expect(visitor?.message.cc).toEqual([])
    expect(guest?.message.to).toEqual({ name: '', address: 'guest@example.com' })
    expect(guest?.recipient).toBe('guest')
    expect(host?.message.to).toEqual({ name: 'Kiwi Automate', address: 'team@kiwi.example' })
    expect(visitor?.messageId).toMatch(/^<id-\d+@kiwi\.example>$/)
    expect(visitor?.messageId).not.toBe(host?.messageId)
  })

  it('escapes every visitor text in the HTML and keeps it plain in the text part', () => {
    const [visitor, host] = jobs('cancelled')
    for (const job of [visitor, host]) {
      expect(job?.message.html).not.toContain('<script>')
      expect(job?.message.html).not.toContain('"T"')
      expect(job?.message.html).toContain('Tāne 🌿 &quot;T&quot; O&#39;Brien')
    }
    expect(host?.message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>second line')
    expect(host?.message.text).toContain('<script>alert(1)</script>')
  })

  it('invites with the booking’s calendar UID (not its uid), SEQUENCE, UTC times, organizer and attendees; a cancellation cancels', () => {
    const [booked] = jobs('booked')
    expect(parseInvite(booked?.message.invite?.content as string)).toEqual({
      method: 'REQUEST',
      uid: 'event-41@kiwi-automate',
      sequence: 2,
      status: 'CONFIRMED',
      start: booking.startTime,
      end: booking.endTime,
      organizer: 'mailto:team@kiwi.example',
      attendees: ['mailto:tane@example.com', 'mailto:guest@example.com'],
      location: 'https://meet.kiwi.example/room-41',
      conference: 'https://meet.kiwi.example/room-41',
      description: 'Join the call: https://meet.kiwi.example/room-41\nReschedule or cancel: https://kiwi.example/booking/8d1f4a52-4a43-4c2b-9a51-2f1ad0c1e0aa',
    })
    const ics = booked?.message.invite?.content as string
    expect(ics).toContain('DTSTART:20261124T210000Z\r\n')
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    const [cancelled] = jobs('cancelled')
    expect(parseInvite(cancelled?.message.invite?.content as string)).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: 'event-41@kiwi-automate',
      location: '',
      conference: '',
    })
  })

  it("says where the lead came from to the agency only: its notice and reminder, never the visitor's or a guest's mail or the invite", () => {
    const leadSource = {
      tracking: { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring' },
      landingPath: '/use-cases',
      bookedOnPage: '/',
      bookedFrom: 'service:automation',
    }
    const sourced = { ...booking, leadSource }
    const [visitor, host, guest] = bookingMails({ kind: 'booked', booking: sourced, previous: undefined, settings, now: '2026-11-23T00:00:00.000Z', newId: () => 'x' })
    const line = 'linkedin / paid / spring — landed on /use-cases, booked from the automation service card on /'
    expect(host?.message.text).toMatch(new RegExp(`^Came from: +${line}$`, 'm'))
    expect(host?.message.html).toContain(line)
    for (const job of [visitor, guest]) expect(`${job?.message.subject}${job?.message.text}${job?.message.html}`).not.toMatch(/Came from|linkedin/)
    for (const job of [visitor, host, guest]) expect(job?.message.invite?.content).not.toMatch(/linkedin|use-cases/)
    const reminders = reminderMails({ booking: sourced, plan: { visitor: [3_600_000], host: [3_600_000] }, settings, now: '2026-11-23T00:00:00.000Z', newId: () => 'y' })
    expect(reminders.find((job) => job.recipient === 'host')?.message.text).toContain(line)
    expect(reminders.find((job) => job.recipient === 'visitor')?.message.text).not.toContain('linkedin')
    // A booking that carried nothing has no line.
    expect(jobs('booked')[1]?.message.text).not.toContain('Came from')
  })

  it('sends the agency notice to the outbox only without HOST_EMAIL, organised by the sender', () => {
    const [visitor, host] = bookingMails({
      kind: 'booked',
      booking,
      previous: undefined,
      settings: { ...settings, hostEmail: undefined },
      now: '2026-11-23T00:00:00.000Z',
      newId: () => 'x',
    })
    expect(host?.message.to).toBeNull()
    expect(visitor?.message.replyTo).toBeNull()
    expect(parseInvite(visitor?.message.invite?.content as string).organizer).toBe('mailto:bookings@kiwi.example')
  })

  describe('reminders', () => {
    const hour = 3_600_000
    const noted = { ...booking, notes: 'Pricing <b>now</b>\nand "later"', cancellationReason: null }
    const plan = { visitor: [24 * hour, hour], host: [hour] }
    const reminders = (now: string, overrides: Partial<MailSettings> = {}) =>
      reminderMails({ booking: noted, plan, settings: { ...settings, ...overrides }, now, newId: () => `id-${++n}` })

    it('are due at each moment before the start, never past it, and only for moments still ahead', () => {
      const all = reminders('2026-11-23T00:00:00.000Z')
      expect(all.map((job) => [job.recipient, job.dueAt, job.notAfter])).toEqual([
        ['visitor', '2026-11-23T21:00:00.000Z', booking.startTime],
        ['visitor', '2026-11-24T20:00:00.000Z', booking.startTime],
        ['host', '2026-11-24T20:00:00.000Z', booking.startTime],
      ])
      expect(all.every((job) => job.kind === 'reminder' && /^<reminder-id-\d+@kiwi\.example>$/.test(job.messageId))).toBe(true)
      // Booked 30 minutes ahead: nothing. Exactly at a moment: that one is past too (the confirmation has just gone).
      expect(reminders('2026-11-24T20:30:00.000Z')).toEqual([])
      expect(reminders('2026-11-24T20:00:00.000Z')).toEqual([])
      expect(reminders('2026-11-24T19:59:59.000Z').map((job) => job.recipient)).toEqual(['visitor', 'host'])
    })

    it('go to the visitor and the agency only (no guest), with the booking’s own invite; the notes are the agency’s', () => {
      const [visitor, , host] = reminders('2026-11-23T00:00:00.000Z')
      expect(visitor?.message.to).toEqual({ name: booking.name, address: booking.email })
      expect(host?.message.to).toEqual({ name: 'Kiwi Automate', address: 'team@kiwi.example' })
      for (const job of [visitor, host])
        expect(parseInvite(job?.message.invite?.content as string)).toMatchObject({ method: 'REQUEST', uid: 'event-41@kiwi-automate', sequence: 2 })
      expect(visitor?.message.subject).toBe('Reminder: your call with Kiwi Automate, Wed 25 Nov 2026, 2:30 am (Asia/Kolkata)')
      expect(`${visitor?.message.subject}${visitor?.message.text}${visitor?.message.html}`).not.toContain('Pricing')
      expect(host?.message.subject).toBe('Reminder: Tāne 🌿 "T" O\'Brien, Wed 25 Nov 2026, 10:00 am (Pacific/Auckland)')
      expect(host?.message.text).toMatch(/Notes: +Pricing <b>now<\/b>\n +and "later"/)
      expect(host?.message.html).toContain('Pricing &lt;b&gt;now&lt;/b&gt;<br>and &quot;later&quot;')
      // Without HOST_EMAIL the agency's reminder is written to the outbox folder only, as its notices are.
      expect(reminders('2026-11-23T00:00:00.000Z', { hostEmail: undefined })[2]?.message.to).toBeNull()
    })
  })
})

describe('the mail worker', () => {
  it('backs off 30 s, doubling, up to an hour; 5xx is for good, 4xx and no answer are not', () => {
    expect([1, 2, 3, 8, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000])
    expect(isPermanentFailure({ responseCode: 550 })).toBe(true)
    expect(isPermanentFailure({ responseCode: 452 })).toBe(false)
    expect(isPermanentFailure({ code: 'ECONNECTION' })).toBe(false)
    expect(isPermanentFailure({ code: 'EAUTH', responseCode: 535 })).toBe(false)
  })

  /** One job in a fake outbox; records what the worker does with it. */
  function fakeOutbox() {
    const calls: string[] = []
    let given = false
    const job = { id: 7, messageId: '<a@b>', kind: 'booked', recipient: 'visitor', attempts: 1 } as MailJob
    const jobs: MailJobStore = {
      dropLate: async () => [],
      claim: async () => (given ? [] : ((given = true), [job])),
      sent: async (id) => void calls.push(`sent ${id}`),
      retry: async (id) => void calls.push(`retry ${id}`),
      failed: async (id) => void calls.push(`failed ${id}`),
      release: async (id) => void calls.push(`release ${id}`),
      nextDue: async () => undefined,
      forBooking: async () => [],
    }
    return { jobs, calls }
  }
  const clock = () => Temporal.Instant.from('2026-11-23T00:00:00Z')

  it('stop() lets the message in flight finish', async () => {
    const { jobs, calls } = fakeOutbox()
    let sending!: () => void
    const started = new Promise<void>((resolve) => (sending = resolve))
    const transport = {
      send: async () => {
        sending()
        await new Promise((resolve) => setTimeout(resolve, 50))
        return 'sent'
      },
      close: () => undefined,
    }
    const worker = createMailWorker({ jobs, transport, clock, log: () => undefined })
    worker.start()
    await started
    await worker.stop({ deadlineMs: 5_000 })
    expect(calls).toEqual(['sent 7'])
  })

  it('stop() past its deadline aborts the send and hands the job back', async () => {
    const { jobs, calls } = fakeOutbox()
    const logs: string[] = []
    let sending!: () => void
    const started = new Promise<void>((resolve) => (sending = resolve))
    const transport = {
      send: (_job: MailJob, signal: AbortSignal) =>
        new Promise<string>((_resolve, reject) => {
          sending()
          signal.addEventListener('abort', () => reject(new Error('aborted')))
        }),
      close: () => undefined,
    }
    const worker = createMailWorker({ jobs, transport, clock, log: (line) => logs.push(line) })
    worker.start()
    await started
    await worker.stop({ deadlineMs: 20 })
    expect(calls).toEqual(['release 7'])
    expect(logs.join('\n')).toContain('handed back unsent')
  })
})
