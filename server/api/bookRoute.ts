import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { BOOKING_ERRORS, type BookingResponse } from '../../core/bookingWire'
import { upstreamMessage } from '../calcomUpstream'
import type { BookingRow } from '../db/store'
import { outOfBoundsReason, toIsoUtc } from '../scheduler/slots'
import { checkBooking, readBody } from '../validation'
import type { ApiContext } from './context'

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

/** POST /api/book/event — Cal.com's booking call (DESIGN §3). */
export async function bookRoute(c: Context, ctx: ApiContext): Promise<Response> {
  const fail = (message: string, status: ContentfulStatusCode) => c.json({ message }, status)
  const body = await readBody(c.req.raw)
  if (!body.ok) return fail(body.message, body.status)
  const checked = checkBooking(body.value, ctx.config)
  if (!checked.ok) return fail(checked.message, checked.status)

  if (ctx.upstream) {
    const answer = await ctx.upstream.book(body.value)
    if (!answer.ok) return fail(answer.message, answer.status)
    if (answer.status >= 200 && answer.status < 300) return c.json(answer.json as object, answer.status as ContentfulStatusCode)
    return fail(upstreamMessage(answer.json, answer.status), answer.status as ContentfulStatusCode)
  }

  const { request, start, end } = checked.value
  if (outOfBoundsReason(ctx.availability, ctx.clock(), start) !== undefined) return fail(BOOKING_ERRORS.outOfBounds, 400)

  const { name, email, guests } = request.responses
  const booking = {
    uid: randomUUID(),
    host: ctx.config.BOOKING_HOST,
    eventTypeId: ctx.config.BOOKING_EVENT_TYPE_ID,
    title: `15 Min Call between ${ctx.config.BOOKING_HOST} and ${name}`,
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
    const taken = await ctx.store.takenStarts(booking.host, start, end)
    if (taken.size > 0) return fail(BOOKING_ERRORS.slotTaken, 409)
    return c.json(
      toResponse({
        ...booking,
        id: 0,
        startTime: toIsoUtc(start),
        endTime: toIsoUtc(end),
        status: 'ACCEPTED',
        createdAt: toIsoUtc(ctx.clock()),
      }),
      200,
    )
  }
  const result = await ctx.store.insert(booking)
  if (!result.ok) return fail(BOOKING_ERRORS.slotTaken, 409)
  return c.json(toResponse(result.booking), 200)
}
