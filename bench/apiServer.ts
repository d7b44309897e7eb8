/**
 * One server for `npm run bench:api`, on loopback, told its port to the parent over IPC:
 * - `BENCH_SERVER=app`: the production app (request ids, one JSON log line per request to stdout,
 *   security headers, rate limits, the booking API) with the built-in scheduler on PGlite in
 *   DATA_DIR and settings from the environment; no static site.
 * - `BENCH_SERVER=bare`: a bare Hono route on the same Node adapter, the yardstick (docs/design.md#budgets).
 * With HOST_CALENDAR_URLS the app reads those feeds once before listening, and tells how long that took.
 * Stops on SIGTERM.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import { createApi } from '../server/http/api/createApi'
import { createApp } from '../server/http/app'
import { hostCalendarFromConfig } from '../server/calendar/fromConfig'
import { loadConfig } from '../server/config'
import { openStore } from '../server/db/store'
import { createLogger } from '../server/log/logger'

async function benchApp(): Promise<{
  fetch: (request: Request) => Response | Promise<Response>
  close: () => Promise<void>
  calendarRefreshMs?: number
}> {
  if (process.env.BENCH_SERVER === 'bare') {
    const bare = new Hono().get('/bare', (c) => c.json({ ok: true }))
    return { fetch: bare.fetch, close: async () => undefined }
  }
  const config = loadConfig()
  const store = await openStore({ dataDir: config.DATA_DIR })
  const logger = createLogger({ level: config.LOG_LEVEL })
  const calendar = hostCalendarFromConfig({ config, store, log: logger })
  const started = performance.now()
  await calendar?.refresh()
  const calendarRefreshMs = calendar ? performance.now() - started : undefined
  const app = createApp({
    config,
    logger,
    site: new Map(),
    renderNotFound: async () => 'Not found',
    api: createApi({ config, store, calendar }),
  })
  return { fetch: app.fetch, close: () => store.close(), calendarRefreshMs }
}

const app = await benchApp()
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
server.once('listening', () => process.send?.({ port: (server.address() as AddressInfo).port, calendarRefreshMs: app.calendarRefreshMs }))
process.once('SIGTERM', () => server.close(() => void app.close().then(() => process.exit(0))))
