import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { checkCancel, readJson } from '../../scheduler/validation'
import type { ApiContext } from '../../scheduler/apiContext'
import { refusalAnswer } from '../../scheduler/refusalAnswer'

/**
 * POST /api/cancel — Cal.com's cancel: `{ uid, cancellationReason? }` (reason at most 500 characters,
 * no control characters but line breaks).
 * 200 `{ success: true, message: 'Booking successfully cancelled.', bookingId, bookingUid, onlyRemovedAttendee: false }`;
 * the booking is CANCELLED, its slot free at once, and both sides get a cancellation email.
 * 404 `{ message: 'This booking was not found.' }` for an unknown or malformed uid, whatever exists;
 * 400 `{ message }` when it is already cancelled or has started, or the body is wrong;
 * 409 `{ message: changeNoticeMessage(…) }` closer than SCHEDULE_CHANGE_NOTICE_MINUTES to the start;
 * 429 with Retry-After past the daily cap of the client's address (cancellations count as bookings do).
 */
export async function cancelRoute(c: Context, ctx: ApiContext): Promise<Response> {
  const fail = (message: string, status: ContentfulStatusCode) => c.json({ message }, status, { 'Cache-Control': 'no-store' })
  const body = readJson(await c.req.text())
  if (!body.ok) return fail(body.message, body.status)
  const checked = checkCancel(body.value)
  if (!checked.ok) return fail(checked.message, checked.status)
  const outcome = await ctx.scheduler.cancel({ ...checked.value, clients: ctx.clientLimits(c) })
  if (!outcome.ok) {
    if (outcome.retryAfterSeconds !== undefined) c.header('Retry-After', String(outcome.retryAfterSeconds))
    const { message, status } = refusalAnswer(outcome, ctx.config)
    return fail(message, status)
  }
  return c.json(outcome.body as object, outcome.status, { 'Cache-Control': 'no-store' })
}
