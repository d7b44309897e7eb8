/**
 * The browser's settings: where the app reads them (docs/design.md#configuration). Vite reads
 * and checks the VITE_* and BOOKING_* variables when it builds (vite.config.ts with core/settings.ts: a
 * bad value stops the build, naming the variable, as server/config.ts stops the server) and bakes the
 * result in, so no validation code reaches the browser. The two constants derived from them that decide what a
 * build holds (import.meta.env.VOICE_CONFIGURED, PHONE_OFFERED) are read where they are used instead, so the
 * bundler sees a literal at each use and drops the branch the build never takes; the build's year (BUILD_YEAR) is
 * read by the footer, its one use.
 */
import { BROWSER_DEFAULTS, type BrowserSettings } from '../core/browserSettings'

export type { BookingSettings, VoiceConfig } from '../core/browserSettings'

// Outside Vite (Playwright loading the machines to generate the path tests, unit tests) nothing is baked
// in: the defaults. In a build, Vite writes the checked settings in place of `import.meta.env.BROWSER_SETTINGS`.
const settings: BrowserSettings = (import.meta.env && import.meta.env.BROWSER_SETTINGS) ?? BROWSER_DEFAULTS

/** The host handle, the event type and the calendar API's base. */
export const bookingSettings = settings.booking
/** The voice platform's settings; null when voice is not configured. */
export const voiceConfig = settings.voice
/** The site's public address, the consultation link and the external script. */
export const siteSettings = settings.site
