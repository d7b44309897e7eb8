/** The agency's "Came from" line (docs/booking.md#where-a-lead-came-from), and where it stands. */
import { describe, expect, it } from 'vitest'
import { calendarEvent } from '../../server/calendar/caldavWriter'
import { cameFrom } from '../../server/db/leadLine'
import type { BookingRow } from '../../server/db/rows'
import { bookingRow } from './support/bookingRow'
import { TEST_MAIL_SETTINGS } from './support/mailSettings'

describe('the Came from line', () => {
  it.each([
    [
      'a campaign, landed and booked on the same page',
      { tracking: { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring' }, landingPath: '/use-cases', bookedOnPage: '/use-cases', bookedFrom: 'hero' },
      'linkedin / paid / spring — landed on /use-cases, booked from the hero button',
    ],
    [
      'a campaign with its term and content, the referrer and a click id, booked on another page',
      {
        tracking: { utm_source: 'google', utm_medium: 'cpc', utm_term: 'ai receptionist', utm_content: 'ad-b' },
        clickId: { name: 'gclid' as const, value: 'Cj0K' },
        referrerHost: 'www.google.com',
        landingPath: '/services/sms',
        bookedOnPage: '/',
        bookedFrom: 'service:automation',
      },
      'google / cpc (term ai receptionist, content ad-b) via www.google.com, gclid Cj0K — landed on /services/sms, booked from the automation service card on /',
    ],
    ['a campaign named by its content alone', { tracking: { utm_content: 'ad-b' } }, 'a campaign (content ad-b)'],
    [
      'a referring site',
      { referrerHost: 'news.ycombinator.com', landingPath: '/', bookedOnPage: '/', bookedFrom: 'inline' },
      'referred by news.ycombinator.com — landed on /, booked from the inline form',
    ],
    ['direct, from the mobile menu', { landingPath: '/about', bookedOnPage: '/about', bookedFrom: 'mobile-menu' }, 'direct — landed on /about, booked from the mobile menu'],
    ['a plan card', { landingPath: '/', bookedOnPage: '/services/automation', bookedFrom: 'plan:growth' }, 'direct — landed on /, booked from the growth plan card on /services/automation'],
    ['the voice widget’s button on a page', { landingPath: '/', bookedOnPage: '/', bookedFrom: 'voice' }, "direct — landed on /, booked from the voice widget's Book a Call"],
    ['a button the site does not name', { bookedOnPage: '/about', bookedFrom: 'banner' }, 'direct — booked from “banner” on /about'],
    ['a page without a button', { landingPath: '/', bookedOnPage: '/docs' }, 'direct — landed on /, booked on /docs'],
    ['the voice assistant', { bookedFrom: 'voice' }, 'the voice assistant, on a call'],
    ['the text chat', { bookedFrom: 'chat' }, "the assistant's text chat"],
    ['nothing but a source', { tracking: { utm_source: 'newsletter' } }, 'newsletter'],
  ])('%s', (_label, source, line) => expect(cameFrom(source)).toBe(line))
})

describe('the CalDAV event', () => {
  const row = bookingRow({
    id: 41,
    uid: '8d1f4a52-4a43-4c2b-9a51-2f1ad0c1e0aa',
    title: '15 Min Call between Kiwi Automate and Aroha Ngata',
    leadSource: { tracking: { utm_source: 'linkedin', utm_medium: 'paid' }, landingPath: '/', bookedOnPage: '/', bookedFrom: 'hero' },
  })
  const description = (booking: BookingRow) =>
    /\r\nDESCRIPTION:(.*?)\r\n[A-Z]/s.exec(calendarEvent(booking, TEST_MAIL_SETTINGS, '2026-11-23T00:00:00.000Z').replace(/\r\n /g, ''))?.[1]

  it("says where the lead came from in the host's own calendar, before the manage link", () => {
    expect(description(row)).toContain('\\nCame from: linkedin / paid — landed on /\\, booked from the hero button\\nReschedule or cancel: ')
    expect(description({ ...row, leadSource: null })).not.toContain('Came from')
  })
})
