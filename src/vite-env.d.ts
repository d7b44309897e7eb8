/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SITE_URL?: string
  readonly VITE_CONSULTATION_URL?: string
  readonly VITE_EXTERNAL_SCRIPT_URL?: string
  readonly VITE_CALENDAR_API_BASE?: string
  readonly VITE_VAPI_PUBLIC_KEY?: string
  readonly VITE_VAPI_ASSISTANT_ID?: string
  readonly VITE_VAPI_BASE_URL?: string
  readonly BOOKING_HOST?: string
  readonly BOOKING_EVENT_TYPE_ID?: string
  readonly BOOKING_EVENT_TYPE_SLUG?: string
  /** The year of the build (vite.config.ts): the footer's year in the prerendered HTML. */
  readonly BUILD_YEAR?: number
  /** Whether VITE_VAPI_PUBLIC_KEY and VITE_VAPI_ASSISTANT_ID are set (vite.config.ts), as a build-time constant. */
  readonly VOICE_CONFIGURED?: boolean
}
