import { afterEach, describe, expect, it, vi } from 'vitest'
import { deskErrorText, isLinkRefused, isNotSetUp, isRateLimited, isSignedOut } from '../../../core/deskErrors'
import type { DeskView } from '../../../core/deskWire'
import { cancelCall, fetchDesk, markNoShow, openSession, removeTimeOff, requestLink, signOut } from '../../../src/lib/api/deskApi'

afterEach(() => vi.unstubAllGlobals())

function stubFetch(status: number, body?: unknown) {
  const fetch = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

const view: DeskView = { email: 'host@example.com', timeZone: 'Pacific/Auckland', upcoming: [], past: [], timeOff: [] }

/** What a failed request rejects with, read the way the machines read it. */
async function failureOf(request: Promise<unknown>) {
  const error = await request.then(
    () => expect.unreachable('the request must fail'),
    (e: unknown) => e,
  )
  return {
    signedOut: isSignedOut(error),
    notSetUp: isNotSetUp(error),
    linkRefused: isLinkRefused(error),
    rateLimited: isRateLimited(error),
    text: deskErrorText(error, 'fallback'),
  }
}

const none = { signedOut: false, notSetUp: false, linkRefused: false, rateLimited: false }

describe('the desk API client', () => {
  it('reads the desk from its own origin, with the session cookie', async () => {
    const fetch = stubFetch(200, view)
    await expect(fetchDesk()).resolves.toEqual(view)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/desk')
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' })
    expect(init.body).toBeUndefined()
  })

  it('POSTs JSON with the cookie; 202 and 204 answers are done', async () => {
    const fetch = stubFetch(202, { message: 'If this address may sign in…' })
    await expect(requestLink({ email: 'host@example.com' })).resolves.toBeUndefined()
    stubFetch(204)
    await expect(openSession({ token: 'a'.repeat(32) })).resolves.toBeUndefined()
    await expect(signOut()).resolves.toBeUndefined()
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/desk/link')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' })
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(JSON.parse(init.body as string)).toEqual({ email: 'host@example.com' })
  })

  it('names the call or the time off in the path, encoded, and returns the desk after the change', async () => {
    const fetch = stubFetch(200, view)
    await expect(cancelCall('a/b', { reason: 'Sick' })).resolves.toEqual(view)
    await markNoShow('c-1', { noShow: true, rebook: true })
    await removeTimeOff('t 1')
    expect((fetch.mock.calls as unknown as string[][]).map(([url]) => url)).toEqual([
      '/api/desk/calls/a%2Fb/cancel',
      '/api/desk/calls/c-1/no-show',
      '/api/desk/time-off/t%201/remove',
    ])
  })

  it('tells apart no session, no desk, a refused link and a rate limit, each with the server sentence', async () => {
    stubFetch(401, { message: 'Please sign in.', code: 'signed_out' })
    expect(await failureOf(fetchDesk())).toEqual({ ...none, signedOut: true, text: 'Please sign in.' })
    stubFetch(404, { message: 'The desk is not set up.', code: 'not_set_up' })
    expect(await failureOf(fetchDesk())).toEqual({ ...none, notSetUp: true, text: 'The desk is not set up.' })
    stubFetch(400, { message: 'This sign-in link has been used or has expired.', code: 'link_refused' })
    expect(await failureOf(openSession({ token: 'a'.repeat(32) }))).toEqual({ ...none, linkRefused: true, text: 'This sign-in link has been used or has expired.' })
    stubFetch(429, { message: 'Too many requests.' })
    expect(await failureOf(requestLink({ email: 'host@example.com' }))).toEqual({ ...none, rateLimited: true, text: 'Too many requests.' })
  })

  it('a status without its code, a bare status and the network are none of those: the fallback sentence, or the server one', async () => {
    stubFetch(404, { message: 'Not found.' })
    expect(await failureOf(fetchDesk())).toEqual({ ...none, text: 'Not found.' })
    stubFetch(401, { message: 'Please sign in.', code: 'link_refused' })
    expect(await failureOf(fetchDesk())).toEqual({ ...none, text: 'Please sign in.' })
    stubFetch(502, undefined)
    expect(await failureOf(fetchDesk())).toEqual({ ...none, text: 'fallback' })
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    expect(await failureOf(requestLink({ email: 'host@example.com' }))).toEqual({ ...none, text: 'fallback' })
  })

  it('an OK answer that is not the desk rejects', async () => {
    stubFetch(200, { ...view, upcoming: 'none' })
    await expect(fetchDesk()).rejects.toThrow()
  })
})
