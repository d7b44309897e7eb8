import addressparser from 'nodemailer/lib/addressparser'
import * as v from 'valibot'
import { GUESTS_MAX } from '../core/bookingFields'
import { BOOKING_LENGTH_MINUTES, isValidTimeZone } from '../core/bookingWire'
import { bookingSettingsEntries, ConfigError, envInt, envText, envUrl, parseSettings, type Env } from '../core/settings'
import { parseTrustedProxies, type TrustedProxies } from './settings/trustedProxies'
import { parseHolidayCode } from './settings/holidayCode'
import { DEFAULT_VIDEO_CALL_URL, ROOM_PLACEHOLDER } from './settings/videoCallUrl'
import { LOG_LEVELS } from './log/logger'
import { parseDurations } from './settings/reminderDurations'
import { DEFAULT_WEBHOOK_RETRIES, MAX_WEBHOOK_RETRIES, parseRetries } from './settings/webhookRetries'

export { ConfigError }

/** The voice platform's API (VAPI_API_URL when unset). */
export const DEFAULT_VAPI_API_URL = 'https://api.vapi.ai'

/** SHUTDOWN_DELAY_MS when unset, but with NODE_ENV=development (0 there). */
export const DEFAULT_SHUTDOWN_DELAY_MS = 2000

/** `09:00`, `17:30`; `24:00` is the end of the day. Minutes since midnight. */
const timeOfDay = (name: string, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform((s) => s.trim()),
    v.check((s) => /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(s), `${name} must be a time of day such as 09:00 (00:00 to 24:00)`),
    v.transform((s) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5))),
  )

const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const

/** `mon-fri`, `mon,wed,fri`, `mon-sun`: ISO weekday numbers (1 = Monday). */
function parseWeekdays(text: string): number[] | undefined {
  const days = new Set<number>()
  for (const part of text.toLowerCase().split(',').map((p) => p.trim())) {
    const [from, to, ...rest] = part.split('-').map((p) => WEEKDAY_NAMES.indexOf(p as (typeof WEEKDAY_NAMES)[number]) + 1)
    if (rest.length > 0 || !from) return undefined
    if (to === undefined) days.add(from)
    else if (!to || to < from) return undefined
    else for (let d = from; d <= to; d++) days.add(d)
  }
  return [...days].sort((a, b) => a - b)
}

/** One mailbox, `Name <address@domain>` or `address@domain`, as nodemailer reads it. */
function parseMailbox(text: string): { name: string; address: string } | undefined {
  const parsed = addressparser(text, { flatten: true })
  const only = parsed.length === 1 ? parsed[0] : undefined
  if (!only || !/^[^\s@<>]+@[^\s@<>]+$/.test(only.address ?? '')) return undefined
  return { name: only.name ?? '', address: only.address }
}

/** A list of durations before a call (REMINDERS, HOST_REMINDER): milliseconds, longest first; empty for none. */
const durations = (name: string, fallback: string, options: { example: string; most?: number }) => {
  const what =
    options.most === 1
      ? `${name} must be one duration before the call with a unit d, h, m or s, such as ${options.example}, or empty for none`
      : `${name} must be durations before the call with units d, h, m or s, separated by commas, such as ${options.example}, or empty for none`
  return v.pipe(
    v.optional(v.string(), fallback),
    v.transform(parseDurations),
    v.check((list) => list !== undefined && list.length <= (options.most ?? Infinity), what),
    v.transform((list) => list as number[]),
  )
}

const mailbox = (name: string, fallback: string, example: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform((s) => s.trim()),
    v.transform((s) => (s === '' ? undefined : parseMailbox(s))),
    v.check((box) => box !== undefined, `${name} must be an email address such as ${example}`),
    v.transform((box) => box as { name: string; address: string }),
  )

/** A comma-separated setting's entries, trimmed, empty ones dropped. */
const commaList = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) =>
    s
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
)

/** Secrets (ADMIN_TOKEN, VAPI_SERVER_SECRET, API_KEY) are at least this long: 32 random characters cannot be guessed. */
export const MIN_SECRET_LENGTH = 32

const EnvSchema = v.object({
  PORT: envInt('PORT', 1, 65535, 3000),
  HOST: envText('HOST', '0.0.0.0'),
  DATA_DIR: envText('DATA_DIR', './data'),
  /** Where `npm run build` wrote the site. */
  DIST_DIR: envText('DIST_DIR', './dist'),
  DATABASE_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || /^postgres(ql)?:\/\//.test(s), 'DATABASE_URL must start with postgres:// or postgresql://'),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /** PostgreSQL pool: connections, and how long to wait for a connection, a statement, an idle connection. */
  DATABASE_POOL_SIZE: envInt('DATABASE_POOL_SIZE', 1, 1000, 10),
  DATABASE_CONNECT_TIMEOUT_MS: envInt('DATABASE_CONNECT_TIMEOUT_MS', 100, 600_000, 5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: envInt('DATABASE_STATEMENT_TIMEOUT_MS', 100, 3_600_000, 10_000),
  DATABASE_IDLE_TIMEOUT_MS: envInt('DATABASE_IDLE_TIMEOUT_MS', 100, 3_600_000, 30_000),
  /** Slow and many clients (server/limits/httpLimits.ts): 408 past the first two, idle connections closed, a cap. */
  HTTP_HEADERS_TIMEOUT_MS: envInt('HTTP_HEADERS_TIMEOUT_MS', 100, 600_000, 10_000),
  HTTP_REQUEST_TIMEOUT_MS: envInt('HTTP_REQUEST_TIMEOUT_MS', 100, 3_600_000, 20_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: envInt('HTTP_KEEP_ALIVE_TIMEOUT_MS', 100, 600_000, 5_000),
  MAX_CONNECTIONS: envInt('MAX_CONNECTIONS', 1, 1_000_000, 1_000),
  /** On SIGTERM/SIGINT: how long in-flight requests, workers and the database get before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: envInt('SHUTDOWN_TIMEOUT_MS', 100, 600_000, 10_000),
  /**
   * On SIGTERM: how long the server still accepts and answers, with /readyz at 503, before it closes its
   * listener (so a load balancer stops sending first). Unset: 2000, or 0 with NODE_ENV=development.
   */
  SHUTDOWN_DELAY_MS: v.optional(envInt('SHUTDOWN_DELAY_MS', 0, 599_900, 0)),
  /** `development` makes SHUTDOWN_DELAY_MS 0 by default. */
  NODE_ENV: v.optional(v.string(), ''),
  LOG_LEVEL: v.pipe(
    v.optional(v.string(), 'info'),
    v.transform((s) => s.trim().toLowerCase()),
    v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`),
  ),
  CALCOM_URL: envUrl('CALCOM_URL'),
  /** How long to wait for Cal.com before answering 502. */
  CALCOM_TIMEOUT_MS: envInt('CALCOM_TIMEOUT_MS', 1, 120_000, 10_000),
  ADMIN_TOKEN: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || s.length >= MIN_SECRET_LENGTH, `ADMIN_TOKEN must be at least ${MIN_SECRET_LENGTH} characters`),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /**
   * The voice platform's shared secret for POST /api/voice/tools (sent as `x-vapi-secret` or as a bearer
   * token); the route is off (404) when empty.
   */
  VAPI_SERVER_SECRET: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || s.length >= MIN_SECRET_LENGTH, `VAPI_SERVER_SECRET must be at least ${MIN_SECRET_LENGTH} characters`),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /**
   * `npm run assistant` only (docs/voice-assistant.md): the platform's private API key, which may create and
   * change its assistants, tools and credentials (a secret: never printed), and the address of its API.
   */
  VAPI_PRIVATE_KEY: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  VAPI_API_URL: v.pipe(
    envUrl('VAPI_API_URL'),
    v.check((s) => s === undefined || /^https?:\/\//.test(s), 'VAPI_API_URL must be an http:// or https:// URL such as https://api.vapi.ai'),
    v.transform((s) => s ?? DEFAULT_VAPI_API_URL),
  ),
  /**
   * The key automation tools send as `Authorization: Bearer` to Cal.com's API v2 under /v2 (docs/webhooks.md);
   * the /v2 routes are off (404) when empty.
   */
  API_KEY: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || s.length >= MIN_SECRET_LENGTH, `API_KEY must be at least ${MIN_SECRET_LENGTH} characters`),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /** Webhook subscribers on loopback, private or link-local addresses (a self-hosted n8n beside the site): refused unless true. */
  WEBHOOK_ALLOW_PRIVATE: v.pipe(
    v.optional(v.string(), 'false'),
    v.transform((s) => s.trim().toLowerCase()),
    v.picklist(['true', 'false', ''], 'WEBHOOK_ALLOW_PRIVATE must be true or false'),
    v.transform((s) => s === 'true'),
  ),
  /** How long after each failed delivery the next try goes (Standard Webhooks' schedule by default); then it gives up. */
  WEBHOOK_RETRIES: v.pipe(
    v.optional(v.string(), DEFAULT_WEBHOOK_RETRIES),
    v.transform(parseRetries),
    v.check(
      (list) => list !== undefined,
      `WEBHOOK_RETRIES must be at most ${MAX_WEBHOOK_RETRIES} durations with units d, h, m or s, separated by commas, such as ${DEFAULT_WEBHOOK_RETRIES}, or empty for no retries`,
    ),
    v.transform((list) => list as number[]),
  ),
  /** Shared with the browser build: the host handle sent as `user` and `usernameList`, the event type. */
  ...bookingSettingsEntries,
  /** The built-in scheduler: the host's availability (docs/design.md#server). */
  SCHEDULE_TIME_ZONE: v.pipe(
    v.optional(v.string(), 'Pacific/Auckland'),
    v.transform((s) => s.trim()),
    v.check(isValidTimeZone, 'SCHEDULE_TIME_ZONE must be an IANA time zone such as Pacific/Auckland'),
  ),
  SCHEDULE_DAYS: v.pipe(
    v.optional(v.string(), 'mon-fri'),
    v.transform((s) => parseWeekdays(s.trim())),
    v.check((days) => days !== undefined, 'SCHEDULE_DAYS must list weekdays such as mon-fri or mon,wed,fri'),
    v.transform((days) => days as number[]),
  ),
  SCHEDULE_START: timeOfDay('SCHEDULE_START', '09:00'),
  SCHEDULE_END: timeOfDay('SCHEDULE_END', '17:00'),
  SCHEDULE_SLOT_MINUTES: envInt('SCHEDULE_SLOT_MINUTES', BOOKING_LENGTH_MINUTES, 240, BOOKING_LENGTH_MINUTES),
  SCHEDULE_MIN_NOTICE_MINUTES: envInt('SCHEDULE_MIN_NOTICE_MINUTES', 0, 60 * 24 * 30, 120),
  SCHEDULE_DAYS_AHEAD: envInt('SCHEDULE_DAYS_AHEAD', 1, 366, 60),
  /** The host's calendars: public holidays, free time around every busy time, a daily cap. */
  SCHEDULE_HOLIDAYS: v.pipe(
    v.optional(v.string(), 'NZ-AUK'),
    v.transform((s) => s.trim().toUpperCase()),
    v.check((s) => s === '' || parseHolidayCode(s) !== undefined, 'SCHEDULE_HOLIDAYS must be a country or country-region code such as NZ-AUK, AU-NSW or GB, or empty for none'),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  SCHEDULE_BUFFER_BEFORE_MINUTES: envInt('SCHEDULE_BUFFER_BEFORE_MINUTES', 0, 720, 0),
  SCHEDULE_BUFFER_AFTER_MINUTES: envInt('SCHEDULE_BUFFER_AFTER_MINUTES', 0, 720, 0),
  SCHEDULE_MAX_CALLS_PER_DAY: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || (/^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= 1000), 'SCHEDULE_MAX_CALLS_PER_DAY must be a whole number from 1 to 1000, or empty for no limit'),
    v.transform((s) => (s === '' ? undefined : Number(s))),
  ),
  /**
   * The host's calendar feeds: iCalendar URLs, comma-separated (https://, http://, webcal://).
   * Secrets: never logged; printed masked.
   */
  HOST_CALENDAR_URLS: v.pipe(
    commaList,
    v.check(
      (urls) => urls.every((url) => /^(https?|webcal):\/\/[^/?#\s]+/i.test(url) && URL.canParse(url)),
      'HOST_CALENDAR_URLS must be iCalendar feed addresses (https://, http:// or webcal://), separated by commas',
    ),
  ),
  HOST_CALENDAR_REFRESH_SECONDS: envInt('HOST_CALENDAR_REFRESH_SECONDS', 10, 86_400, 300),
  /**
   * The host's CalDAV account: busy times from every calendar, and every booking written into
   * CALDAV_CALENDAR (by display name; default the first calendar that holds events). The password is a secret.
   */
  CALDAV_URL: v.pipe(
    envUrl('CALDAV_URL'),
    v.check((s) => s === undefined || /^https?:\/\//.test(s), 'CALDAV_URL must be an http:// or https:// URL such as https://caldav.fastmail.com/'),
  ),
  CALDAV_USERNAME: v.pipe(v.optional(v.string(), ''), v.transform((s) => s.trim())),
  CALDAV_PASSWORD: v.optional(v.string(), ''),
  CALDAV_CALENDAR: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /** How long a source's last good copy is used while it cannot be read; past that its days have no slots. */
  HOST_CALENDAR_MAX_STALE_HOURS: envInt('HOST_CALENDAR_MAX_STALE_HOURS', 1, 24 * 30, 24),
  /** How long one source's text may take to expand in the calendar worker (docs/calendars.md#limits); past it the read fails. */
  HOST_CALENDAR_PARSE_TIMEOUT_MS: envInt('HOST_CALENDAR_PARSE_TIMEOUT_MS', 100, 600_000, 10_000),
  /** Requests per address per window on each booking route. */
  RATE_LIMIT_WINDOW_SECONDS: envInt('RATE_LIMIT_WINDOW_SECONDS', 1, 86_400, 60),
  RATE_LIMIT_SLOTS: envInt('RATE_LIMIT_SLOTS', 1, 10_000_000, 120),
  RATE_LIMIT_BOOKINGS: envInt('RATE_LIMIT_BOOKINGS', 1, 10_000_000, 10),
  /** Wrong secrets (voice tools, admin token, API key) per address per window; past them, 429 before any comparison. */
  RATE_LIMIT_SECRET_FAILURES: envInt('RATE_LIMIT_SECRET_FAILURES', 1, 1000, 5),
  /** The voice platform calls from a few addresses for every caller: its own, higher limit. */
  RATE_LIMIT_VOICE_TOOLS: envInt('RATE_LIMIT_VOICE_TOOLS', 1, 10_000_000, 120),
  /**
   * The reverse proxies in front of the server (addresses or CIDR ranges): only from them is
   * X-Forwarded-For read (server/settings/trustedProxies.ts). None by default.
   */
  TRUST_PROXY: v.pipe(
    v.optional(v.string(), 'false'),
    v.transform(parseTrustedProxies),
    v.check(
      (proxies) => proxies !== undefined,
      'TRUST_PROXY must be false or a list of proxy addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8',
    ),
    v.transform((proxies) => proxies as TrustedProxies),
  ),
  /** Mail: SMTP server with credentials in the URL; unset: every message is an .eml in DATA_DIR/outbox. */
  SMTP_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check(
      (s) => s === '' || (/^smtps?:\/\/[^/?#]+/i.test(s) && URL.canParse(s)),
      'SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465',
    ),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /** The sender of every message. */
  MAIL_FROM: mailbox('MAIL_FROM', 'Kiwi Automate <bookings@localhost>', 'Kiwi Automate <bookings@example.com>'),
  /** Where the agency is told of bookings, reschedules and cancellations; unset: those notices only go to the outbox folder. */
  HOST_EMAIL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || parseMailbox(s) !== undefined, 'HOST_EMAIL must be an email address such as team@example.com'),
    v.transform((s) => (s === '' ? undefined : (parseMailbox(s) as { name: string; address: string }).address)),
  ),
  /**
   * Where a video call happens: `{room}` is replaced with a room of the booking's own (server/calendar/callLocation.ts);
   * without it, the host's fixed room. Only https: the link goes into every email and invite.
   */
  VIDEO_CALL_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => (s.trim() === '' ? DEFAULT_VIDEO_CALL_URL : s.trim())),
    v.check(
      (s) => /^https:\/\/[^/?#\s]+/i.test(s) && !/\s/.test(s) && URL.canParse(s.replaceAll(ROOM_PLACEHOLDER, 'room')),
      'VIDEO_CALL_URL must be an https:// URL such as https://meet.jit.si/{room} ({room} becomes a room of the booking\'s own) or a fixed room such as https://meet.google.com/abc-defg-hij',
    ),
  ),
  /** The host's name as visitors read it in emails and messages. */
  BOOKING_HOST_NAME: envText('BOOKING_HOST_NAME', 'Kiwi Automate'),
  /** The absolute base of links in emails; unset: http://localhost:{PORT}. */
  PUBLIC_URL: v.pipe(
    envUrl('PUBLIC_URL'),
    v.check((s) => s === undefined || /^https?:\/\//.test(s), 'PUBLIC_URL must be an http:// or https:// URL such as https://example.com'),
  ),
  /** Reminders: before the call, to the visitor at each of REMINDERS and to the agency at HOST_REMINDER. */
  REMINDERS: durations('REMINDERS', '24h,1h', { example: '24h,1h' }),
  HOST_REMINDER: durations('HOST_REMINDER', '1h', { example: '1h', most: 1 }),
  /** Closer than this to its start a call can no longer be cancelled or moved online; 0: until it starts. */
  SCHEDULE_CHANGE_NOTICE_MINUTES: envInt('SCHEDULE_CHANGE_NOTICE_MINUTES', 0, 60 * 24 * 30, 60),
  /** At most this many upcoming active bookings per email address. */
  MAX_UPCOMING_PER_EMAIL: envInt('MAX_UPCOMING_PER_EMAIL', 1, 1000, 2),
  /**
   * At most this much per client address (IPv6: per /64) in 24 hours: each booking, reschedule and
   * cancellation counts 1, and 1 more for each of its guests.
   */
  RATE_LIMIT_BOOKINGS_PER_DAY: envInt('RATE_LIMIT_BOOKINGS_PER_DAY', 1, 10_000_000, 20),
  /** Guests a booking may name (the site's own forms name none): each gets an invite of their own. */
  BOOKING_MAX_GUESTS: envInt('BOOKING_MAX_GUESTS', 0, GUESTS_MAX, 0),
  /**
   * Floods (docs/design.md#email-codes): `auto` asks for an emailed code once the last hour holds
   * BOOKING_VERIFY_AFTER bookings made on the web, `always` asks every time, `off` never.
   */
  BOOKING_VERIFY: v.pipe(
    v.optional(v.string(), 'auto'),
    v.transform((s) => (s.trim() === '' ? 'auto' : s.trim().toLowerCase())),
    v.picklist(['auto', 'always', 'off'], 'BOOKING_VERIFY must be auto, always or off'),
  ),
  BOOKING_VERIFY_AFTER: envInt('BOOKING_VERIFY_AFTER', 0, 100_000, 6),
  /** Code mails the whole site sends in an hour at most: past it a booking that needs a code is refused (429). */
  BOOKING_VERIFY_MAILS_PER_HOUR: envInt('BOOKING_VERIFY_MAILS_PER_HOUR', 1, 1_000_000, 60),
  /**
   * The proof of work before a code email (docs/email-codes.md#proof-of-work): the tries a browser makes for it on
   * average in a quiet hour, each 1,000 rounds of PBKDF2; up to 4 times as many as the hour's code emails run out.
   */
  BOOKING_VERIFY_PROOF_TRIES: envInt('BOOKING_VERIFY_PROOF_TRIES', 1, 1_000_000, 300),
  /**
   * The addresses that may sign in to the desk (docs/desk.md), comma-separated; unset: HOST_EMAIL's. With neither,
   * the desk is not set up. Compared as server/limits/keys.ts's emailKey spells them.
   */
  DESK_EMAILS: v.pipe(
    commaList,
    v.check(
      (list) => list.every((text) => parseMailbox(text) !== undefined),
      'DESK_EMAILS must be email addresses separated by commas, such as owner@example.com,team@example.com',
    ),
    v.transform((list) => list.map((text) => (parseMailbox(text) as { name: string; address: string }).address)),
  ),
  /** Desk sign-in mails the whole site sends in an hour at most: past it a request still answers the same, unmailed. */
  DESK_LINK_MAILS_PER_HOUR: envInt('DESK_LINK_MAILS_PER_HOUR', 1, 100_000, 20),
  /** How many times one booking may be moved; then it can only be cancelled. */
  MAX_RESCHEDULES_PER_BOOKING: envInt('MAX_RESCHEDULES_PER_BOOKING', 0, 100, 3),
  VITE_EXTERNAL_SCRIPT_URL: envUrl('VITE_EXTERNAL_SCRIPT_URL'),
  /** Where the browser's booking form calls the calendar API, when not this server (CSP connect-src). */
  VITE_CALENDAR_API_BASE: envUrl('VITE_CALENDAR_API_BASE'),
  VITE_VAPI_PUBLIC_KEY: v.optional(v.string(), ''),
  VITE_VAPI_ASSISTANT_ID: v.optional(v.string(), ''),
  VITE_VAPI_BASE_URL: envUrl('VITE_VAPI_BASE_URL'),
})

const ConfigSchema = v.pipe(
  EnvSchema,
  v.forward(
    v.check(
      (env) => env.SCHEDULE_START + BOOKING_LENGTH_MINUTES <= env.SCHEDULE_END,
      `SCHEDULE_END must be at least ${BOOKING_LENGTH_MINUTES} minutes after SCHEDULE_START`,
    ),
    ['SCHEDULE_END'],
  ),
  v.forward(
    v.check(
      (env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS,
      'HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS (the headers are part of the request)',
    ),
    ['HTTP_REQUEST_TIMEOUT_MS'],
  ),
  v.forward(
    v.check(
      (env) => env.CALDAV_URL === undefined || (env.CALDAV_USERNAME !== '' && env.CALDAV_PASSWORD !== ''),
      'CALDAV_USERNAME and CALDAV_PASSWORD must be set with CALDAV_URL',
    ),
    ['CALDAV_USERNAME'],
  ),
  // NODE_ENV only chooses a default here; it is not a setting of its own.
  v.transform(({ NODE_ENV, ...env }) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    DESK_EMAILS: env.DESK_EMAILS.length > 0 ? env.DESK_EMAILS : env.HOST_EMAIL ? [env.HOST_EMAIL] : [],
    SHUTDOWN_DELAY_MS: env.SHUTDOWN_DELAY_MS ?? (NODE_ENV.trim() === 'development' ? 0 : DEFAULT_SHUTDOWN_DELAY_MS),
  })),
  // The deadline counts from the signal: the delay must leave time to drain.
  v.forward(
    v.check(
      (env) => env.SHUTDOWN_DELAY_MS < env.SHUTDOWN_TIMEOUT_MS,
      'SHUTDOWN_DELAY_MS must be less than SHUTDOWN_TIMEOUT_MS (the deadline counts from the signal, the delay included)',
    ),
    ['SHUTDOWN_DELAY_MS'],
  ),
)

export type ServerConfig = v.InferOutput<typeof ConfigSchema>

export function loadConfig(env: Env = process.env): ServerConfig {
  return parseSettings(ConfigSchema, env)
}
