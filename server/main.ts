/**
 * The server process: `node dist/server/main.js` (built by `npm run build`), or `npm run serve` from the
 * sources. Paths in DIST_DIR and DATA_DIR are relative to the working directory (the project under npm).
 *
 * It listens at once and answers /healthz while the site and the database open (/readyz is 503 until
 * then), serves, and on SIGTERM or SIGINT drains and stops in order (server/lifecycle.ts), a signal
 * delivered twice counted once (server/runtime/shutdownSignals.ts). No exit waits on stdout for long.
 */
import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import { join, resolve } from 'node:path'
import { isatty } from 'node:tty'
import { pathToFileURL } from 'node:url'
import type { RenderModule } from '../core/renderContract'
import { createApi } from './http/api/createApi'
import { caldavWriter } from './calendar/caldavWriter'
import { caldavFromConfig, hostCalendarFromConfig, maskFeedUrl } from './calendar/fromConfig'
import { createApp, createStartingApp } from './http/app'
import { assertBuiltWithSettings } from './http/builtSettings'
import { ConfigError, loadConfig, type ServerConfig } from './config'
import { DataDirLockedError, lockDataDir } from './runtime/dataDirLock'
import { serveWithLimits } from './limits/httpLimits'
import { openStore } from './db/store'
import type { HealthDeps } from './http/health'
import { createLifecycle } from './lifecycle'
import { createProcessLogger, maskUrl, type Logger } from './log/logger'
import { shutdownOnSignals } from './runtime/shutdownSignals'
import { createMailer } from './mail/mailer'
import { mailSettings } from './mail/settings'
import { loadStaticSite } from './http/staticSite'
import { inlineScriptSources } from './http/securityHeaders'
import { createV2Api } from './http/v2/createV2Api'
import { webhookWorkerFromConfig } from './webhooks/worker'
import { Temporal } from 'temporal-polyfill'

type Handler = (request: Request, env: unknown) => Response | Promise<Response>

function listen(config: ServerConfig, handle: () => Handler): Promise<Server> {
  return new Promise((resolvePromise, reject) => {
    const server = serveWithLimits({ fetch: (request, env) => handle()(request, env), port: config.PORT, hostname: config.HOST }, config)
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolvePromise(server)
    })
  })
}

/** One turn of the event loop, through its poll phase. */
const turn = () => new Promise((resolvePromise) => setImmediate(resolvePromise))

/**
 * Stops accepting and resolves once every connection has ended (Node closes the idle ones at once).
 * Closing the listener resets the connections still waiting in the kernel's accept queue, and an accepted
 * connection whose request is not read yet counts as idle. Node accepts one connection per turn of the
 * loop (libuv#3696), so the loop turns until two turns in a row accept nothing (the last one's request
 * read), or until the deadline: what was already on the wire is answered, not reset.
 */
async function closeServer(server: Server, deadline: AbortSignal): Promise<void> {
  let accepted = 0
  const count = () => void accepted++
  server.on('connection', count)
  for (let quiet = 0; quiet < 2 && !deadline.aborted; ) {
    const before = accepted
    await turn()
    quiet = accepted === before ? quiet + 1 : 0
  }
  server.off('connection', count)
  return new Promise((resolvePromise, reject) => {
    if (!server.listening) return resolvePromise()
    server.close((error) => (error ? reject(error) : resolvePromise()))
  })
}

async function main(logger: Logger) {
  const config = loadConfig()
  logger.level = config.LOG_LEVEL
  const cwd = process.cwd()
  const dist = resolve(cwd, config.DIST_DIR)
  // Before listening: a server whose booking settings differ from its pages' never serves them.
  await assertBuiltWithSettings(dist, config.DIST_DIR, config)
  const lifecycle = createLifecycle({ logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS, delayMs: config.SHUTDOWN_DELAY_MS, exit })
  const draining = () => lifecycle.state === 'draining'
  // Ctrl-C at a terminal: nobody routes traffic by this process's /readyz, so it stops without the delay.
  const onSignal = shutdownOnSignals({ lifecycle, logger, exit, skipsDelay: (signal) => signal === 'SIGINT' && isatty(0) })
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)

  const dataDir = resolve(cwd, config.DATA_DIR)
  const health: HealthDeps = {
    state: () => lifecycle.state,
    checkDatabase: () => Promise.reject(new Error('The database is not open yet')),
  }
  let handler: Handler = createStartingApp({ config, logger, health }).fetch
  const server = await listen(config, () => handler)
  lifecycle.onShutdown('http', 'HTTP server', (deadline) => closeServer(server, deadline))
  logger.info({ port: config.PORT, host: config.HOST }, 'Listening; opening the site and the database')

  const site = await loadStaticSite(join(dist, 'client'))
  const template = await readFile(join(dist, 'render/template.html'), 'utf8')
  const render = (await import(pathToFileURL(join(dist, 'render/entry-server.js')).href)) as RenderModule
  if (draining()) return

  // Bookings: PGlite in DATA_DIR (this process only), or the PostgreSQL server of DATABASE_URL; migrations run here.
  const lock = config.DATABASE_URL ? undefined : lockDataDir(dataDir, 'server')
  if (lock) process.once('exit', () => lock.release())
  if (lock?.replaced) logger.warn({ stale: lock.replaced }, `Took over ${lock.path}, left by a process that is gone`)
  const opening = openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    logger,
    pool: {
      size: config.DATABASE_POOL_SIZE,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: config.DATABASE_IDLE_TIMEOUT_MS,
    },
  })
  lifecycle.onShutdown('database', 'database', async () => {
    const store = await opening.catch(() => undefined)
    await store?.close()
    lock?.release()
  })
  const store = await opening
  // SIGTERM while the database opened: the lifecycle closes it; do not start serving.
  if (draining()) return
  health.checkDatabase = () => store.checkReady()

  // Mail: the outbox worker sends what booking changes wrote. It stops after the HTTP server
  // (no new jobs) and before the database; a message still in flight at the deadline is handed back.
  // With CalDAV, the outbox also writes each booking into the host's calendar.
  const caldav = caldavFromConfig(config)
  const calendarWriter = caldav
    ? caldavWriter({ account: caldav.account, store, settings: mailSettings(config, store.calendarSecret), now: () => new Date().toISOString() })
    : undefined
  const mail = createMailer({ config, store, dataDir, log: (line) => logger.info(line), calendar: calendarWriter })
  mail.start()
  // The deadline counts from the signal: the workers start stopping after the delay at the earliest.
  const mailDeadlineMs = Math.max(0, config.SHUTDOWN_TIMEOUT_MS - config.SHUTDOWN_DELAY_MS - 1000)
  lifecycle.onShutdown('workers', 'mail outbox', () => mail.stop({ deadlineMs: mailDeadlineMs }))
  // Webhooks (docs/webhooks.md): the same outbox's events, sent to the subscriptions. With Cal.com, Cal.com sends its own.
  const webhooks = config.CALCOM_URL ? undefined : webhookWorkerFromConfig(config, store, (line) => logger.info(line))
  webhooks?.start()
  if (webhooks) lifecycle.onShutdown('workers', 'webhook outbox', () => webhooks.stop({ deadlineMs: mailDeadlineMs }))
  /** A change wrote outbox jobs: both workers look now. */
  const queued = () => {
    mail.wake()
    webhooks?.wake()
  }

  // The host's calendars: read now and every HOST_CALENDAR_REFRESH_SECONDS; stopped with the workers.
  const calendar = hostCalendarFromConfig({ config, store, log: logger, caldav })
  if (calendar) {
    for (const [index, url] of config.HOST_CALENDAR_URLS.entries())
      logger.info(`Calendar: feed ${index + 1} is ${maskFeedUrl(url)}, read every ${config.HOST_CALENDAR_REFRESH_SECONDS} s`)
    if (config.CALDAV_URL) logger.info(`Calendar: CalDAV at ${maskFeedUrl(config.CALDAV_URL)} (password set), read every ${config.HOST_CALENDAR_REFRESH_SECONDS} s`)
    calendar.start()
    lifecycle.onShutdown('workers', 'calendar refresh', () => calendar.stop())
  }

  const app = createApp({
    config,
    logger,
    health,
    site,
    inlineScripts: inlineScriptSources(template),
    renderNotFound: async (url) => (await render.renderDocument(template, url)).html,
    api: createApi({ config, store, onMailQueued: queued, calendar, log: logger }),
    v2: createV2Api({ config, store, clock: () => Temporal.Now.instant() }),
  })
  handler = app.fetch
  lifecycle.ready()
  const bookings = config.CALCOM_URL
    ? `Cal.com at ${maskUrl(config.CALCOM_URL)}`
    : `built-in scheduler, ${config.DATABASE_URL ? `PostgreSQL at ${maskUrl(config.DATABASE_URL)}` : `PGlite in ${config.DATA_DIR}`}`
  logger.info({ port: config.PORT }, `Serving on http://localhost:${config.PORT} (bookings: ${bookings})`)
}

const { logger, flushWithin } = await createProcessLogger()

/** The last log lines get this long to reach stdout at exit; a closed, full or slow stdout gets no more. */
const EXIT_FLUSH_MS = 500
let exitCode: number | undefined
/** Every exit of the server: once, with the first code asked for, never held by stdout. */
function exit(code: number) {
  if (exitCode !== undefined) return
  exitCode = code
  void flushWithin(EXIT_FLUSH_MS).then(() => process.exit(code))
}

process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'Uncaught exception; exiting')
  exit(1)
})
process.on('unhandledRejection', (error) => {
  logger.fatal({ err: error }, 'Unhandled rejection; exiting')
  exit(1)
})
main(logger).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) logger.fatal(error.message)
  else if ((error as NodeJS.ErrnoException).code === 'ENOENT')
    logger.fatal(`The site is not built (${(error as Error).message}). Run \`npm run build\` or \`npm start\`.`)
  else logger.fatal({ err: error }, 'Could not start')
  exit(1)
})
