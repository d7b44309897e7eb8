/**
 * Redirects of a calendar feed, followed by hand (docs/calendars.md#limits): at most MAX_REDIRECTS, never from
 * https to http, and never to a host that resolves to a loopback, private, link-local, multicast or
 * other non-public address, so a feed cannot make this server request its own network. The feed's own
 * address is the host's choice and is not checked (a feed on the same network is fine). A CalDAV request
 * carries the password, so its redirects stay on the origin it was sent to (`sameOrigin`).
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import { SourceError } from './sourceError'

export const MAX_REDIRECTS = 3
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

export type Lookup = (hostname: string) => Promise<string[]>
const systemLookup: Lookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

/** Only global unicast addresses: ipaddr.js names every special range (IPv4-mapped IPv6 read as IPv4). */
const isPublic = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast'

async function assertPublic(hostname: string, lookup: Lookup): Promise<void> {
  const bare = hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = ipaddr.isValid(bare) ? [bare] : await lookup(bare)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    throw new SourceError(`redirected to ${bare}, which could not be found${typeof code === 'string' ? ` (${code})` : ''}`)
  }
  if (addresses.length === 0 || !addresses.every(isPublic)) throw new SourceError(`redirected to an internal address (${bare}); refused`)
}

export interface RedirectOptions {
  fetch?: typeof fetch
  lookup?: Lookup
  /** Only redirects to the first address's origin are followed (the request carries credentials for it). */
  sameOrigin?: boolean
}

/** `fetch` with redirects checked hop by hop; answers the first response that is not a redirect. */
export async function fetchFeed(
  url: string,
  init: RequestInit,
  { fetch: fetchImpl = fetch, lookup = systemLookup, sameOrigin = false }: RedirectOptions = {},
): Promise<Response> {
  let current = new URL(url)
  for (let hops = 0; ; hops++) {
    const response = await fetchImpl(current, { ...init, redirect: 'manual' })
    if (!REDIRECT_STATUSES.has(response.status)) return response
    await response.body?.cancel().catch(() => undefined)
    const location = response.headers.get('location')
    if (!location) throw new SourceError(`answered HTTP ${response.status} without a new address`)
    if (hops >= MAX_REDIRECTS) throw new SourceError(`redirected more than ${MAX_REDIRECTS} times`)
    const next = new URL(location, current)
    if (sameOrigin && next.origin !== current.origin) throw new SourceError(`redirected to another server (${next.host}); refused`)
    if (next.protocol !== 'https:' && next.protocol !== 'http:') throw new SourceError('redirected to an address that is not http or https')
    if (current.protocol === 'https:' && next.protocol === 'http:') throw new SourceError('redirected from https to http; refused')
    // The first address's origin is the host's choice, like the address itself.
    if (!sameOrigin) await assertPublic(next.hostname, lookup)
    current = next
  }
}
