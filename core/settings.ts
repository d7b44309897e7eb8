/**
 * Settings read from the environment, checked with valibot (docs/design.md#configuration): the helpers every setting
 * uses, and the booking settings that the browser build and the server both read, defined once.
 */
import * as v from 'valibot'
// With its extension: vite.config.ts loads this file too.
import { BOOKING_DEFAULTS, BROWSER_DEFAULTS, CALL_KINDS, type BookingSettings, type BrowserSettings, type CallKind } from './browserSettings.ts'
import { isPhoneCountry } from './phone.ts'

export { BOOKING_DEFAULTS }

/** A wrong setting: the server stops at start, the build fails, with this message naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export type Env = Record<string, string | undefined>

/** A whole number in [min, max]; unset means `fallback`. */
export const envInt = (name: string, min: number, max: number, fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform((s) => s.trim()),
    v.check((s) => /^\d+$/.test(s), `${name} must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.check((n) => n >= min && n <= max, `${name} must be a whole number from ${min} to ${max}`),
  )

/** Non-empty text after trimming; unset means `fallback`. */
export const envText = (name: string, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform((s) => s.trim()),
    v.check((s) => s.length > 0, `${name} must not be empty`),
  )

/** An absolute URL without trailing slashes, or undefined when unset or empty. */
export const envUrl = (name: string) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || URL.canParse(s), `${name} must be an absolute URL such as https://example.com`),
    v.transform((s) => (s === '' ? undefined : s.replace(/\/+$/, ''))),
  )

/** `video`, `phone` or both, comma-separated, each once; the first is the form's preselected choice. */
function parseLocations(text: string): CallKind[] | undefined {
  const kinds = text.split(',').map((part) => part.trim().toLowerCase())
  if (!kinds.every((kind): kind is CallKind => (CALL_KINDS as readonly string[]).includes(kind))) return undefined
  return new Set(kinds).size === kinds.length ? kinds : undefined
}

/**
 * The host handle (sent as `user` and `usernameList`), the event type and how calls happen: one setting each,
 * for both sides (the form offers the locations the server accepts).
 */
export const bookingSettingsEntries = {
  BOOKING_HOST: envText('BOOKING_HOST', BOOKING_DEFAULTS.host),
  BOOKING_EVENT_TYPE_ID: envInt('BOOKING_EVENT_TYPE_ID', 1, 2_147_483_647, BOOKING_DEFAULTS.eventTypeId),
  BOOKING_EVENT_TYPE_SLUG: envText('BOOKING_EVENT_TYPE_SLUG', BOOKING_DEFAULTS.eventTypeSlug),
  BOOKING_LOCATIONS: v.pipe(
    v.optional(v.string(), 'video'),
    v.transform((s) => parseLocations(s.trim() === '' ? 'video' : s)),
    v.check((kinds) => kinds !== undefined, 'BOOKING_LOCATIONS must be video, phone, or both separated by a comma such as video,phone'),
    v.transform((kinds) => kinds as CallKind[]),
  ),
  BOOKING_PHONE_COUNTRY: v.pipe(
    v.optional(v.string(), 'NZ'),
    v.transform((s) => (s.trim() === '' ? 'NZ' : s.trim().toUpperCase())),
    v.check((s) => /^[A-Z]{2}$/.test(s) && isPhoneCountry(s), 'BOOKING_PHONE_COUNTRY must be a two-letter country code such as NZ, AU or GB'),
  ),
  /** The only countries whose numbers the agency calls; unset or empty: any country's. */
  BOOKING_PHONE_COUNTRIES: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => (s.trim() === '' ? [] : s.split(',').map((code) => code.trim().toUpperCase()))),
    v.check(
      (codes) => codes.every((code) => /^[A-Z]{2}$/.test(code) && isPhoneCountry(code)),
      'BOOKING_PHONE_COUNTRIES must be two-letter country codes separated by commas such as NZ,AU, or empty for any country',
    ),
  ),
}

/** In a build's folder (DIST_DIR): the shared settings it baked in, written by scripts/build.ts, checked by the server at start. */
export const BUILT_SETTINGS_FILE = 'build-settings.json'

/** The settings both sides read, by variable, as checked: what a build bakes in and a server must agree with. */
export type SharedBookingSettings = { [K in keyof typeof bookingSettingsEntries]: v.InferOutput<(typeof bookingSettingsEntries)[K]> }

/** The field of the browser's booking settings that each shared variable sets (a new shared setting needs its line). */
const SHARED_BOOKING_FIELDS = {
  BOOKING_HOST: 'host',
  BOOKING_EVENT_TYPE_ID: 'eventTypeId',
  BOOKING_EVENT_TYPE_SLUG: 'eventTypeSlug',
  BOOKING_LOCATIONS: 'locations',
  BOOKING_PHONE_COUNTRY: 'phoneCountry',
  BOOKING_PHONE_COUNTRIES: 'phoneCountries',
} as const satisfies { [K in keyof SharedBookingSettings]: keyof BookingSettings }

/** The shared variables' values that the browser's booking settings hold (a build's, src/config.ts). */
export function sharedBookingSettings(booking: BookingSettings): SharedBookingSettings {
  const entries = Object.entries(SHARED_BOOKING_FIELDS).map(([variable, field]) => [variable, booking[field]])
  return Object.fromEntries(entries) as SharedBookingSettings
}

/** A shared value as a person sets it: `video,phone`, `7`. */
export const settingText = (value: SharedBookingSettings[keyof SharedBookingSettings]): string =>
  Array.isArray(value) ? value.join(',') : String(value)

/** The shared variables whose values differ between a build and a server, in the order they are defined. */
export function differingSharedSettings(built: SharedBookingSettings, running: SharedBookingSettings): (keyof SharedBookingSettings)[] {
  return (Object.keys(SHARED_BOOKING_FIELDS) as (keyof SharedBookingSettings)[]).filter(
    (variable) => settingText(built[variable]) !== settingText(running[variable]),
  )
}

/** An absolute URL kept as written (trimmed); unset or empty means `fallback`. */
const envLink = (name: string, fallback: string) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => s.trim()),
    v.check((s) => s === '' || URL.canParse(s), `${name} must be an absolute URL such as https://example.com`),
    v.transform((s) => (s === '' ? fallback : s)),
  )

/** Trimmed text, empty when unset. */
const envOptionalText = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => s.trim()),
)

const defaults = BROWSER_DEFAULTS.site

/** Every variable the browser build reads (VITE_* and BOOKING_*). */
const BrowserSettingsSchema = v.object({
  ...bookingSettingsEntries,
  /** Base URL of the calendar API; unset means the site's own server. */
  VITE_CALENDAR_API_BASE: envUrl('VITE_CALENDAR_API_BASE'),
  VITE_SITE_URL: v.pipe(envLink('VITE_SITE_URL', defaults.url), v.transform((s) => s.replace(/\/+$/, ''))),
  VITE_CONSULTATION_URL: envLink('VITE_CONSULTATION_URL', defaults.consultationUrl),
  VITE_EXTERNAL_SCRIPT_URL: envLink('VITE_EXTERNAL_SCRIPT_URL', defaults.externalScriptUrl),
  VITE_VAPI_PUBLIC_KEY: envOptionalText,
  VITE_VAPI_ASSISTANT_ID: envOptionalText,
  VITE_VAPI_BASE_URL: envUrl('VITE_VAPI_BASE_URL'),
})

/** Parses `env` with `schema`, or throws a ConfigError listing every wrong variable with its message. */
export function parseSettings<const TSchema extends v.GenericSchema<Env, unknown>>(
  schema: TSchema,
  env: Env,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, env)
  if (result.success) return result.output
  const lines = result.issues.map((issue) => {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'configuration'
    return `- ${key}: ${issue.message}`
  })
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
}

export type { BookingSettings, BrowserSettings, VoiceConfig } from './browserSettings.ts'

/**
 * The settings the browser build bakes in (vite.config.ts; the app reads them through src/config.ts);
 * throws a ConfigError naming every wrong variable.
 */
export function readBrowserSettings(env: Env): BrowserSettings {
  const parsed = parseSettings(BrowserSettingsSchema, env)
  const { VITE_VAPI_PUBLIC_KEY: publicKey, VITE_VAPI_ASSISTANT_ID: assistantId } = parsed
  return {
    booking: {
      host: parsed.BOOKING_HOST,
      eventTypeId: parsed.BOOKING_EVENT_TYPE_ID,
      eventTypeSlug: parsed.BOOKING_EVENT_TYPE_SLUG,
      apiBase: parsed.VITE_CALENDAR_API_BASE ?? '',
      locations: parsed.BOOKING_LOCATIONS,
      phoneCountry: parsed.BOOKING_PHONE_COUNTRY,
      phoneCountries: parsed.BOOKING_PHONE_COUNTRIES,
    },
    voice: publicKey && assistantId ? { publicKey, assistantId, baseUrl: parsed.VITE_VAPI_BASE_URL } : null,
    site: {
      url: parsed.VITE_SITE_URL,
      consultationUrl: parsed.VITE_CONSULTATION_URL,
      externalScriptUrl: parsed.VITE_EXTERNAL_SCRIPT_URL,
    },
  }
}
