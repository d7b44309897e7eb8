import * as v from 'valibot'
import { BOOKING_LENGTH_MINUTES, isValidTimeZone } from '../core/bookingWire'
import { bookingSettingsEntries, ConfigError, envInt, envText, envUrl, parseSettings, type Env } from '../core/settings'

export { ConfigError }


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

const boolean = (name: string, fallback: boolean) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((s) => s.trim().toLowerCase()),
    v.check((s) => ['true', 'false', '1', '0', ''].includes(s), `${name} must be true or false`),
    v.transform((s) => s === 'true' || s === '1'),
  )

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
  CALCOM_URL: envUrl('CALCOM_URL'),
  /** How long to wait for Cal.com before answering 502. */
  CALCOM_TIMEOUT_MS: envInt('CALCOM_TIMEOUT_MS', 1, 120_000, 10_000),
  ADMIN_TOKEN: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || s.length >= 16, 'ADMIN_TOKEN must be at least 16 characters'),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /**
   * The voice platform's shared secret for POST /api/voice/tools (sent as `x-vapi-secret` or as a bearer
   * token); the route is off (404) when empty.
   */
  VAPI_SERVER_SECRET: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || s.length >= 16, 'VAPI_SERVER_SECRET must be at least 16 characters'),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /** Shared with the browser build: the host handle sent as `user` and `usernameList`, the event type. */
  ...bookingSettingsEntries,
  /** The built-in scheduler: the host's availability (DESIGN §4). */
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
  /** Requests per address per window on each booking route. */
  RATE_LIMIT_WINDOW_SECONDS: envInt('RATE_LIMIT_WINDOW_SECONDS', 1, 86_400, 60),
  RATE_LIMIT_SLOTS: envInt('RATE_LIMIT_SLOTS', 1, 10_000_000, 120),
  RATE_LIMIT_BOOKINGS: envInt('RATE_LIMIT_BOOKINGS', 1, 10_000_000, 10),
  /** The voice platform calls from a few addresses for every caller: its own, higher limit. */
  RATE_LIMIT_VOICE_TOOLS: envInt('RATE_LIMIT_VOICE_TOOLS', 1, 10_000_000, 120),
  /** Behind a reverse proxy: take the client address from the last X-Forwarded-For entry. */
  TRUST_PROXY: boolean('TRUST_PROXY', false),
  VITE_EXTERNAL_SCRIPT_URL: envUrl('VITE_EXTERNAL_SCRIPT_URL'),
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
)

export type ServerConfig = v.InferOutput<typeof EnvSchema>

export function loadConfig(env: Env = process.env): ServerConfig {
  return parseSettings(ConfigSchema, env)
}
