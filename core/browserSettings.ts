/**
 * The settings the browser build bakes in, and their defaults (docs/design.md#configuration). Read and
 * checked once, when Vite builds (core/settings.ts, called by vite.config.ts: a bad value stops the build,
 * naming the variable); the app reads the result through src/config.ts. No validation library here: this
 * file is part of every page's first load.
 */

/** The host handle (sent as `user` and `usernameList`) and the event type, shared with the server. */
export const BOOKING_DEFAULTS = {
  host: 'kiwi-automate',
  eventTypeId: 7,
  eventTypeSlug: 'quick-chat',
} as const

/** How a call can happen (BOOKING_LOCATIONS): by video (a join link of the booking's own) or by phone. */
export type CallKind = 'video' | 'phone'

export const CALL_KINDS: readonly CallKind[] = ['video', 'phone']

export interface BookingSettings {
  host: string
  eventTypeId: number
  eventTypeSlug: string
  /** Base URL of the calendar API; empty means the site's own server. */
  apiBase: string
  /** The ways the visitor may meet, the first preselected (BOOKING_LOCATIONS). */
  locations: readonly CallKind[]
  /** The country a phone number without + is read in (BOOKING_PHONE_COUNTRY), ISO 3166 alpha-2. */
  phoneCountry: string
  /** The only countries whose numbers are taken (BOOKING_PHONE_COUNTRIES), ISO 3166 alpha-2; empty: any country's. */
  phoneCountries: readonly string[]
}

/** The voice platform's public settings (docs/design.md#voice). */
export interface VoiceConfig {
  publicKey: string
  assistantId: string
  /** The voice platform's API; the SDK's own default when unset. */
  baseUrl: string | undefined
}

export interface SiteSettings {
  /** Public origin of the site, without a trailing slash: canonical links, Open Graph, the sitemap. */
  url: string
  /** The external scheduling service behind the footer's '1:1 Consultation'. */
  consultationUrl: string
  /** An external script loaded on every page but /faqs; empty for none. */
  externalScriptUrl: string
}

export interface BrowserSettings {
  booking: BookingSettings
  /** null when the public key or the assistant id is missing: the widget then says voice is not configured. */
  voice: VoiceConfig | null
  site: SiteSettings
}

/** What a build with no variable set bakes in. */
export const BROWSER_DEFAULTS: BrowserSettings = {
  booking: { ...BOOKING_DEFAULTS, apiBase: '', locations: ['video'], phoneCountry: 'NZ', phoneCountries: [] },
  voice: null,
  site: {
    url: 'http://localhost:3000',
    consultationUrl: 'https://cal.com/kiwi-automate/consultation',
    externalScriptUrl: '',
  },
}
