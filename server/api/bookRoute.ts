import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { checkBooking, readBody } from '../validation'
import type { ApiContext } from './context'

/** POST /api/book/event — Cal.com's booking call (DESIGN §3). */
export async function bookRoute(c: Context, ctx: ApiContext): Promise<Response> {
  const fail = (message: string, status: ContentfulStatusCode) => c.json({ message }, status)
  const body = await readBody(c.req.raw)
  if (!body.ok) return fail(body.message, body.status)
  const checked = checkBooking(body.value, ctx.config)
  if (!checked.ok) return fail(checked.message, checked.status)

  const outcome = await ctx.scheduler.book({ ...checked.value, rawBody: body.value })
  if (!outcome.ok) return fail(outcome.message, outcome.status)
  return c.json(outcome.body as object, outcome.status)
}
