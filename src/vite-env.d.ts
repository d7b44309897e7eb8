/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Every browser setting, read and checked by vite.config.ts: read them through src/config.ts. */
  readonly BROWSER_SETTINGS?: import('../core/browserSettings').BrowserSettings
  /** The year of the build (vite.config.ts): the footer's year in the prerendered HTML. */
  readonly BUILD_YEAR?: number
  /** Whether VITE_VAPI_PUBLIC_KEY and VITE_VAPI_ASSISTANT_ID are set (vite.config.ts), as a build-time constant. */
  readonly VOICE_CONFIGURED?: boolean
  /** Whether BOOKING_LOCATIONS offers a phone call (vite.config.ts), as a build-time constant. */
  readonly PHONE_OFFERED?: boolean
}
