import { BOOKING_DEFAULTS } from './bookingWire'

// Outside Vite (Playwright loading the machines to generate the path tests) there is no import.meta.env.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {}

/** The booking settings baked into the browser build; the server reads the same variables (DESIGN §7). */
export const bookingSettings = {
  host: env.BOOKING_HOST || BOOKING_DEFAULTS.host,
  eventTypeId: Number(env.BOOKING_EVENT_TYPE_ID || BOOKING_DEFAULTS.eventTypeId),
  eventTypeSlug: env.BOOKING_EVENT_TYPE_SLUG || BOOKING_DEFAULTS.eventTypeSlug,
  /** Base URL of the calendar API; empty means the site's own server. */
  apiBase: (env.VITE_CALENDAR_API_BASE || '').replace(/\/+$/, ''),
} as const
