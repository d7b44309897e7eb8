/**
 * The events of a change (server/webhooks/bookingPayload.ts), made from rows as the scheduler makes them: who changed
 * it (the desk's host cancel names the host), guests among the attendees, no MEETING_ENDED for a call already over,
 * and the no-show's own small payload both ways.
 */
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { rowAfter, type BookingRow } from '../../server/db/rows'
import { changeEvents, noShowUpdatedEvent, payloadSettings } from '../../server/webhooks/bookingPayload'
import { TEST_MAIL_SETTINGS } from './support/mailSettings'

const settings = payloadSettings(loadConfig({ HOST_EMAIL: 'team@kiwi.example' }), TEST_MAIL_SETTINGS)
const now = Temporal.Instant.from('2026-11-20T01:00:00Z')
let ids = 0
const newId = () => `id-${++ids}`
const booked: BookingRow = rowAfter.booked(
  {
    id: 5,
    uid: 'b7c1e2d3-0000-4000-8000-000000000005',
    host: 'kiwi-automate',
    eventTypeId: 7,
    title: '15 Min Call between Kiwi Automate and Aroha Ngata',
    start: Temporal.Instant.from('2026-11-23T21:00:00Z'),
    end: Temporal.Instant.from('2026-11-23T21:15:00Z'),
    name: 'Aroha Ngata',
    email: 'aroha@example.co.nz',
    guests: ['tama@example.co.nz'],
    timeZone: 'Asia/Kolkata',
    language: 'en',
  },
  now,
  false,
)

describe('a change’s webhook events', () => {
  it('books with BOOKING_CREATED now and MEETING_ENDED due at the end, guests after the visitor, zones with their offsets', () => {
    const [created, ended, ...more] = changeEvents('booked', booked, undefined, { settings, now, newId })
    expect(more).toEqual([])
    expect(created).toMatchObject({ trigger: 'BOOKING_CREATED', eventTypeId: 7, createdAt: '2026-11-20T01:00:00.000Z' })
    expect(created!.dueAt).toBeUndefined()
    expect(ended).toMatchObject({ trigger: 'MEETING_ENDED', createdAt: '2026-11-23T21:15:00.000Z', dueAt: '2026-11-23T21:15:00.000Z' })
    expect(created!.uid).not.toBe(ended!.uid)
    expect(created!.payload).toMatchObject({
      organizer: { email: 'team@kiwi.example', timeZone: 'Pacific/Auckland', utcOffset: 780 },
      attendees: [
        { name: 'Aroha Ngata', email: 'aroha@example.co.nz', timeZone: 'Asia/Kolkata', utcOffset: 330 },
        { name: '', email: 'tama@example.co.nz', firstName: '', lastName: '' },
      ],
      responses: { guests: { label: 'additional_guests', value: ['tama@example.co.nz'] } },
      location: 'https://meet.kiwi.example/room-5',
      iCalUID: 'event-5@kiwi-automate',
      iCalSequence: 0,
      description: '',
    })
    expect(created!.payload.responses).not.toHaveProperty('notes')
  })

  it('names who moved or cancelled it: the visitor by default, the host when the desk does', () => {
    const cancelled = rowAfter.cancelled(booked, 'Double-booked', now)
    const [byVisitor] = changeEvents('cancelled', cancelled, booked, { settings, now, newId })
    const [byHost, ...none] = changeEvents('cancelled', cancelled, booked, { settings, now, newId, by: 'host' })
    expect(none).toEqual([])
    expect(byVisitor!.payload).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Double-booked', cancelledBy: 'aroha@example.co.nz' })
    expect(byHost!.payload).toMatchObject({ cancelledBy: 'team@kiwi.example' })
    const to = { start: Temporal.Instant.from('2026-11-24T21:00:00Z'), end: Temporal.Instant.from('2026-11-24T21:15:00Z') }
    const [moved] = changeEvents('rescheduled', rowAfter.rescheduled(booked, to, now), booked, { settings, now, newId, by: 'host' })
    expect(moved!.payload).toMatchObject({ rescheduledBy: 'team@kiwi.example', rescheduleStartTime: '2026-11-23T21:00:00.000Z', iCalSequence: 1 })
  })

  it('makes no MEETING_ENDED for a call already over', () => {
    const later = Temporal.Instant.from('2026-11-23T21:15:00Z')
    expect(changeEvents('booked', booked, undefined, { settings, now: later, newId }).map((e) => e.trigger)).toEqual(['BOOKING_CREATED'])
  })

  it('marks and unmarks a no-show in Cal.com’s own payload', () => {
    expect(noShowUpdatedEvent(booked, false, { now, newId })).toMatchObject({
      trigger: 'BOOKING_NO_SHOW_UPDATED',
      eventTypeId: 7,
      payload: { message: 'aroha@example.co.nz unmarked as no-show', bookingUid: booked.uid, bookingId: 5, attendees: [{ email: 'aroha@example.co.nz', noShow: false }] },
    })
  })
})
