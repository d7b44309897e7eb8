/**
 * Where a webhook may go (server/webhooks/subscriberUrl.ts): public addresses only, as typed and as resolved, unless
 * WEBHOOK_ALLOW_PRIVATE; and the connection's own lookup refuses a name that resolves to a private address.
 */
import { describe, expect, it } from 'vitest'
import { isPublicAddress, lookupPublic, subscriberUrlRefusal } from '../../server/webhooks/subscriberUrl'

describe('subscriber addresses', () => {
  it.each([
    ['93.184.215.14', true],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.10.0.1', false],
    ['0.0.0.0', false],
    ['10.0.0.8', false],
    ['172.16.5.4', false],
    ['192.168.1.20', false],
    ['169.254.169.254', false],
    ['100.100.100.200', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::7f00:1', false],
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected)
  })

  it('refuses what is not http(s), and a host that resolves to any private address, but not with WEBHOOK_ALLOW_PRIVATE', async () => {
    const resolver = (answers: Record<string, string[]>) => async (host: string) => {
      const found = answers[host]
      if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
      return found
    }
    const dns = resolver({ 'hooks.example.com': ['93.184.215.14'], 'rebind.example.com': ['93.184.215.14', '10.0.0.5'], 'empty.example.com': [] })
    expect(await subscriberUrlRefusal('https://hooks.example.com/catch/1?token=x', false, dns)).toBeUndefined()
    expect(await subscriberUrlRefusal('https://rebind.example.com/hook', false, dns)).toBe('private')
    expect(await subscriberUrlRefusal('https://empty.example.com/hook', false, dns)).toBe('unresolvable')
    expect(await subscriberUrlRefusal('https://gone.example.com/hook', false, dns)).toBe('unresolvable')
    expect(await subscriberUrlRefusal('https://[fd00::1]/hook', false, dns)).toBe('private')
    expect(await subscriberUrlRefusal('javascript:alert(1)', false, dns)).toBe('notHttp')
    expect(await subscriberUrlRefusal('file:///etc/passwd', true, dns)).toBe('notHttp')
    expect(await subscriberUrlRefusal('http://rebind.example.com/hook', true, dns)).toBeUndefined()
    expect(await subscriberUrlRefusal('http://127.0.0.1:5678/webhook', true, dns)).toBeUndefined()
  })

  it('refuses the connection to a name that resolves to a private address (localhost), and passes a public one through', async () => {
    const looked = (host: string, all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) =>
        lookupPublic(host, { all }, (error, result) => resolve({ error, result })),
      )
    const local = await looked('localhost', true)
    expect(local.error?.code).toBe('EPRIVATE')
    const literal = await looked('93.184.215.14', false)
    expect(literal.error).toBeNull()
    expect(literal.result).toBe('93.184.215.14')
    const listed = await looked('93.184.215.14', true)
    expect(listed.result).toEqual([{ address: '93.184.215.14', family: 4 }])
  })
})
