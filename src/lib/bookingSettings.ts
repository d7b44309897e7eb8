import { BOOKING_DEFAULTS } from './bookingWire'

/** The booking settings baked into the browser build; the server reads the same variables (DESIGN §7). */
export const bookingSettings = {
  host: import.meta.env.BOOKING_HOST || BOOKING_DEFAULTS.host,
  eventTypeId: Number(import.meta.env.BOOKING_EVENT_TYPE_ID || BOOKING_DEFAULTS.eventTypeId),
  eventTypeSlug: import.meta.env.BOOKING_EVENT_TYPE_SLUG || BOOKING_DEFAULTS.eventTypeSlug,
  /** Base URL of the calendar API; empty means the site's own server. */
  apiBase: (import.meta.env.VITE_CALENDAR_API_BASE || '').replace(/\/+$/, ''),
} as const
