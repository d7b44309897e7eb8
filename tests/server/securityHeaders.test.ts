import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { contentSecurityPolicy } from '../../server/securityHeaders'

describe('the calendar API in the CSP', () => {
  it('connect-src allows the calendar API base when one is configured, and only then', () => {
    const connect = (csp: string) => csp.split('; ').find((d) => d.startsWith('connect-src'))
    expect(connect(contentSecurityPolicy(loadConfig({})))).toBe("connect-src 'self'")
    expect(connect(contentSecurityPolicy(loadConfig({ VITE_CALENDAR_API_BASE: 'https://calendar.example.com/base/' })))).toBe(
      "connect-src 'self' https://calendar.example.com",
    )
  })
})
