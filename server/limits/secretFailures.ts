/**
 * Wrong secrets cost: an address that has sent `points` wrong secrets (the voice platform's, the admin token,
 * the API key) within the window gets 429 with Retry-After, and its secret is not compared, so secrets cannot
 * be guessed at the speed of the network. Right secrets cost nothing.
 *
 * Every request is counted as a failure before its secret is compared, in one atomic step of the store (an
 * upsert with PostgreSQL), and a right secret gets its point back: a check first and a count after the
 * comparison would let every request in flight pass the check, however many there are
 * (docs/booking.md, 'Limits'). A right secret holds a point only while it is compared.
 *
 * Counted by rate-limiter-flexible in the store's limiter (memory with PGlite, the database with
 * PostgreSQL), keyed by the digest of the client network. A failing store lets the request through to
 * the comparison, with a warning, as the request limits do (server/limits/rateLimit.ts).
 */
import type { Context } from 'hono'
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { logOf } from '../log/logger'
import { WIRE_MESSAGES } from '../../core/bookingWire'

/** What the guard made of a request's secret. */
export type SecretCheck = { verdict: 'right' } | { verdict: 'wrong' } | { verdict: 'limited'; retryAfterSeconds: number }

export interface SecretFailures {
  /**
   * Counts the request against its client, then compares with `isRight` unless the client is past its
   * failures; a right secret is given its point back.
   */
  check(c: Context, isRight: () => boolean): Promise<SecretCheck>
}

/** The /api routes' answer to a client past its wrong secrets. */
export const secretsRefusal = (c: Context, retryAfterSeconds: number): Response =>
  c.json({ message: WIRE_MESSAGES.rateLimited }, 429, { 'Retry-After': String(retryAfterSeconds) })

export function secretFailures(options: { limiter: RateLimiterAbstract; key: (c: Context) => string }): SecretFailures {
  const { limiter, key } = options
  const warn = (c: Context, error: unknown, what: string) => logOf(c).warn({ err: error, limit: limiter.keyPrefix }, `Rate limit store failed; ${what}`)
  return {
    async check(c, isRight) {
      const client = key(c)
      try {
        await limiter.consume(client)
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          return { verdict: 'limited', retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) }
        warn(c, rejection, 'secret check let through')
        return { verdict: isRight() ? 'right' : 'wrong' }
      }
      if (!isRight()) return { verdict: 'wrong' }
      try {
        await limiter.reward(client)
      } catch (error) {
        warn(c, error, 'a right secret kept its point')
      }
      return { verdict: 'right' }
    },
  }
}
