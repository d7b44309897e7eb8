import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, JsonBody } from '../../server/runtime/jsonBody'

const week = JSON.stringify({ slots: Array.from({ length: 200 }, (_, i) => ({ time: new Date(Date.UTC(2026, 10, 23, 0, 15 * i)).toISOString() })) })

describe('JsonBody', () => {
  it('sends brotli when accepted, else gzip, else the text, each decoding to the same JSON', () => {
    const body = new JsonBody(week)
    const br = body.encodedFor('gzip, deflate, br, zstd')
    expect(br.encoding).toBe('br')
    expect(brotliDecompressSync(br.body as Uint8Array).toString()).toBe(week)
    const gzip = body.encodedFor('gzip, deflate')
    expect(gzip.encoding).toBe('gzip')
    expect(gunzipSync(gzip.body as Uint8Array).toString()).toBe(week)
    expect(body.encodedFor('')).toEqual({ body: week })
    expect((br.body as Uint8Array).length).toBeLessThan(week.length / 4)
  })

  it('compresses once per encoding and leaves a small answer as it is', () => {
    const body = new JsonBody(week)
    expect(body.encodedFor('gzip').body).toBe(body.encodedFor('gzip').body)
    expect(new JsonBody('{"slots":{}}').encodedFor('gzip, br')).toEqual({ body: '{"slots":{}}' })
  })
})

describe('chooseEncoding', () => {
  it('takes what the client accepts of what is at hand', () => {
    expect(chooseEncoding('br', { br: false, gzip: true })).toBeUndefined()
    expect(chooseEncoding('gzip;q=1.0, identity', { br: true, gzip: true })).toBe('gzip')
    expect(chooseEncoding('deflate', { br: true, gzip: true })).toBeUndefined()
  })
})
