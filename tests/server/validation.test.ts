import { describe, expect, it } from 'vitest'
import { createRateLimiter } from '../../server/rateLimit'
import { MAX_BODY_BYTES, readBody } from '../../server/validation'

const streamOf = (chunks: number, size: number) => {
  let sent = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(new Uint8Array(size).fill(32))
      else controller.close()
    },
  })
}
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://x/api/book/event', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

describe('reading a body', () => {
  it('accepts exactly 16 KB', async () => {
    const result = await readBody(post('x'.repeat(MAX_BODY_BYTES)))
    expect(result).toEqual({ ok: true, value: 'x'.repeat(MAX_BODY_BYTES) })
  })

  it('refuses a declared Content-Length over 16 KB before reading', async () => {
    const request = post(streamOf(1, 10), { 'Content-Length': String(MAX_BODY_BYTES + 1) })
    expect(await readBody(request)).toEqual({ ok: false, status: 413, message: 'The request is too large.' })
    expect(request.bodyUsed).toBe(false)
  })

  it('counts the bytes actually read when there is no Content-Length', async () => {
    const request = post(streamOf(5, 4096))
    expect(request.headers.get('content-length')).toBe(null)
    expect(await readBody(request)).toEqual({ ok: false, status: 413, message: 'The request is too large.' })
  })

  it('counts the bytes actually read when Content-Length lies', async () => {
    expect(await readBody(post(streamOf(5, 4096), { 'Content-Length': '10' }))).toMatchObject({ ok: false, status: 413 })
  })
})

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
