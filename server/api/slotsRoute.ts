import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { WIRE_MESSAGES } from '../../core/bookingWire'
import { checkSlotsInput, MESSAGES } from '../validation'
import type { ApiContext } from './context'
import { trpcError } from './trpcError'

/** The still-encoded value of `input` in the query string: forwarded to Cal.com exactly as sent. */
function rawQueryValue(url: string, name: string): string | undefined {
  const search = new URL(url).search.slice(1)
  for (const part of search.split('&')) {
    const eq = part.indexOf('=')
    if ((eq === -1 ? part : part.slice(0, eq)) === name) return eq === -1 ? '' : part.slice(eq + 1)
  }
  return undefined
}

/** GET /api/calendar/slots?input=… — Cal.com's slots.getSchedule (DESIGN §3). */
export async function slotsRoute(c: Context, ctx: ApiContext): Promise<Response> {
  const fail = (message: string, status: ContentfulStatusCode) => c.json(trpcError(message, status), status)
  const raw = rawQueryValue(c.req.url, 'input')
  if (raw === undefined) return fail(MESSAGES.missingInput, 400)
  let decoded: string
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return fail(WIRE_MESSAGES.slotsInput, 400)
  }
  const checked = checkSlotsInput(decoded)
  if (!checked.ok) return fail(checked.message, checked.status)

  const outcome = await ctx.scheduler.slots(checked.value)
  if (!outcome.ok) {
    // Cal.com's own tRPC error goes back as it came.
    if (outcome.upstreamBody !== undefined) return c.json(outcome.upstreamBody as object, outcome.status)
    return fail(outcome.message, outcome.status)
  }
  return c.json(outcome.body as object, outcome.status, { 'Cache-Control': 'no-store' })
}
