/**
 * Temporal for the browser build: the browser's own where it has one (Chromium 144 and Firefox 139 on), and
 * temporal-polyfill's file fetched only where it has not (docs/performance.md#native-temporal). The build
 * resolves every `temporal-polyfill` import of the browser's code to this module (vite.config.ts); the server
 * and the tests run on Node, which has no Temporal, and import the polyfill as written.
 */
import type { Temporal as PolyfillTemporal } from 'temporal-polyfill'

export const Temporal: typeof PolyfillTemporal =
  (globalThis as { Temporal?: typeof PolyfillTemporal }).Temporal ?? (await import('temporal-polyfill')).Temporal
