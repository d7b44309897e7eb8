/** Where a lead came from, as the browser sends it and the server keeps it (docs/booking.md#where-a-lead-came-from). */
import * as fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isPlainText } from '../../../core/bookingFields'
import { buildBookingPayload } from '../../../core/bookingPayload'
import { BookingRequestSchema } from '../../../core/bookingWire'
import { leadPage, sourceName, type LeadSource } from '../../../core/leadSource'
import { leadRequestFields, leadSourceOf, leadText, plainMetadata, plainTracking } from '../../../core/leadWire'
import { bookingPayload } from '../../support/bookingPayload'

const identity = { host: 'kiwi-automate', eventTypeId: 7, eventTypeSlug: 'quick-chat' }
const input = { name: 'Aroha Ngata', email: 'aroha@example.co.nz', slot: '2026-11-22T21:00:00.000Z', timeZone: 'Pacific/Auckland' }

const lead: LeadSource = {
  tracking: { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring' },
  clickId: { name: 'li_fat_id', value: 'c0ffee' },
  referrerHost: 'www.linkedin.com',
  landingPath: '/use-cases',
  bookedOnPage: '/',
  bookedFrom: 'service:automation',
}

describe('a lead value', () => {
  it('keeps plain text, trimmed, and cuts at 200 characters without splitting a character', () => {
    expect(leadText('  spring ')).toBe('spring')
    expect(leadText('x'.repeat(5_000))).toBe('x'.repeat(200))
    // 🌿 is two UTF-16 units: 300 of them cut to 200 whole ones.
    expect(leadText('🌿'.repeat(300))).toBe('🌿'.repeat(200))
    expect(leadText('Māori 👩‍💻')).toBe('Māori 👩‍💻')
  })

  it('drops each character the one text rule refuses, and is nothing when nothing is left', () => {
    expect(leadText('spr\u0000ing\u202e\u200b')).toBe('spring')
    expect(leadText('line\nbreak')).toBe('linebreak')
    expect(leadText('\u0007\u2028')).toBeUndefined()
    expect(leadText('   ')).toBeUndefined()
  })

  it.each([[42], [null], [undefined], [['a']], [{ a: 'b' }], [true]])('is nothing for %j', (value) => expect(leadText(value)).toBeUndefined())

  it('is always plain text of at most 200 characters, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 600 }), fc.anything()), (value) => {
        const text = leadText(value)
        if (text === undefined) return
        expect(isPlainText(text)).toBe(true)
        expect([...text].length).toBeLessThanOrEqual(200)
        expect(text).toBe(text.trim())
      }),
    )
  })
})

describe("Cal.com's tracking and metadata", () => {
  it('keep the five UTM keys and string values only', () => {
    expect(plainTracking({ utm_source: 'google', utm_id: 'x', utm_medium: 3, utm_term: '' })).toEqual({ utm_source: 'google' })
    expect(plainTracking({ utm_medium: 3 })).toBeUndefined()
    expect(plainTracking('utm_source=google')).toBeUndefined()
    expect(plainTracking(['google'])).toBeUndefined()
    expect(plainMetadata({ timeFormat: '24', n: 1, o: {}, gclid: ` ${'g'.repeat(250)}` })).toEqual({ timeFormat: '24', gclid: 'g'.repeat(200) })
  })

  it("go in the booking request as Cal.com's booker sends them, beside the visitor's clock, and pass the wire schema", () => {
    const payload = buildBookingPayload({ ...input, hour24: true, lead }, identity)
    expect(payload).toStrictEqual({
      ...bookingPayload(),
      metadata: { timeFormat: '24', referrerHost: 'www.linkedin.com', landingPath: '/use-cases', bookedOnPage: '/', bookedFrom: 'service:automation', li_fat_id: 'c0ffee' },
      tracking: { utm_source: 'linkedin', utm_medium: 'paid', utm_campaign: 'spring' },
    })
    const parsed = v.safeParse(BookingRequestSchema, payload)
    expect(parsed.success && leadSourceOf(parsed.output)).toEqual(lead)
  })

  it('add nothing to the request of a visit that carried nothing', () => {
    expect(buildBookingPayload({ ...input, lead: {} }, identity)).toStrictEqual(bookingPayload())
    expect(leadRequestFields({ tracking: { utm_source: '\u0000' }, clickId: { name: 'gclid', value: ' ' } })).toEqual({ metadata: {} })
  })

  it('are read back from a request: the first click id of the URL’s order, the rest ignored', () => {
    expect(leadSourceOf({ metadata: { msclkid: 'm', gclid: 'g', bookedFrom: 'hero', other: 'x' } })).toEqual({ clickId: { name: 'gclid', value: 'g' }, bookedFrom: 'hero' })
    expect(leadSourceOf({ metadata: { gclid: 7, fbclid: 'f' } })).toEqual({ clickId: { name: 'fbclid', value: 'f' } })
    expect(leadSourceOf({ metadata: { timeFormat: '24' } })).toBeUndefined()
    expect(leadSourceOf({ tracking: null })).toBeUndefined()
  })

  it('never fail the wire schema for their values (never a 400)', () => {
    const payload = { ...bookingPayload(), tracking: { utm_source: 'x'.repeat(5_000), utm_medium: { a: 1 } }, metadata: { landingPath: 5, bookedFrom: '\u0000' } }
    const parsed = v.safeParse(BookingRequestSchema, payload)
    expect(parsed.success).toBe(true)
    if (parsed.success) {
      expect(parsed.output.tracking).toEqual({ utm_source: 'x'.repeat(200) })
      expect(parsed.output.metadata).toEqual({})
    }
    expect(v.safeParse(BookingRequestSchema, { ...bookingPayload(), tracking: 'linkedin' }).success).toBe(true)
  })
})

describe('a page a lead names', () => {
  it('never carries the manage page’s uid (a capability), however it arrives', () => {
    expect(leadPage('/booking/8d1f4a52-4a43-4c2b-9a51-2f1ad0c1e0aa')).toBe('/booking/{uid}')
    expect(leadPage('/use-cases')).toBe('/use-cases')
    const parsed = leadSourceOf({ metadata: { landingPath: '/booking/8d1f4a52', bookedOnPage: '/booking/x/y', referrerHost: 'booking' } })
    expect(parsed).toEqual({ landingPath: '/booking/{uid}', bookedOnPage: '/booking/{uid}/y', referrerHost: 'booking' })
    expect(leadRequestFields({ landingPath: '/booking/8d1f4a52', bookedFrom: 'manage' }).metadata).toEqual({ landingPath: '/booking/{uid}', bookedFrom: 'manage' })
  })
})

describe('the source a lead is counted under', () => {
  it('is its utm_source, else the referring host, else voice or chat for the assistant, else direct', () => {
    expect(sourceName(lead)).toBe('linkedin')
    expect(sourceName({ referrerHost: 'www.google.com', tracking: { utm_campaign: 'spring' } })).toBe('www.google.com')
    expect(sourceName({ bookedFrom: 'voice' })).toBe('voice')
    expect(sourceName({ bookedFrom: 'chat' })).toBe('chat')
    // The voice widget's Book a Call on a page: the web form, a direct visit.
    expect(sourceName({ bookedFrom: 'voice', bookedOnPage: '/', landingPath: '/' })).toBe('direct')
    expect(sourceName({ landingPath: '/about' })).toBe('direct')
    expect(sourceName(null)).toBe('direct')
  })
})
