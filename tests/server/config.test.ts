import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'

describe('server configuration', () => {
  it('lets DESK_EMAILS sign in to the desk, HOST_EMAIL by default, nobody without either, and refuses a list with a non-address', () => {
    expect(loadConfig({}).DESK_EMAILS).toEqual([])
    expect(loadConfig({ HOST_EMAIL: 'Team <team@kiwi.example>' }).DESK_EMAILS).toEqual(['team@kiwi.example'])
    expect(loadConfig({ HOST_EMAIL: 'team@kiwi.example', DESK_EMAILS: ' owner@kiwi.example, , ops@kiwi.example ' }).DESK_EMAILS).toEqual(['owner@kiwi.example', 'ops@kiwi.example'])
    expect(loadConfig({}).DESK_LINK_MAILS_PER_HOUR).toBe(20)
    expect(() => loadConfig({ DESK_EMAILS: 'owner@kiwi.example,not an address' })).toThrow(/DESK_EMAILS must be email addresses separated by commas/)
    expect(() => loadConfig({ DESK_LINK_MAILS_PER_HOUR: '0' })).toThrow(ConfigError)
  })

  it('runs with no settings at all', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.BOOKING_EVENT_TYPE_ID).toBe(7)
    expect(config.BOOKING_EVENT_TYPE_SLUG).toBe('quick-chat')
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('has the default availability of the built-in scheduler', () => {
    const config = loadConfig({})
    expect(config.SCHEDULE_TIME_ZONE).toBe('Pacific/Auckland')
    expect(config.SCHEDULE_DAYS).toEqual([1, 2, 3, 4, 5])
    expect([config.SCHEDULE_START, config.SCHEDULE_END]).toEqual([9 * 60, 17 * 60])
    expect(config.SCHEDULE_SLOT_MINUTES).toBe(15)
    expect(config.SCHEDULE_MIN_NOTICE_MINUTES).toBe(120)
    expect(config.SCHEDULE_DAYS_AHEAD).toBe(60)
    expect(config.CALCOM_TIMEOUT_MS).toBe(10_000)
  })

  it('has mail defaults that send nothing: the outbox folder, links on localhost at PORT', () => {
    const config = loadConfig({ PORT: '8080' })
    expect(config.SMTP_URL).toBeUndefined()
    expect(config.HOST_EMAIL).toBeUndefined()
    expect(config.MAIL_FROM).toEqual({ name: 'Kiwi Automate', address: 'bookings@localhost' })
    expect(config.PUBLIC_URL).toBe('http://localhost:8080')
    expect(loadConfig({ PUBLIC_URL: 'https://kiwi.example/' }).PUBLIC_URL).toBe('https://kiwi.example')
    expect(loadConfig({ HOST_EMAIL: 'Team <team@kiwi.example>' }).HOST_EMAIL).toBe('team@kiwi.example')
    expect([config.MAX_UPCOMING_PER_EMAIL, config.RATE_LIMIT_BOOKINGS_PER_DAY]).toEqual([2, 20])
  })

  it('waits 2 s after SIGTERM before closing, but not in development', () => {
    expect(loadConfig({}).SHUTDOWN_DELAY_MS).toBe(2000)
    expect(loadConfig({ NODE_ENV: 'production' }).SHUTDOWN_DELAY_MS).toBe(2000)
    expect(loadConfig({ NODE_ENV: 'development' }).SHUTDOWN_DELAY_MS).toBe(0)
    expect(loadConfig({ NODE_ENV: 'development', SHUTDOWN_DELAY_MS: '500' }).SHUTDOWN_DELAY_MS).toBe(500)
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '1500' }).SHUTDOWN_DELAY_MS).toBe(0)
    expect(loadConfig({})).not.toHaveProperty('NODE_ENV')
  })

  it('reminds the visitor 24 h and 1 h before, the agency 1 h before, and closes online changes 60 minutes before', () => {
    const hour = 3_600_000
    const config = loadConfig({})
    expect([config.REMINDERS, config.HOST_REMINDER, config.SCHEDULE_CHANGE_NOTICE_MINUTES]).toEqual([[24 * hour, hour], [hour], 60])
    // Units d, h, m, s, combined within one duration; longest first, each once; empty for none.
    expect(loadConfig({ REMINDERS: ' 90m, 2d,1h30m ,45s ' }).REMINDERS).toEqual([2 * 24 * hour, 1.5 * hour, 45_000])
    expect(loadConfig({ REMINDERS: '', HOST_REMINDER: ' ' })).toMatchObject({ REMINDERS: [], HOST_REMINDER: [] })
    expect(loadConfig({ SCHEDULE_CHANGE_NOTICE_MINUTES: '0' }).SCHEDULE_CHANGE_NOTICE_MINUTES).toBe(0)
  })

  it('meets by video in a room of each booking’s own by default; a fixed room, phone calls and their country can be set', () => {
    const config = loadConfig({})
    expect([config.BOOKING_LOCATIONS, config.VIDEO_CALL_URL, config.BOOKING_PHONE_COUNTRY]).toEqual([['video'], 'https://meet.jit.si/{room}', 'NZ'])
    expect(loadConfig({ VIDEO_CALL_URL: ' https://meet.example.org/team-room ' }).VIDEO_CALL_URL).toBe('https://meet.example.org/team-room')
    expect(loadConfig({ BOOKING_LOCATIONS: 'video, phone', BOOKING_PHONE_COUNTRY: 'au' })).toMatchObject({ BOOKING_LOCATIONS: ['video', 'phone'], BOOKING_PHONE_COUNTRY: 'AU' })
    expect(loadConfig({ BOOKING_LOCATIONS: 'phone' }).BOOKING_LOCATIONS).toEqual(['phone'])
    // Any country's numbers unless the agency names the countries it calls.
    expect([config.BOOKING_PHONE_COUNTRIES, loadConfig({ BOOKING_PHONE_COUNTRIES: ' ' }).BOOKING_PHONE_COUNTRIES]).toEqual([[], []])
    expect(loadConfig({ BOOKING_PHONE_COUNTRIES: ' nz, AU ' }).BOOKING_PHONE_COUNTRIES).toEqual(['NZ', 'AU'])
  })

  it.each([
    [{ VIDEO_CALL_URL: 'http://meet.example.org/{room}' }, 'VIDEO_CALL_URL must be an https:// URL'],
    [{ VIDEO_CALL_URL: 'meet.jit.si/{room}' }, 'VIDEO_CALL_URL must be an https:// URL'],
    [{ VIDEO_CALL_URL: 'https://meet example.org/{room}' }, 'VIDEO_CALL_URL must be an https:// URL'],
    [{ BOOKING_LOCATIONS: 'zoom' }, 'BOOKING_LOCATIONS must be video, phone, or both'],
    [{ BOOKING_LOCATIONS: 'video,video' }, 'BOOKING_LOCATIONS must be video, phone, or both'],
    [{ BOOKING_PHONE_COUNTRY: 'NZL' }, 'BOOKING_PHONE_COUNTRY must be a two-letter country code'],
    [{ BOOKING_PHONE_COUNTRY: 'XX' }, 'BOOKING_PHONE_COUNTRY must be a two-letter country code'],
    [{ BOOKING_PHONE_COUNTRIES: 'NZ AU' }, 'BOOKING_PHONE_COUNTRIES must be two-letter country codes'],
    [{ BOOKING_PHONE_COUNTRIES: 'NZ,XX' }, 'BOOKING_PHONE_COUNTRIES must be two-letter country codes'],
    [{ BOOKING_PHONE_COUNTRIES: 'NZ,' }, 'BOOKING_PHONE_COUNTRIES must be two-letter country codes'],
  ])('stops at start naming the variable for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('asks for an emailed code past 6 bookings an hour, with at most 60 code mails an hour, by default', () => {
    const config = loadConfig({})
    expect([config.BOOKING_VERIFY, config.BOOKING_VERIFY_AFTER, config.BOOKING_VERIFY_MAILS_PER_HOUR]).toEqual(['auto', 6, 60])
    expect(loadConfig({ BOOKING_VERIFY: ' Always ' }).BOOKING_VERIFY).toBe('always')
    expect(loadConfig({ BOOKING_VERIFY: 'off', BOOKING_VERIFY_AFTER: '0' })).toMatchObject({ BOOKING_VERIFY: 'off', BOOKING_VERIFY_AFTER: 0 })
  })

  it('keeps the webhook retries in the order written, Standard Webhooks’ schedule by default, and none when empty', () => {
    expect(loadConfig({}).WEBHOOK_RETRIES).toEqual([5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 504e5, 72e6, 864e5])
    expect(loadConfig({ WEBHOOK_RETRIES: '1m, 10s,1h30m' }).WEBHOOK_RETRIES).toEqual([60_000, 10_000, 5_400_000])
    expect(loadConfig({ WEBHOOK_RETRIES: '' }).WEBHOOK_RETRIES).toEqual([])
    expect(loadConfig({}).WEBHOOK_ALLOW_PRIVATE).toBe(false)
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'TRUE' }).WEBHOOK_ALLOW_PRIVATE).toBe(true)
    expect(loadConfig({}).API_KEY).toBeUndefined()
  })

  it('reads scheduler overrides', () => {
    const config = loadConfig({
      SCHEDULE_DAYS: 'mon,wed-fri,sun',
      SCHEDULE_START: '08:30',
      SCHEDULE_END: '24:00',
      SCHEDULE_TIME_ZONE: 'Asia/Kolkata',
    })
    expect(config.SCHEDULE_DAYS).toEqual([1, 3, 4, 5, 7])
    expect([config.SCHEDULE_START, config.SCHEDULE_END]).toEqual([8 * 60 + 30, 24 * 60])
    expect(config.SCHEDULE_TIME_ZONE).toBe('Asia/Kolkata')
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 1 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ CALCOM_URL: 'cal.example.com' }, 'CALCOM_URL must be an absolute URL such as https://example.com'],
    [{ ADMIN_TOKEN: 'short' }, 'ADMIN_TOKEN must be at least 32 characters'],
    // 31 characters: 16 were once accepted.
    [{ ADMIN_TOKEN: 'a'.repeat(31) }, 'ADMIN_TOKEN must be at least 32 characters'],
    [{ VAPI_SERVER_SECRET: 'b'.repeat(31) }, 'VAPI_SERVER_SECRET must be at least 32 characters'],
    [{ API_KEY: 'c'.repeat(31) }, 'API_KEY must be at least 32 characters'],
    [{ WEBHOOK_ALLOW_PRIVATE: 'yes' }, 'WEBHOOK_ALLOW_PRIVATE must be true or false'],
    [{ WEBHOOK_RETRIES: '5s,soon' }, 'WEBHOOK_RETRIES must be at most 20 durations with units d, h, m or s'],
    [{ WEBHOOK_RETRIES: '0s' }, 'WEBHOOK_RETRIES must be at most 20 durations with units d, h, m or s'],
    [{ WEBHOOK_RETRIES: Array(21).fill('1m').join(',') }, 'WEBHOOK_RETRIES must be at most 20 durations with units d, h, m or s'],
    [{ HTTP_HEADERS_TIMEOUT_MS: '20000', HTTP_REQUEST_TIMEOUT_MS: '10000' }, 'HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS must be a whole number from 1 to 1000000'],
    [{ RATE_LIMIT_SECRET_FAILURES: '0' }, 'RATE_LIMIT_SECRET_FAILURES must be a whole number from 1 to 1000'],
    [{ RATE_LIMIT_VOICE_TOOLS: '0' }, 'RATE_LIMIT_VOICE_TOOLS must be a whole number from 1 to 10000000'],
    [{ BOOKING_HOST: '  ' }, 'BOOKING_HOST must not be empty'],
    [{ SCHEDULE_TIME_ZONE: 'Mars/Olympus' }, 'SCHEDULE_TIME_ZONE must be an IANA time zone such as Pacific/Auckland'],
    [{ SCHEDULE_DAYS: 'fri-mon' }, 'SCHEDULE_DAYS must list weekdays such as mon-fri or mon,wed,fri'],
    [{ SCHEDULE_DAYS: 'weekdays' }, 'SCHEDULE_DAYS must list weekdays such as mon-fri or mon,wed,fri'],
    [{ SCHEDULE_START: '9am' }, 'SCHEDULE_START must be a time of day such as 09:00 (00:00 to 24:00)'],
    [{ SCHEDULE_END: '24:30' }, 'SCHEDULE_END must be a time of day such as 09:00 (00:00 to 24:00)'],
    [{ SCHEDULE_START: '17:00', SCHEDULE_END: '17:10' }, 'SCHEDULE_END must be at least 15 minutes after SCHEDULE_START'],
    [{ SCHEDULE_SLOT_MINUTES: '10' }, 'SCHEDULE_SLOT_MINUTES must be a whole number from 15 to 240'],
    [{ SCHEDULE_MIN_NOTICE_MINUTES: '-5' }, 'SCHEDULE_MIN_NOTICE_MINUTES must be a whole number from 0 to 43200'],
    [{ SCHEDULE_DAYS_AHEAD: '0' }, 'SCHEDULE_DAYS_AHEAD must be a whole number from 1 to 366'],
    [{ CALCOM_TIMEOUT_MS: 'soon' }, 'CALCOM_TIMEOUT_MS must be a whole number from 1 to 120000'],
    [{ RATE_LIMIT_BOOKINGS: '0' }, 'RATE_LIMIT_BOOKINGS must be a whole number from 1 to 10000000'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be false or a list of proxy addresses or CIDR ranges'],
    // 'true' trusted any peer's X-Forwarded-For: now the proxies must be named.
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be false or a list of proxy addresses or CIDR ranges'],
    [{ TRUST_PROXY: '127.0.0.1,10.0.0.0/33' }, 'TRUST_PROXY must be false or a list of proxy addresses or CIDR ranges'],
    [{ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ MAIL_FROM: 'bookings' }, 'MAIL_FROM must be an email address'],
    [{ MAIL_FROM: 'a@example.com, b@example.com' }, 'MAIL_FROM must be an email address'],
    [{ HOST_EMAIL: 'team at example' }, 'HOST_EMAIL must be an email address'],
    [{ PUBLIC_URL: 'example.com' }, 'PUBLIC_URL must be an absolute URL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL must be an http:// or https:// URL'],
    [{ MAX_UPCOMING_PER_EMAIL: '0' }, 'MAX_UPCOMING_PER_EMAIL must be a whole number from 1 to 1000'],
    [{ RATE_LIMIT_BOOKINGS_PER_DAY: 'lots' }, 'RATE_LIMIT_BOOKINGS_PER_DAY must be a whole number from 1 to 10000000'],
    [{ REMINDERS: '24' }, 'REMINDERS must be durations before the call with units d, h, m or s'],
    [{ REMINDERS: '24h,soon' }, 'REMINDERS must be durations before the call with units d, h, m or s'],
    [{ REMINDERS: '0m' }, 'REMINDERS must be durations before the call with units d, h, m or s'],
    [{ REMINDERS: '1m1h' }, 'REMINDERS must be durations before the call with units d, h, m or s'],
    [{ REMINDERS: '400d' }, 'REMINDERS must be durations before the call with units d, h, m or s'],
    [{ HOST_REMINDER: '-1h' }, 'HOST_REMINDER must be one duration before the call with a unit d, h, m or s, such as 1h, or empty for none'],
    [{ HOST_REMINDER: '2h,1h' }, 'HOST_REMINDER must be one duration before the call with a unit d, h, m or s, such as 1h, or empty for none'],
    [{ SCHEDULE_CHANGE_NOTICE_MINUTES: 'an hour' }, 'SCHEDULE_CHANGE_NOTICE_MINUTES must be a whole number from 0 to 43200'],
    [{ BOOKING_VERIFY: 'sometimes' }, 'BOOKING_VERIFY must be auto, always or off'],
    [{ BOOKING_VERIFY_AFTER: '-1' }, 'BOOKING_VERIFY_AFTER must be a whole number from 0 to 100000'],
    [{ BOOKING_VERIFY_MAILS_PER_HOUR: '0' }, 'BOOKING_VERIFY_MAILS_PER_HOUR must be a whole number from 1 to 1000000'],
    [{ SHUTDOWN_DELAY_MS: '-1' }, 'SHUTDOWN_DELAY_MS must be a whole number from 0 to 599900'],
    [{ SHUTDOWN_TIMEOUT_MS: '1500' }, 'SHUTDOWN_DELAY_MS must be less than SHUTDOWN_TIMEOUT_MS'],
    [{ SHUTDOWN_DELAY_MS: '5000', SHUTDOWN_TIMEOUT_MS: '5000' }, 'SHUTDOWN_DELAY_MS must be less than SHUTDOWN_TIMEOUT_MS'],
  ])('stops with a message naming the variable for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('documents every setting in .env.example with its default', () => {
    const text = readFileSync(join(import.meta.dirname, '../../.env.example'), 'utf8')
    const documented = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
    const defaults = loadConfig({})
    // The voice settings are documented with the voice widget's work.
    const keys = Object.keys(defaults).filter((key) => !key.startsWith('VITE_VAPI_'))
    for (const key of keys) expect(documented, `${key} in .env.example`).toHaveProperty(key)
    const fromExample = loadConfig(documented) as Record<string, unknown>
    for (const key of keys) expect(fromExample[key], key).toEqual(defaults[key as keyof typeof defaults])
  })
})
