import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'

describe('server configuration', () => {
  it('runs with no settings at all', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.BOOKING_EVENT_TYPE_ID).toBe(7)
    expect(config.BOOKING_EVENT_TYPE_SLUG).toBe('quick-chat')
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ CALCOM_URL: 'cal.example.com' }, 'CALCOM_URL must be an absolute URL such as https://example.com'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN must be at least 16 characters'],
    [{ BOOKING_HOST: '  ' }, 'BOOKING_HOST must not be empty'],
  ])('stops with a message naming the variable for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })
})
