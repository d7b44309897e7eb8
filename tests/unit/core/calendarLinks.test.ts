import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { calendarEventOf, googleCalendarUrl, outlookCalendarUrl, type CallForCalendar } from '../../../core/calendarLinks'
import { buildCalendar } from '../../../core/icalendar'

/** Thursday 5 March 2026, 10:00 to 10:15 in Auckland (NZDT, +13:00). */
const call: CallForCalendar = {
  uid: '3f0c1a52-7d4e-4c3b-9a61-2b8e5d7f9c10',
  title: 'Quick Chat between Kiwi Automate & Aroha, 15 min',
  startTime: '2026-03-04T21:00:00.000Z',
  endTime: '2026-03-04T21:15:00.000Z',
  manageUrl: 'https://kiwi.example/booking/3f0c1a52-7d4e-4c3b-9a61-2b8e5d7f9c10',
}

describe('Add to calendar links', () => {
  it('Google Calendar: an event template with the title, the start and end in UTC, the manage link in the details', () => {
    const url = new URL(googleCalendarUrl(call))
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render')
    expect(url.searchParams.get('action')).toBe('TEMPLATE')
    expect(url.searchParams.get('text')).toBe(call.title)
    expect(url.searchParams.get('dates')).toBe('20260304T210000Z/20260304T211500Z')
    expect(url.searchParams.get('details')).toContain(call.manageUrl)
  })

  it.each([
    ['live', 'https://outlook.live.com'],
    ['office', 'https://outlook.office.com'],
  ] as const)('Outlook (%s): the compose page with the subject, start and end in UTC, the manage link in the body', (service, origin) => {
    const url = new URL(outlookCalendarUrl(call, service))
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/calendar/0/action/compose`)
    expect(url.searchParams.get('subject')).toBe(call.title)
    expect(Date.parse(url.searchParams.get('startdt')!)).toBe(Date.parse(call.startTime))
    expect(Date.parse(url.searchParams.get('enddt')!)).toBe(Date.parse(call.endTime))
    expect(url.searchParams.get('startdt')).toBe('2026-03-04T21:00:00Z')
    expect(url.searchParams.get('body')).toContain(call.manageUrl)
  })

  it('the .ics of the same call parses back with its times, title and manage link', () => {
    const ics = buildCalendar({ method: 'PUBLISH', now: '2026-03-03T00:00:00Z', events: [calendarEventOf(call)] })
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!
    const event = new ICAL.Event(vevent)
    expect(event.summary).toBe(call.title)
    expect(event.startDate.toJSDate().toISOString()).toBe(call.startTime)
    expect(event.endDate.toJSDate().toISOString()).toBe(call.endTime)
    expect(event.description).toContain(call.manageUrl)
    expect(vevent.getFirstPropertyValue('url')).toBe(call.manageUrl)
  })

  it('the .ics event carries the invite\'s UID, never the manage link\'s uid', () => {
    const ics = buildCalendar({ method: 'PUBLISH', now: '2026-03-03T00:00:00Z', events: [calendarEventOf({ ...call, iCalUID: 'a1b2c3@kiwi-automate' })] })
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!)
    expect(event.uid).toBe('a1b2c3@kiwi-automate')
    expect(event.description).toContain(call.manageUrl)
  })

  it('a video call: its join link is the location of every link and of the .ics (LOCATION and CONFERENCE), first in the details', () => {
    const video = { ...call, videoCallUrl: 'https://meet.jit.si/0123456789abcdef01234567' }
    const google = new URL(googleCalendarUrl(video))
    expect(google.searchParams.get('location')).toBe(video.videoCallUrl)
    expect(google.searchParams.get('details')).toBe(`Join the call: ${video.videoCallUrl}\nReschedule or cancel this call: ${call.manageUrl}`)
    for (const service of ['live', 'office'] as const) expect(new URL(outlookCalendarUrl(video, service)).searchParams.get('location')).toBe(video.videoCallUrl)
    const vevent = new ICAL.Component(ICAL.parse(buildCalendar({ method: 'PUBLISH', now: '2026-03-03T00:00:00Z', events: [calendarEventOf(video)] }))).getFirstSubcomponent('vevent')!
    expect(vevent.getFirstPropertyValue('location')).toBe(video.videoCallUrl)
    expect(vevent.getFirstPropertyValue('conference')).toBe(video.videoCallUrl)
    // Without a link (a phone call), no location at all.
    expect(new URL(googleCalendarUrl(call)).searchParams.has('location')).toBe(false)
  })
})
