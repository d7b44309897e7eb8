import type { Context } from 'hono'
import { checkBooking, checkCancel, readJson, type Checked } from '../../scheduler/validation'
import type { ApiContext } from '../../scheduler/apiContext'
import { refusalAnswer } from '../../scheduler/refusalAnswer'
import { ownerNetworkKey } from '../../limits/keys'
import type { Outcome } from '../../scheduler/scheduler'

/**
 * A scheduler's answer as the routes send it: the body and status of an answer; for a refusal its sentence and
 * status (server/scheduler/refusalAnswer.ts), Retry-After when it has one, and the email-code step's `code` to
 * branch on beside the sentence (docs/design.md#email-codes), with the challenge of a proof of work asked for.
 * `Cache-Control: no-store` is set by createApi.ts.
 */
export function sendOutcome(c: Context, ctx: ApiContext, outcome: Outcome<unknown>): Response {
  if (outcome.ok) return c.json(outcome.body as object, outcome.status)
  if (outcome.retryAfterSeconds !== undefined) c.header('Retry-After', String(outcome.retryAfterSeconds))
  const { message, status, code } = refusalAnswer(outcome, ctx.config)
  if (outcome.challenge) return c.json({ code, message, challenge: outcome.challenge }, status)
  return c.json(code ? { code, message } : { message }, status)
}

/** A change's route: its body read once and checked, then the scheduler's answer sent (docs/design.md#wire). */
async function changeRoute<Valid>(
  c: Context,
  ctx: ApiContext,
  check: (body: unknown) => Checked<Valid>,
  change: (valid: Valid) => Promise<Outcome<unknown>>,
): Promise<Response> {
  // The body limit middleware has already refused anything over MAX_BODY_BYTES.
  const body = readJson(await c.req.text())
  const checked = body.ok ? check(body.value) : body
  if (!checked.ok) return c.json({ message: checked.message }, checked.status)
  return sendOutcome(c, ctx, await change(checked.value))
}

/** POST /api/book/event — Cal.com's booking call, or a reschedule with `rescheduleUid` (docs/design.md#wire). */
export const bookRoute = (c: Context, ctx: ApiContext): Promise<Response> =>
  changeRoute(
    c,
    ctx,
    (body) => checkBooking(body, ctx.config),
    (valid) => ctx.scheduler.book({ ...valid, clients: ctx.clientLimits(c), ownerNetwork: ownerNetworkKey(ctx.clientAddress(c)), channel: 'web' }),
  )

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
export const cancelRoute = (c: Context, ctx: ApiContext): Promise<Response> =>
  changeRoute(c, ctx, checkCancel, (valid) => ctx.scheduler.cancel({ ...valid, clients: ctx.clientLimits(c) }))
