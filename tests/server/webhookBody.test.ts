/**
 * What a delivery sends (server/webhooks/deliveryBody.ts): Cal.com's body, or a subscription's payloadTemplate with
 * Cal.com's {{variables}}, JSON staying JSON whatever a visitor typed, anything else sent as a form.
 */
import { describe, expect, it } from 'vitest'
import { deliveryBody } from '../../server/webhooks/deliveryBody'

const payload = {
  title: '15 Min Call between Kiwi Automate and Aroha',
  startTime: '2026-11-23T21:00:00.000Z',
  bookingId: 12,
  organizer: { name: 'Kiwi Automate', email: 'team@kiwi.example' },
  attendees: [{ name: 'Aroha "A" Ngata\nline two', email: 'aroha@example.co.nz' }],
  metadata: { videoCallUrl: 'https://meet.jit.si/abc' },
  additionalNotes: '',
}
const delivery = (payloadTemplate: string | null) => ({ trigger: 'BOOKING_CREATED', createdAt: '2026-11-22T19:30:00.000Z', payload, payloadTemplate })

describe('a delivery’s body', () => {
  it('is Cal.com’s { triggerEvent, createdAt, payload } without a template, in that order', () => {
    const { contentType, body } = deliveryBody(delivery(null))
    expect(contentType).toBe('application/json')
    expect(body).toBe(JSON.stringify({ triggerEvent: 'BOOKING_CREATED', createdAt: '2026-11-22T19:30:00.000Z', payload }))
  })

  it('fills a JSON template by dotted paths, numbers and objects as text, and stays valid JSON with quotes and line breaks in the values', () => {
    const template = '{"who":"{{attendees.0.name}}","host":"{{ organizer.name }}","id":"{{bookingId}}","meta":"{{metadata}}","event":"{{triggerEvent}} at {{createdAt}}","{{title}}":true,"list":["{{startTime}}",3]}'
    const { contentType, body } = deliveryBody(delivery(template))
    expect(contentType).toBe('application/json')
    expect(JSON.parse(body)).toEqual({
      who: 'Aroha "A" Ngata\nline two',
      host: 'Kiwi Automate',
      id: '12',
      meta: '{"videoCallUrl":"https://meet.jit.si/abc"}',
      event: 'BOOKING_CREATED at 2026-11-22T19:30:00.000Z',
      '15 Min Call between Kiwi Automate and Aroha': true,
      list: ['2026-11-23T21:00:00.000Z', 3],
    })
  })

  it('writes nothing for a missing variable or one that is not the payload’s own (no prototype through a path)', () => {
    const { body } = deliveryBody(delivery('{"a":"[{{nothing.here}}]","b":"[{{constructor}}]","c":"[{{attendees.0.__proto__}}]","d":"[{{title.length}}]","e":"[{{additionalNotes}}]"}'))
    expect(JSON.parse(body)).toEqual({ a: '[]', b: '[]', c: '[]', d: '[]', e: '[]' })
  })

  it('sends a template that is not a JSON object or list as a form, filled as written (Cal.com’s rule)', () => {
    for (const template of ['id={{bookingId}}&who={{attendees.0.email}}', '{"id": {{bookingId}}}', '"{{title}}"']) {
      const { contentType } = deliveryBody(delivery(template))
      expect(contentType, template).toBe('application/x-www-form-urlencoded')
    }
    expect(deliveryBody(delivery('id={{bookingId}}&who={{attendees.0.email}}')).body).toBe('id=12&who=aroha@example.co.nz')
    expect(deliveryBody(delivery('{"id": {{bookingId}}}')).body).toBe('{"id": 12}')
  })
})
