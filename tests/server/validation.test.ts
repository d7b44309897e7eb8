import { describe, expect, it } from 'vitest'
import { createRateLimiter } from '../../server/rateLimit'

describe('the rate limiter', () => {
  it('allows the limit per window and says when to retry', () => {
    let now = 0
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000, nowMs: () => now })
    expect(limiter.hit('a')).toEqual({ ok: true })
    expect(limiter.hit('a')).toEqual({ ok: true })
    expect(limiter.hit('b')).toEqual({ ok: true })
    now = 2_500
    expect(limiter.hit('a')).toEqual({ ok: false, retryAfterSeconds: 8 })
    now = 10_000
    expect(limiter.hit('a')).toEqual({ ok: true })
  })

  it('stays bounded in memory', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 10_000, nowMs: () => 0, maxKeys: 3 })
    for (const key of ['a', 'b', 'c', 'd']) expect(limiter.hit(key)).toEqual({ ok: true })
    // 'a' was forgotten to make room.
    expect(limiter.hit('a')).toEqual({ ok: true })
  })
})
