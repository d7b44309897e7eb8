/**
 * Every request to the host's CalDAV server (docs/calendars.md#limits). The password is for CALDAV_URL's
 * origin only: an address the server names on another origin (a calendar home, a calendar, a redirect) is
 * refused before anything is sent to it, and redirects are followed by hand within the origin
 * (fetchFeed). Each answer is read to a size cap, so a server cannot hand this thread more than that.
 */
import { fetchFeed } from './feedRedirects'
import { readCappedBytes } from './feedSource'
import { SourceError } from './sourceError'

/**
 * The most one answer about the account may weigh (its principal, calendar home, calendars; a write's
 * reply). tsdav parses these on the server's thread (about a tenth of a second for this much), so they are
 * kept small: a home of dozens of calendars fits. The events are read apart, 20 MB in all, in the worker.
 */
export const CALDAV_ANSWER_MAX_BYTES = 250_000

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([204, 205, 304])

export interface CaldavFetchOptions {
  /** CALDAV_URL: its origin is the only one the password goes to. */
  serverUrl: string
  fetch?: typeof fetch
}

/** `url` if it is on the server's origin; otherwise refused, in words that name only its host. */
function onOrigin(url: string | URL, serverUrl: string): URL {
  const target = new URL(url, serverUrl)
  if (target.origin !== new URL(serverUrl).origin) throw new SourceError(`named an address on another server (${target.host}); refused`)
  return target
}

/** One request on the server's origin, its answer read to `maxBytes` (`limit`: the cap the error names). */
export async function caldavRequest(
  url: string | URL,
  init: RequestInit,
  { serverUrl, fetch: fetchImpl = fetch, maxBytes, limit = maxBytes }: CaldavFetchOptions & { maxBytes: number; limit?: number },
): Promise<{ response: Response; body: Uint8Array<ArrayBuffer> }> {
  const target = onOrigin(url, serverUrl)
  // tsdav's service discovery asks for the redirect itself; the address it then names is checked here.
  const response =
    init.redirect === 'manual' ? await fetchImpl(target, init) : await fetchFeed(target.href, init, { fetch: fetchImpl, sameOrigin: true })
  return { response, body: await readCappedBytes(response, maxBytes, limit) }
}

/** A `fetch` for tsdav: each request on the server's origin, each answer at most CALDAV_ANSWER_MAX_BYTES. */
export function caldavFetch(options: CaldavFetchOptions): typeof fetch {
  return async (input, init = {}) => {
    if (input instanceof Request) throw new TypeError('caldavFetch takes an address, not a Request')
    const { response, body } = await caldavRequest(input, init, { ...options, maxBytes: CALDAV_ANSWER_MAX_BYTES })
    const { status, statusText, headers } = response
    return new Response(NO_BODY.has(status) ? null : body, { status, statusText, headers })
  }
}
