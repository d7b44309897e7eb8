import { readBookingSettings } from '../../core/settings'

// Outside Vite (Playwright loading the machines to generate the path tests) there is no import.meta.env.
const env: Partial<ImportMetaEnv> = import.meta.env ?? {}

/**
 * The booking settings baked into the browser build; the server reads the same variables with the
 * same rules (docs/design.md#configuration). A wrong value already failed the build (vite.config.ts checks it).
 */
export const bookingSettings = readBookingSettings({
  BOOKING_HOST: env.BOOKING_HOST,
  BOOKING_EVENT_TYPE_ID: env.BOOKING_EVENT_TYPE_ID,
  BOOKING_EVENT_TYPE_SLUG: env.BOOKING_EVENT_TYPE_SLUG,
  VITE_CALENDAR_API_BASE: env.VITE_CALENDAR_API_BASE,
})
