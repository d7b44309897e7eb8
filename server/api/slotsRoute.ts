import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { WIRE_MESSAGES } from '../../core/bookingWire'
import { groupSlotsByDate, freeSlots } from '../scheduler/slots'
import { checkSlotsInput } from '../validation'
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
  let decoded: string | undefined
  try {
    decoded = raw === undefined ? undefined : decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return fail(WIRE_MESSAGES.slotsInput, 400)
  }
  const checked = checkSlotsInput(decoded)
  if (!checked.ok) return fail(checked.message, checked.status)

  if (ctx.upstream) {
    const answer = await ctx.upstream.slots(raw as string)
    if (!answer.ok) return fail(answer.message, answer.status)
    return c.json(answer.json as object, answer.status as ContentfulStatusCode)
  }

  const { input, from, to } = checked.value
  if (!input.usernameList.includes(ctx.config.BOOKING_HOST)) return fail(WIRE_MESSAGES.user, 400)
  if (input.eventTypeSlug !== ctx.config.BOOKING_EVENT_TYPE_SLUG) return fail(WIRE_MESSAGES.eventTypeSlug, 400)
  const now = ctx.clock()
  const taken = await ctx.store.takenStarts(ctx.config.BOOKING_HOST, from, to)
  const slots = freeSlots(ctx.availability, now, from, to, taken)
  return c.json({ result: { data: { json: { slots: groupSlotsByDate(slots, input.timeZone) } } } }, 200, {
    'Cache-Control': 'no-store',
  })
}
