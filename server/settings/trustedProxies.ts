/**
 * Whose address a request counts as (TRUST_PROXY): the socket's peer, unless that peer is one of the
 * configured proxies; then X-Forwarded-For is walked from the right, past every trusted hop, to the first
 * address that is not one. Only a valid IP address counts: anything else ends the walk at the last
 * trusted hop, so a client cannot name itself with free text.
 */
import ipaddr from 'ipaddr.js'

type Address = ipaddr.IPv4 | ipaddr.IPv6

/** Proxy addresses and ranges: `[address, prefix length]`. */
export type TrustedProxies = readonly (readonly [Address, number])[]

/** Hops read at most: a longer chain is a client writing the header itself. */
const MAX_HOPS = 20

/** An address as written in a header or by the socket (`[::1]`, `fe80::1%eth0`), IPv4-mapped as IPv4; undefined if none. */
function parseAddress(text: string): Address | undefined {
  const bare = text.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
  if (!ipaddr.isValid(bare)) return undefined
  return ipaddr.process(bare)
}

/**
 * `127.0.0.1,10.0.0.0/8,::1` (false, 0 or empty: none); undefined when an entry is neither an address
 * nor a CIDR range.
 */
export function parseTrustedProxies(text: string): TrustedProxies | undefined {
  const trimmed = text.trim()
  if (['', 'false', '0'].includes(trimmed.toLowerCase())) return []
  const ranges: (readonly [Address, number])[] = []
  for (const entry of trimmed.split(',').map((part) => part.trim())) {
    try {
      if (entry.includes('/')) {
        const [address, prefix] = ipaddr.parseCIDR(entry)
        ranges.push(address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? [(address as ipaddr.IPv6).toIPv4Address(), Math.max(0, prefix - 96)] : [address, prefix])
      } else {
        const address = parseAddress(entry)
        if (!address) return undefined
        ranges.push([address, address.kind() === 'ipv4' ? 32 : 128])
      }
    } catch {
      return undefined
    }
  }
  return ranges
}

function isTrusted(address: Address, proxies: TrustedProxies): boolean {
  return proxies.some(([range, prefix]) => range.kind() === address.kind() && address.match(range, prefix))
}

/** The client's address: see the top of this file. `peer` is the socket's remote address. */
export function clientAddressOf(peer: string, forwardedFor: string | undefined, proxies: TrustedProxies): string {
  // Nothing to walk: the peer, unparsed (most requests, and every one without TRUST_PROXY).
  if (!forwardedFor || proxies.length === 0) return peer
  const peerAddress = parseAddress(peer)
  if (!peerAddress || !forwardedFor || !isTrusted(peerAddress, proxies)) return peer
  let client = peerAddress
  const hops = forwardedFor.split(',').slice(-MAX_HOPS).reverse()
  for (const hop of hops) {
    const address = parseAddress(hop)
    if (!address) break
    client = address
    if (!isTrusted(address, proxies)) break
  }
  return client.toString()
}
