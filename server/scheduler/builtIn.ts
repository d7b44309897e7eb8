import { randomUUID } from 'node:crypto'
import { BOOKING_ERRORS, WIRE_MESSAGES, type BookingResponse, type SlotsResponse } from '../../core/bookingWire'
import type { Clock } from '../api/context'
import type { ServerConfig } from '../config'
import type { BookingRow, BookingStore } from '../db/store'
import { availabilityFromConfig } from './availability'
import type { Scheduler } from './scheduler'
import { freeSlots, groupSlotsByDate, outOfBoundsReason, toIsoUtc } from './slots'

function toResponse(row: BookingRow): BookingResponse {
  return {
    id: row.id,
    uid: row.uid,
    title: row.title,
    startTime: row.startTime,
    endTime: row.endTime,
    status: row.status,
    eventTypeId: row.eventTypeId,
    responses: { name: row.name, email: row.email, guests: row.guests },
    attendees: [{ name: row.name, email: row.email, timeZone: row.timeZone }],
    user: { username: row.host },
  }
}

/** The built-in scheduler (DESIGN §4): slots are the configured availability minus the stored bookings. */
export function createBuiltInScheduler({
  config,
  store,
  clock,
}: {
  config: ServerConfig
  store: BookingStore
  clock: Clock
}): Scheduler<SlotsResponse, BookingResponse> {
  const availability = availabilityFromConfig(config)
  const host = config.BOOKING_HOST

  return {
    async slots({ input, from, to }) {
      if (!input.usernameList.includes(host)) return { ok: false, status: 400, message: WIRE_MESSAGES.user }
      if (input.eventTypeSlug !== config.BOOKING_EVENT_TYPE_SLUG)
        return { ok: false, status: 400, message: WIRE_MESSAGES.eventTypeSlug }
      const now = clock()
      const taken = await store.takenStarts(host, from, to)
      const slots = freeSlots(availability, now, from, to, taken)
      return { ok: true, status: 200, body: { result: { data: { json: { slots: groupSlotsByDate(slots, input.timeZone) } } } } }
    },

    async book({ request, start, end }) {
      if (outOfBoundsReason(availability, clock(), start) !== undefined)
        return { ok: false, status: 400, message: BOOKING_ERRORS.outOfBounds }

      const { name, email, guests } = request.responses
      const booking = {
        uid: randomUUID(),
        host,
        eventTypeId: config.BOOKING_EVENT_TYPE_ID,
        title: `15 Min Call between ${host} and ${name}`,
        start,
        end,
        name,
        email,
        guests,
        timeZone: request.timeZone,
        language: request.language,
      }
      if (request._isDryRun) {
        // Cal.com's dry run: everything checked, nothing written.
        const taken = await store.takenStarts(host, start, end)
        if (taken.size > 0) return { ok: false, status: 409, message: BOOKING_ERRORS.slotTaken }
        const body = toResponse({
          ...booking,
          id: 0,
          startTime: toIsoUtc(start),
          endTime: toIsoUtc(end),
          status: 'ACCEPTED',
          createdAt: toIsoUtc(clock()),
        })
        return { ok: true, status: 200, body }
      }
      const result = await store.insert(booking)
      if (!result.ok) return { ok: false, status: 409, message: BOOKING_ERRORS.slotTaken }
      return { ok: true, status: 200, body: toResponse(result.booking) }
    },
  }
}
