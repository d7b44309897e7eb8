import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { MESSAGES } from './validation'

/**
 * Per-address fixed-window rate limits: in memory here (one process: PGlite mode), or in the
 * database (server/db/rateLimitWindows.ts: PostgreSQL mode, shared by every instance). Time comes
 * from the injected clock, so tests move it instead of sleeping.
 */
export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number }

export interface RateLimiter {
  /** Counts one request of `key`; when over the limit, how many seconds until the window resets. */
  hit(key: string): Verdict | Promise<Verdict>
}

export function createRateLimiter(options: {
  limit: number
  windowMs: number
  nowMs: () => number
  maxKeys?: number
}): { hit(key: string): Verdict } {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const maxKeys = options.maxKeys ?? 50_000
  return {
    hit(key) {
      const now = options.nowMs()
      let entry = windows.get(key)
      if (!entry || entry.resetAt <= now) {
        if (windows.size >= maxKeys) {
          for (const [k, e] of windows) if (e.resetAt <= now) windows.delete(k)
          // Still full of live windows: forget the oldest rather than grow without bound.
          if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string)
        }
        entry = { count: 0, resetAt: now + options.windowMs }
        windows.set(key, entry)
      }
      entry.count++
      if (entry.count <= options.limit) return { ok: true }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) }
    },
  }
}

/** How a route words an error body: tRPC's shape on the slots route, `{ message }` on the booking route. */
export type ErrorBody = (message: string, status: ContentfulStatusCode) => object

/** Refuses a request over its key's limit with a 429 in the route's error shape and `Retry-After`. */
export function rateLimit(options: {
  limiter: RateLimiter
  /** Whom the request counts against (the client address). */
  key: (c: Context) => string
  errorBody: ErrorBody
}): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const verdict = await options.limiter.hit(options.key(c))
    if (!verdict.ok) {
      return c.json(options.errorBody(MESSAGES.rateLimited, 429), 429, { 'Retry-After': String(verdict.retryAfterSeconds) })
    }
    await next()
  })
}
