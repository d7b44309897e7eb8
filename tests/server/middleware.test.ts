import { Hono } from 'hono'
import { connect } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApi } from '../../server/http/api/createApi'
import { trpcError } from '../../server/http/api/trpcError'
import type { Fetch } from '../../server/scheduler/calcomUpstream'
import { memoryRateLimiter } from '../../server/db/rateLimitWindows'
import { rateLimit, type ErrorBody } from '../../server/limits/rateLimit'
import { MAX_BODY_BYTES } from '../../server/scheduler/validation'
import { bookingBody, rejectingStore, startServer, testClock, testConfig, type RunningServer } from './support/harness'

describe('the rate limit middleware, on the in-memory store', () => {
  // The windows are measured by Date.now (rate-limiter-flexible): the tests move it instead of sleeping.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'] }))
  afterEach(() => void vi.useRealTimers())
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms)

  function limitedApp(errorBody: ErrorBody) {
    let handled = 0
    const app = new Hono().get(
      '/',
      rateLimit({
        limiter: memoryRateLimiter({ keyPrefix: 'test', points: 2, duration: 60 }),
        key: (c) => c.req.header('x-client') ?? 'anonymous',
        errorBody,
      }),
      (c) => {
        handled++
        return c.text('ok')
      },
    )
    const get = (client: string) => app.request('/', { headers: { 'x-client': client } })
    return { get, handled: () => handled }
  }

  it('lets the limit through per key, then answers 429 with Retry-After without calling the handler', async () => {
    const { get, handled } = limitedApp((message) => ({ message }))
    expect((await get('a')).status).toBe(200)
    expect((await get('a')).status).toBe(200)
    expect((await get('b')).status).toBe(200)
    later(20_000)
    const refused = await get('a')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('40')
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please wait a moment and try again.' })
    expect(handled()).toBe(3)
    later(39_500)
    expect((await get('a')).headers.get('retry-after')).toBe('1')
    later(500)
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

  it('forgets a key when its window ends (memory stays bounded by the keys of one window)', async () => {
    vi.useFakeTimers()
    const limiter = memoryRateLimiter({ keyPrefix: 'test', points: 1, duration: 60 })
    await limiter.consume('a')
    vi.advanceTimersByTime(59_999)
    expect(await limiter.get('a')).not.toBe(null)
    vi.advanceTimersByTime(1)
    expect(await limiter.get('a')).toBe(null)
  })
})

describe('the body limit on POST /api/book/event', () => {
  // Cal.com mode with a recording fetch: what Cal.com receives is what the route read.
  const forwarded: string[] = []
  const fetch: Fetch = async (_url, init) => {
    forwarded.push(String(init.body))
    return new Response(JSON.stringify({ id: 1 }), { status: 200 })
  }
  const noStore = rejectingStore(() => new Error('no store in Cal.com mode'))
  const config = testConfig({ CALCOM_URL: 'http://calcom.test' })
  const api = createApi({ config, store: noStore, clock: testClock().read, fetch })
  beforeEach(() => {
    forwarded.length = 0
  })

  const tooLarge = { message: 'The request is too large.' }
  /** A valid booking, padded with spaces to exactly `size` bytes. */
  const bookingOf = (size: number) => {
    const json = JSON.stringify(bookingBody('2026-11-24T10:00'))
    return json + ' '.repeat(size - Buffer.byteLength(json))
  }
  const streamOf = (text: string, chunkSize = 4096) => {
    const bytes = new TextEncoder().encode(text)
    let offset = 0
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(offset, (offset += chunkSize)))
      },
    })
  }
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request('http://x/book/event', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
      duplex: 'half',
    } as RequestInit)

  it('passes a body of exactly 16 KB on intact, with or without Content-Length', async () => {
    const body = bookingOf(MAX_BODY_BYTES)
    const declared = post(body, { 'Content-Length': String(MAX_BODY_BYTES) })
    const streamed = post(streamOf(body))
    expect(streamed.headers.get('content-length')).toBe(null)
    for (const request of [declared, streamed]) expect((await api.request(request)).status).toBe(200)
    // Read to its last byte and parsed: what Cal.com gets is the validated booking.
    expect(forwarded.map((text) => JSON.parse(text))).toEqual([bookingBody('2026-11-24T10:00'), bookingBody('2026-11-24T10:00')])
  })

  it('refuses a declared Content-Length over 16 KB before reading the body', async () => {
    const request = post(streamOf(bookingOf(1000)), { 'Content-Length': String(MAX_BODY_BYTES + 1) })
    const response = await api.request(request)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual(tooLarge)
    expect(request.bodyUsed).toBe(false)
    expect(forwarded).toEqual([])
  })

  it('counts the bytes of a body without Content-Length and refuses it past 16 KB', async () => {
    const response = await api.request(post(streamOf(bookingOf(MAX_BODY_BYTES + 1))))
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual(tooLarge)
    expect(forwarded).toEqual([])
  })

  describe('over a socket', () => {
    let server: RunningServer
    beforeAll(async () => {
      server = await startServer({ config, store: noStore, clock: testClock(), fetch })
    })
    afterAll(() => server?.close())

    /** Writes raw bytes to the server and resolves with the first response, without ending the request. */
    function firstResponse(parts: (string | Uint8Array)[]): Promise<{ status: number; body: string }> {
      const { hostname, port } = new URL(server.url)
      return new Promise((resolve, reject) => {
        const socket = connect(Number(port), hostname)
        let received = Buffer.alloc(0)
        socket.on('data', (chunk: Buffer) => {
          received = Buffer.concat([received, chunk])
          const headEnd = received.indexOf('\r\n\r\n')
          if (headEnd === -1) return
          const head = received.subarray(0, headEnd).toString()
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1])
          const body = received.subarray(headEnd + 4)
          if (!(body.length >= length)) return
          socket.destroy()
          resolve({ status: Number(head.split(' ')[1]), body: body.subarray(0, length).toString() })
        })
        socket.on('error', reject)
        socket.on('close', () => reject(new Error(`closed before a whole response: ${received.toString()}`)))
        for (const part of parts) socket.write(part)
      })
    }
    const head = (headers: string) =>
      `POST /api/book/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${headers}\r\n`

    it('cuts a chunked body off past 16 KB, without waiting for its end', async () => {
      const chunk = ' '.repeat(4096)
      const chunks = Array.from({ length: 5 }, () => `${(4096).toString(16)}\r\n${chunk}\r\n`)
      // No closing zero-length chunk: the answer must come from counting, not from reading to the end.
      const response = await firstResponse([head('Transfer-Encoding: chunked\r\n'), ...chunks])
      expect(response.status).toBe(413)
      expect(JSON.parse(response.body)).toEqual(tooLarge)
      expect(forwarded).toEqual([])
    })

    it('ends a body at its declared Content-Length: the bytes after it are the next request, not more body', async () => {
      const body = bookingOf(1000)
      const next = `${head(`Content-Length: ${20 * 1024}\r\n`)}${' '.repeat(20 * 1024)}`
      const response = await firstResponse([head(`Content-Length: ${body.length}\r\n`), body, next])
      expect(response.status).toBe(200)
      expect(forwarded.map((text) => JSON.parse(text))).toEqual([bookingBody('2026-11-24T10:00')])
    })
  })
})
