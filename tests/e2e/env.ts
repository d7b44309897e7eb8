/** Settings of the site the browser tests build and serve (see serve.ts). */
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// E2E_PORT lets two runs (two developers' helpers, say) use their own server and build.
export const E2E_PORT = Number(process.env.E2E_PORT || 4173)
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`
/** The served site's DATA_DIR, emptied at each start (serve.ts): the specs read its outbox/ as a mailbox. */
export const E2E_DATA_DIR = join(tmpdir(), `agency-e2e-data-${E2E_PORT}`)

/** The served site's API_KEY: an automation tool's credential (tests/e2e/webhooks.spec.ts). */
export const E2E_API_KEY = 'e2e-api-key-0123456789abcdef0123456789abcdef'

export const e2eEnv: Record<string, string> = {
  PORT: String(E2E_PORT),
  VITE_SITE_URL: E2E_ORIGIN,
  E2E_DATA_DIR,
  // The links in emails point at the served site, so a spec can follow them.
  PUBLIC_URL: E2E_ORIGIN,
  // A local URL for the external script, so the tests can see whether it is requested.
  VITE_EXTERNAL_SCRIPT_URL: `${E2E_ORIGIN}/__e2e/external-script.js`,
  // Every browser of the run books from 127.0.0.1: the per-address limits would throttle the suite itself.
  RATE_LIMIT_SLOTS: '1000000',
  RATE_LIMIT_BOOKINGS: '1000000',
  RATE_LIMIT_BOOKINGS_PER_DAY: '1000000',
  // The form offers both ways of meeting, video first (docs/design.md#where-the-call-happens): a visitor who
  // leaves the choice books as on a video-only site, and the phone specs and paths have the field to type in.
  BOOKING_LOCATIONS: 'video,phone',
  // The specs book with a few fixed addresses (aroha@example.co.nz more than once), retries included.
  MAX_UPCOMING_PER_EMAIL: '1000',
  // The specs book far more than an hour's BOOKING_VERIFY_AFTER: email codes are off but where a spec turns them on.
  BOOKING_VERIFY: 'off',
  // Cal.com's API v2 for the webhooks spec, its subscriber on this machine.
  API_KEY: E2E_API_KEY,
  WEBHOOK_ALLOW_PRIVATE: 'true',
}
