import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { logOf } from '../log/logger'
import { WIRE_MESSAGES } from '../../core/bookingWire'

/** How a route words an error body: tRPC's shape on the slots route, `{ message }` on the booking route. */
export type ErrorBody = (message: string, status: ContentfulStatusCode) => object

/**
 * Refuses a request over its key's limit with a 429 in the route's error shape and `Retry-After`
 * (whole seconds, at least 1). The limiter (rate-limiter-flexible) rejects with a RateLimiterRes when
 * the key is over its limit, and with an Error when its store fails.
 *
 * A failing store lets the request through, with a warning in the log (fail open): with PostgreSQL the
 * store is the database every route behind this limit needs, so the route then answers its own readable
 * error anyway, and in Cal.com mode bookings keep working through a database outage. A 503 here would
 * only trade the route's answer for a vaguer one. (rate-limiter-flexible's insuranceLimiter would count
 * per instance instead, but silently: the outage would not show in this log.)
 */
export function rateLimit(options: {
  limiter: RateLimiterAbstract
  /** Whom the request counts against (a digest of the client network). */
  key: (c: Context) => string
  errorBody: ErrorBody
}): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const retryAfter = await overLimit(c, options.limiter, options.key(c))
    if (retryAfter !== undefined) return c.json(options.errorBody(WIRE_MESSAGES.rateLimited, 429), 429, { 'Retry-After': String(retryAfter) })
    await next()
  })
}

/**
 * Counts one request against `key` (a digest): the seconds until it may come again when it is over the limit,
 * undefined when it may go on (or the limiter's store failed: let through, as above). For keys a route reads from the body.
 */
export async function overLimit(c: Context, limiter: RateLimiterAbstract, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key)
    return undefined
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000))
    logOf(c).warn({ err: rejection, limit: limiter.keyPrefix }, 'Rate limit store failed; request let through')
    return undefined
  }
}
