import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { WIRE_MESSAGES } from '../../../core/bookingWire'
import { BoundedMap } from '../../runtime/boundedMap'
import { checkSlotsInput, readJson, type ValidSlotsInput } from '../../scheduler/validation'
import { SERVER_SENTENCES } from '../../sentences'
import { completeResponse } from '../completeResponse'
import type { ApiContext } from '../../scheduler/apiContext'
import { refusalAnswer } from '../../scheduler/refusalAnswer'
import { trpcError } from './trpcError'

/** The still-encoded value of `name` in the query string of `url` (a full URL, as Request#url is). */
function rawQueryValue(url: string, name: string): string | undefined {
  const query = url.indexOf('?')
  if (query < 0) return undefined
  const hash = url.indexOf('#', query)
  const search = url.slice(query + 1, hash < 0 ? undefined : hash)
  for (const part of search.split('&')) {
    const eq = part.indexOf('=')
    if ((eq === -1 ? part : part.slice(0, eq)) === name) return eq === -1 ? '' : part.slice(eq + 1)
  }
  return undefined
}

/**
 * Inputs already validated, by their encoded text: visitors of one zone looking at one week send the
 * same input, and decoding and validating it again would cost more than the cached answer.
 * The values are never changed after validation. Bounded: the oldest goes first.
 */
const validInputs = new BoundedMap<string, ValidSlotsInput>(1_000)

function checkRawInput(raw: string): ReturnType<typeof checkSlotsInput> {
  const known = validInputs.get(raw)
  if (known) return { ok: true, value: known }
  let decoded: string
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return { ok: false, status: 400, message: WIRE_MESSAGES.slotsInput }
  }
  const json = readJson(decoded)
  if (!json.ok) return { ok: false, status: 400, message: WIRE_MESSAGES.slotsInput }
  const checked = checkSlotsInput(json.value)
  if (checked.ok) validInputs.set(raw, checked.value)
  return checked
}

// Outside the route, as everything it calls: a function made per request costs (tsx's name helper, the collector).
const fail = (c: Context, message: string, status: ContentfulStatusCode) => c.json(trpcError(message, status), status)

/** How long the visitor's browser may reuse a slots answer (a booking conflict is still caught when booking). */
export const SLOTS_MAX_AGE_S = 10

// The page fetches the first days' slots before the form opens (src/lib/api/calendarApi.ts): the visitor's own
// browser may keep that answer a few seconds, so the next page's prefetch does not ask again. Never a shared cache.
const ANSWER_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': `private, max-age=${SLOTS_MAX_AGE_S}`, Vary: 'Accept-Encoding' }

/** GET /api/calendar/slots?input=… — Cal.com's slots.getSchedule (docs/design.md#wire). */
export async function slotsRoute(c: Context, ctx: ApiContext): Promise<Response> {
  const raw = rawQueryValue(c.req.url, 'input')
  if (!raw) return fail(c, SERVER_SENTENCES.missingInput, 400)
  const checked = checkRawInput(raw)
  if (!checked.ok) return fail(c, checked.message, checked.status)

  const outcome = await ctx.scheduler.slots(checked.value)
  if (!outcome.ok) {
    // Cal.com's own tRPC error goes back as it came.
    if (outcome.upstream) return c.json(outcome.upstream.body as object, outcome.upstream.status)
    const { message, status } = refusalAnswer(outcome, ctx.config)
    return fail(c, message, status)
  }
  const { body, encoding } = outcome.body.encodedFor(c.req.header('accept-encoding') ?? '')
  return completeResponse(c, body, outcome.status, encoding ? { ...ANSWER_HEADERS, 'Content-Encoding': encoding } : ANSWER_HEADERS)
}
