import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { trpcError } from '../../server/api/trpcError'
import { createRateLimiter, rateLimit, type ErrorBody } from '../../server/rateLimit'

describe('the rate limit middleware', () => {
  function limitedApp(errorBody: ErrorBody) {
    const clock = { ms: 0 }
    let handled = 0
    const app = new Hono().get(
      '/',
      rateLimit({
        limiter: createRateLimiter({ limit: 2, windowMs: 60_000, nowMs: () => clock.ms }),
        key: (c) => c.req.header('x-client') ?? 'anonymous',
        errorBody,
      }),
      (c) => {
        handled++
        return c.text('ok')
      },
    )
    const get = (client: string) => app.request('/', { headers: { 'x-client': client } })
    return { get, clock, handled: () => handled }
  }

  it('lets the limit through per key, then answers 429 with Retry-After without calling the handler', async () => {
    const { get, clock, handled } = limitedApp((message) => ({ message }))
    expect((await get('a')).status).toBe(200)
    expect((await get('a')).status).toBe(200)
    expect((await get('b')).status).toBe(200)
    clock.ms = 20_000
    const refused = await get('a')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('40')
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.' })
    expect(handled()).toBe(3)
    clock.ms = 60_000
    expect((await get('a')).status).toBe(200)
  })

  it('words the 429 in the shape it is given', async () => {
    const { get } = limitedApp(trpcError)
    await get('a')
    await get('a')
    const refused = await get('a')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(await refused.json()).toEqual(trpcError('Too many requests. Please wait a moment and try again.', 429))
  })
})
