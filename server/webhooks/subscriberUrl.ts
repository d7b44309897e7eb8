/**
 * Where a webhook may go (docs/webhooks.md#addresses): an http(s) URL whose host resolves to public addresses only,
 * so a subscription cannot make this server call into its own network (the loopback, private and link-local ranges,
 * the cloud metadata address 169.254.169.254, carrier-grade NAT, IPv6's unique-local and mapped forms). Checked when
 * a subscription is made or changed, and again at every connection (lookupPublic), since a name may resolve
 * elsewhere later. WEBHOOK_ALLOW_PRIVATE=true lifts it, for a self-hosted n8n beside the site.
 */
import { lookup } from 'node:dns'
import { lookup as lookupAll } from 'node:dns/promises'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

/** Whether an address is on the public internet: ipaddr.js's `unicast`, after unwrapping IPv4-mapped IPv6. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  if (!ipaddr.isValid(bare)) return false
  return ipaddr.process(bare).range() === 'unicast'
}

/** Why a URL cannot be a subscriber: a sentence for the API's 400. */
export type UrlRefusal = 'notHttp' | 'private' | 'unresolvable'

export const URL_REFUSALS: Record<UrlRefusal, string> = {
  notHttp: 'subscriberUrl must be an http:// or https:// URL',
  private: 'subscriberUrl must be on the public internet: loopback, private and link-local addresses are refused (WEBHOOK_ALLOW_PRIVATE=true allows them)',
  unresolvable: 'subscriberUrl names a host that cannot be found',
}

export type Resolve = (hostname: string) => Promise<string[]>

const resolveAll: Resolve = async (hostname) => (await lookupAll(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

/** Undefined when `text` may be a subscriber, else why not. */
export async function subscriberUrlRefusal(text: string, allowPrivate: boolean, resolve: Resolve = resolveAll): Promise<UrlRefusal | undefined> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'notHttp'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'notHttp'
  if (allowPrivate) return undefined
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? undefined : 'private'
  let addresses: string[]
  try {
    addresses = await resolve(host)
  } catch {
    return 'unresolvable'
  }
  if (addresses.length === 0) return 'unresolvable'
  return addresses.every(isPublicAddress) ? undefined : 'private'
}

/** What a connection to a private address fails with: the delivery records it and tries again later. */
export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError'
  code = 'EPRIVATE'
}

/**
 * dns.lookup for the delivery's connection, refusing a name that resolves to a private address: the address is
 * checked as the socket gets it, so a name that changes between the check and the connection cannot slip through.
 */
export const lookupPublic: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0)
    const list = addresses as unknown as { address: string; family: number }[]
    if (list.length === 0 || !list.every((entry) => isPublicAddress(entry.address)))
      return callback(new PrivateAddressError('The host resolves to an address that is not public'), '', 0)
    if (options.all) return (callback as unknown as (e: null, all: typeof list) => void)(null, list)
    const [first] = list as [{ address: string; family: number }]
    callback(null, first.address, first.family)
  })
}
