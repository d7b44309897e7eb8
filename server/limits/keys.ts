/** What the limits count by: one key per person's email address, one per client network. */
import { createHash } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import { BoundedMap } from '../runtime/boundedMap'

/**
 * The email address as the per-email limits and the code emails compare it, one key per inbox: lower case, without
 * a +tag in the local part (aroha+1@Example.com is aroha@example.com), and for Gmail without the dots Gmail ignores
 * (a.r.o.h.a@googlemail.com is aroha@gmail.com), so one inbox cannot pass for many. Rows keyed before the dots were
 * folded keep their key (the migration's SQL backfill folds +tags only).
 */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 0) return lower
  const local = lower.slice(0, at)
  const plus = local.indexOf('+')
  const untagged = plus < 0 ? local : local.slice(0, plus)
  const domain = lower.slice(at + 1)
  if (GMAIL_DOMAINS.has(domain)) return `${untagged.replaceAll('.', '')}@gmail.com`
  return `${untagged}@${domain}`
}

/** Google's two names for one mail service, whose local parts ignore dots. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The client network a request comes from: the IPv4 address, or the /64 of an IPv6 address (one
 * home or phone gets a whole /64, so counting single IPv6 addresses would count nothing).
 * IPv4-mapped IPv6 addresses count as their IPv4 address; anything unreadable is kept as it is.
 */
export function clientNetwork(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!ipaddr.isValid(bare)) return bare
  const parsed = ipaddr.process(bare)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`
}

/**
 * The widest network one owner commonly holds, as a digest: the /24 of an IPv4 address, the /48 of an IPv6 one (a
 * site's allocation). Caps on it keep one owner's many addresses (or many /64s) from multiplying a per-network cap.
 */
export function ownerNetworkKey(address: string): string {
  const bare = address.trim().replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (!ipaddr.isValid(bare)) return digestKey(`owner-network:${bare}`)
  const parsed = ipaddr.process(bare)
  const prefix = parsed.kind() === 'ipv4' ? 24 : 48
  const network = parsed.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${parsed.toString()}/24`) : ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/48`)
  return digestKey(`owner-network:${network.toString()}/${prefix}`)
}

/** The stored key of anything else a limit counts by (a voice call, a caller's number): a digest, never the value. */
export const digestKey = (text: string): string => createHash('sha256').update(text).digest('hex')

/** Keys of addresses seen lately: every request of a visitor counts against the same few limits. */
const recentKeys = new BoundedMap<string, string>(10_000)

/** The stored key of a client network: a digest, so the database keeps no plain address. */
export function clientKey(address: string): string {
  let key = recentKeys.get(address)
  if (key === undefined) {
    key = createHash('sha256').update(clientNetwork(address)).digest('hex')
    recentKeys.set(address, key)
  }
  return key
}
