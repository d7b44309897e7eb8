import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { checkBooking, readJson } from '../../scheduler/validation'
import type { ApiContext } from '../../scheduler/apiContext'
import { refusalAnswer } from '../../scheduler/refusalAnswer'

/** POST /api/book/event — Cal.com's booking call (docs/design.md#wire). */
export async function bookRoute(c: Context, ctx: ApiContext): Promise<Response> {
  const fail = (message: string, status: ContentfulStatusCode) => c.json({ message }, status)
  // The body limit middleware has already refused anything over MAX_BODY_BYTES.
  const body = readJson(await c.req.text())
  if (!body.ok) return fail(body.message, body.status)
  const checked = checkBooking(body.value, ctx.config)
  if (!checked.ok) return fail(checked.message, checked.status)

  const outcome = await ctx.scheduler.book({ ...checked.value, clients: ctx.clientLimits(c), channel: 'web' })
  if (!outcome.ok) {
    if (outcome.retryAfterSeconds !== undefined) c.header('Retry-After', String(outcome.retryAfterSeconds))
    const { message, status, code } = refusalAnswer(outcome, ctx.config)
    // The email-code step's answers carry a code to branch on beside the sentence (docs/design.md#email-codes).
    return code ? c.json({ code, message }, status) : fail(message, status)
  }
  return c.json(outcome.body as object, outcome.status)
}
