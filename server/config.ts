import * as v from 'valibot'
import { BOOKING_DEFAULTS } from '../src/lib/bookingWire'

/** Thrown when a setting is wrong: the server stops at start with this message (DESIGN §7). */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const intIn = (name: string, min: number, max: number, fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((s) => s.trim()),
    v.check((s) => /^\d+$/.test(s), `${name} must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.check((n) => n >= min && n <= max, `${name} must be a whole number from ${min} to ${max}`),
  )

const optionalUrl = (name: string) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || URL.canParse(s), `${name} must be an absolute URL such as https://example.com`),
    v.transform((s) => (s === '' ? undefined : s.replace(/\/+$/, ''))),
  )

const nonEmpty = (name: string, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform((s) => s.trim()),
    v.check((s) => s.length > 0, `${name} must not be empty`),
  )

const EnvSchema = v.object({
  PORT: intIn('PORT', 1, 65535, 3000),
  HOST: nonEmpty('HOST', '0.0.0.0'),
  DATA_DIR: nonEmpty('DATA_DIR', './data'),
  /** Where `npm run build` wrote the site. */
  DIST_DIR: nonEmpty('DIST_DIR', './dist'),
  DATABASE_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || /^postgres(ql)?:\/\//.test(s), 'DATABASE_URL must start with postgres:// or postgresql://'),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  CALCOM_URL: optionalUrl('CALCOM_URL'),
  ADMIN_TOKEN: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || s.length >= 16, 'ADMIN_TOKEN must be at least 16 characters'),
    v.transform((s) => (s === '' ? undefined : s)),
  ),
  /** Shared with the browser build: the host handle sent as `user` and `usernameList`. */
  BOOKING_HOST: nonEmpty('BOOKING_HOST', BOOKING_DEFAULTS.host),
  BOOKING_EVENT_TYPE_ID: intIn('BOOKING_EVENT_TYPE_ID', 1, 2_147_483_647, BOOKING_DEFAULTS.eventTypeId),
  BOOKING_EVENT_TYPE_SLUG: nonEmpty('BOOKING_EVENT_TYPE_SLUG', BOOKING_DEFAULTS.eventTypeSlug),
  VITE_EXTERNAL_SCRIPT_URL: optionalUrl('VITE_EXTERNAL_SCRIPT_URL'),
  VITE_VAPI_PUBLIC_KEY: v.optional(v.string(), ''),
  VITE_VAPI_ASSISTANT_ID: v.optional(v.string(), ''),
  VITE_VAPI_BASE_URL: optionalUrl('VITE_VAPI_BASE_URL'),
})

export type ServerConfig = v.InferOutput<typeof EnvSchema>

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const result = v.safeParse(EnvSchema, env)
  if (result.success) return result.output
  const lines = result.issues.map((issue) => {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'configuration'
    return `- ${key}: ${issue.message}`
  })
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
}
