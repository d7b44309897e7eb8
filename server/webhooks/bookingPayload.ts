/**
 * A booking as Cal.com's webhooks carry it (docs/webhooks.md#payload): the one place a row becomes a payload, so a
 * field the row gains reaches every event from here. The events of a change (created, rescheduled, cancelled, and
 * MEETING_ENDED at the call's end) and of a no-show are made beside it, as data for the outbox
 * (server/db/webhookOutbox.ts), before the change's transaction writes them.
 */
import { Temporal } from 'temporal-polyfill'
import type { CallLocation } from '../../core/callLocation'
import { leadRequestFields } from '../../core/leadWire'
import type { ServerConfig } from '../config'
import type { ChangeKind, MailSettings } from '../db/mailMessage'
import type { BookingRow } from '../db/rows'
import type { NewWebhookEvent } from '../db/webhookOutbox'
import { eventTypeOf, hostUserOf, type EventTypeInfo, type HostUser } from './eventType'
import type { SentTrigger } from './triggers'

/** What a payload reads of the configuration: the organizer, the event type, where the call happens, its UID. */
export interface PayloadSettings {
  eventType: EventTypeInfo
  organizer: HostUser
  location: MailSettings['location']
  calendarUid: MailSettings['calendarUid']
}

export function payloadSettings(config: ServerConfig, mail: Pick<MailSettings, 'location' | 'calendarUid'>): PayloadSettings {
  return { eventType: eventTypeOf(config), organizer: hostUserOf(config), location: mail.location, calendarUid: mail.calendarUid }
}

/** An instant as Cal.com's createdAt writes it (Date's ISO text, with milliseconds), and as the rows do. */
const isoOf = (instant: Temporal.Instant) => new Date(instant.epochMilliseconds).toISOString()

/** Who made a change: the visitor (manage page, API, voice) or the host (the desk). */
export type ChangedBy = 'visitor' | 'host'

/** Minutes east of UTC in `zone` at `at`, as Cal.com's utcOffset. */
const utcOffset = (zone: string, at: string) => Temporal.Instant.from(at).toZonedDateTimeISO(zone).offsetNanoseconds / 60e9

/** Cal.com's legacy first and last name: split at the first space. */
function nameParts(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim()
  const space = trimmed.indexOf(' ')
  return space < 0 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() }
}

/** The location answer as Cal.com's booker names it (`responses.location`), and its human-readable `location`. */
const whereOf = (location: CallLocation) =>
  location.type === 'video'
    ? { answer: { value: 'video', optionValue: '' }, location: location.url, metadata: { videoCallUrl: location.url } }
    : { answer: { value: 'phone', optionValue: location.phone }, location: location.phone, metadata: {} }

/** Cal.com's booking payload of `row` as it now is (its `status` the row's). */
export function bookingPayload(row: BookingRow, settings: PayloadSettings): Record<string, unknown> {
  const where = whereOf(settings.location(row))
  const attendee = (name: string, email: string) => ({
    name,
    email,
    ...nameParts(name),
    timeZone: row.timeZone,
    language: { locale: row.language },
    utcOffset: utcOffset(row.timeZone, row.startTime),
  })
  const notes = row.notes ?? ''
  // Where the lead came from, as the booking request carried it: Cal.com's `tracking` and `metadata` strings.
  const lead = leadRequestFields(row.leadSource ?? {})
  return {
    type: settings.eventType.slug,
    title: row.title,
    description: notes,
    additionalNotes: notes,
    customInputs: {},
    startTime: row.startTime,
    endTime: row.endTime,
    organizer: {
      ...settings.organizer,
      language: { locale: 'en' },
      timeFormat: 'h:mma',
      utcOffset: utcOffset(settings.organizer.timeZone, row.startTime),
    },
    // Cal.com's form answers: each field's value under its default label.
    responses: {
      name: { label: 'your_name', value: row.name },
      email: { label: 'email_address', value: row.email },
      location: { label: 'location', value: where.answer },
      ...(row.notes ? { notes: { label: 'additional_notes', value: row.notes } } : {}),
      guests: { label: 'additional_guests', value: row.guests },
    },
    userFieldsResponses: {},
    attendees: [
      { ...attendee(row.name, row.email), ...(row.phone ? { phoneNumber: row.phone } : {}) },
      ...row.guests.map((guest) => attendee('', guest)),
    ],
    location: where.location,
    destinationCalendar: null,
    hashedLink: null,
    uid: row.uid,
    bookingId: row.id,
    eventTypeId: row.eventTypeId,
    iCalUID: settings.calendarUid(row.id),
    iCalSequence: row.sequence,
    eventTitle: settings.eventType.title,
    eventDescription: null,
    requiresConfirmation: false,
    price: 0,
    currency: 'usd',
    length: settings.eventType.lengthInMinutes,
    status: row.status,
    ...(lead.tracking ? { tracking: lead.tracking } : {}),
    metadata: { ...lead.metadata, ...where.metadata },
  }
}

interface EventOptions {
  settings: PayloadSettings
  now: Temporal.Instant
  newId: () => string
}

const eventOf = (trigger: SentTrigger, row: Pick<BookingRow, 'eventTypeId'>, payload: Record<string, unknown>, createdAt: string, dueAt?: string): Omit<NewWebhookEvent, 'uid'> => ({
  trigger,
  eventTypeId: row.eventTypeId,
  createdAt,
  ...(dueAt ? { dueAt } : {}),
  payload,
})

/**
 * The webhook events of a change of a booking, from the row as the change leaves it (`booking`) and as it was
 * (`previous`): the change's own event, and (booked or moved) MEETING_ENDED due at the call's end.
 */
export function changeEvents(
  kind: ChangeKind,
  booking: BookingRow,
  previous: BookingRow | undefined,
  { settings, now, newId, by = 'visitor' }: EventOptions & { by?: ChangedBy },
): NewWebhookEvent[] {
  const payload = bookingPayload(booking, settings)
  const created = isoOf(now)
  const byEmail = by === 'host' ? settings.organizer.email : booking.email
  const own =
    kind === 'booked'
      ? eventOf('BOOKING_CREATED', booking, payload, created)
      : kind === 'rescheduled'
        ? eventOf('BOOKING_RESCHEDULED', booking, {
            ...payload,
            // The uid stays through a move here (Cal.com makes a new booking): the booking that was moved is this one.
            rescheduleId: booking.id,
            rescheduleUid: booking.uid,
            rescheduleStartTime: previous?.startTime ?? null,
            rescheduleEndTime: previous?.endTime ?? null,
            rescheduledBy: byEmail,
          }, created)
        : eventOf('BOOKING_CANCELLED', booking, { ...payload, cancellationReason: booking.cancellationReason ?? '', cancelledBy: byEmail }, created)
  const ends = kind !== 'cancelled' && Date.parse(booking.endTime) > now.epochMilliseconds
  // Sent at the end: its createdAt is that moment, as Cal.com's scheduled trigger's.
  const ended = ends ? [eventOf('MEETING_ENDED', booking, payload, booking.endTime, booking.endTime)] : []
  return [own, ...ended].map((event) => ({ uid: newId(), ...event }))
}

/**
 * BOOKING_NO_SHOW_UPDATED in Cal.com's shape (`{ message, bookingUid, bookingId, attendees: [{ email, noShow }] }`),
 * for the host marking the visitor as not having come (or taking it back): the desk writes it in its own transaction
 * (writeWebhookEvents in server/db/webhookOutbox.ts).
 */
export function noShowUpdatedEvent(
  row: Pick<BookingRow, 'id' | 'uid' | 'email' | 'eventTypeId'>,
  noShow: boolean,
  { now, newId }: Pick<EventOptions, 'now' | 'newId'>,
): NewWebhookEvent {
  const payload = {
    message: `${row.email} ${noShow ? 'marked' : 'unmarked'} as no-show`,
    bookingUid: row.uid,
    bookingId: row.id,
    attendees: [{ email: row.email, noShow }],
  }
  return { uid: newId(), ...eventOf('BOOKING_NO_SHOW_UPDATED', row, payload, isoOf(now)) }
}
