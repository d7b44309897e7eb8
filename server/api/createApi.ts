import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { Temporal } from 'temporal-polyfill'
import type { Fetch } from '../calcomUpstream'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import { createRateLimiter, rateLimit, type ErrorBody } from '../rateLimit'
import { createScheduler } from '../scheduler/scheduler'
import { MAX_BODY_BYTES, MESSAGES } from '../validation'
import { bookingsFeedRoute } from './bookingsFeed'
import { bookRoute } from './bookRoute'
import type { ApiContext, Clock } from './context'
import { slotsRoute } from './slotsRoute'
import { trpcError } from './trpcError'
import { requireVoiceSecret, voiceToolsBodyLimit, voiceToolsRoute } from './voiceTools'

export interface ApiDeps {
  config: ServerConfig
  store: BookingStore
  /** Defaults to the real time. */
  clock?: Clock
  /** The fetch used for Cal.com (tests point it anywhere). */
  fetch?: Fetch
}

/** The client address a rate limit counts: the socket's, or the proxy's last X-Forwarded-For entry when trusted. */
function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req.header('x-forwarded-for')?.split(',').pop()?.trim()
    if (last) return last
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

/** The booking route's error shape (Cal.com reads `message`). */
const messageError: ErrorBody = (message) => ({ message })

/** The booking API, mounted at /api by server/app.ts. */
export function createApi({ config, store, clock = () => Temporal.Now.instant(), fetch }: ApiDeps): Hono {
  const ctx: ApiContext = { config, store, clock, scheduler: createScheduler({ config, store, clock, fetch }) }
  const limited = (limit: number, errorBody: ErrorBody) =>
    rateLimit({
      limiter: createRateLimiter({
        limit,
        windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
        nowMs: () => clock().epochMilliseconds,
      }),
      key: (c) => clientAddress(c, config.TRUST_PROXY),
      errorBody,
    })

  const api = new Hono()
  api.get('/calendar/slots', limited(config.RATE_LIMIT_SLOTS, trpcError), (c) => slotsRoute(c, ctx))
  api.post(
    '/book/event',
    limited(config.RATE_LIMIT_BOOKINGS, messageError),
    // Trusts a declared Content-Length (Node's parser ends the body there) and counts the bytes of a chunked body.
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json(messageError(MESSAGES.tooLarge, 413), 413) }),
    (c) => bookRoute(c, ctx),
  )
  api.get('/bookings.ics', (c) => bookingsFeedRoute(c, ctx))
  // The voice assistant's tools (server/api/voiceTools.ts): the secret first (404 when unset), then the limits.
  api.post('/voice/tools', requireVoiceSecret(config), limited(config.RATE_LIMIT_VOICE_TOOLS, messageError), voiceToolsBodyLimit, (c) => voiceToolsRoute(c, ctx))
  api.onError((error, c) => {
    console.error('API error:', error)
    const errorBody = c.req.path.endsWith('/calendar/slots') ? trpcError : messageError
    return c.json(errorBody('Something went wrong on our side. Please try again.', 500), 500)
  })
  return api
}
