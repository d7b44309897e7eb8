/**
 * Wrong secrets cost: an address that has sent `points` wrong secrets (the voice platform's,
 * the admin token) within the window gets 429 with Retry-After before its secret is even compared, so
 * secrets cannot be guessed at the speed of the network. Right secrets cost nothing.
 *
 * Counted by rate-limiter-flexible in the store's limiter (memory with PGlite, the database with
 * PostgreSQL), keyed by the digest of the client network. A failing store lets the request through to
 * the comparison, with a warning, as the request limits do (server/limits/rateLimit.ts).
 */
import type { Context } from 'hono'
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { logOf } from '../log/logger'
import { WIRE_MESSAGES } from '../../core/bookingWire'

export interface SecretFailures {
  /** The 429 to answer before comparing, when the client is over its failures; undefined otherwise. */
  refusal(c: Context): Promise<Response | undefined>
  /** Counts one wrong secret against the client. */
  failed(c: Context): Promise<void>
}

export function secretFailures(options: { limiter: RateLimiterAbstract; key: (c: Context) => string }): SecretFailures {
  const { limiter, key } = options
  const warn = (c: Context, error: unknown) =>
    logOf(c).warn({ err: error, limit: limiter.keyPrefix }, 'Rate limit store failed; secret check let through')
  return {
    async refusal(c) {
      let seen: RateLimiterRes | null
      try {
        seen = await limiter.get(key(c))
      } catch (error) {
        warn(c, error)
        return undefined
      }
      if (!seen || seen.consumedPoints < limiter.points) return undefined
      const retryAfter = Math.max(1, Math.ceil(seen.msBeforeNext / 1000))
      return c.json({ message: WIRE_MESSAGES.rateLimited }, 429, { 'Retry-After': String(retryAfter) })
    },
    async failed(c) {
      try {
        await limiter.consume(key(c))
      } catch (rejection) {
        // Over the limit already: the next request is refused before its comparison.
        if (!(rejection instanceof RateLimiterRes)) warn(c, rejection)
      }
    },
  }
}
