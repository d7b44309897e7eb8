import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { Temporal } from 'temporal-polyfill'
import type { Fetch } from '../../scheduler/calcomUpstream'
import type { CalendarBusy } from '../../calendar/busyTimes'
import type { ServerConfig } from '../../config'
import type { BookingStore } from '../../db/store'
import type { Logger } from '../../log/logger'
import { clientKey } from '../../limits/keys'
import { clientAddressOf, type TrustedProxies } from '../../settings/trustedProxies'
import { rateLimit, type ErrorBody } from '../../limits/rateLimit'
import { secretFailures, type SecretFailures } from '../../limits/secretFailures'
import { createScheduler } from '../../scheduler/chooseScheduler'
import { MAX_BODY_BYTES } from '../../scheduler/validation'
import { SERVER_SENTENCES } from '../../sentences'
import { bookingRoute } from './bookingRoute'
import { bookingsFeedRoute } from './bookingsFeed'
import { bookRoute, cancelRoute } from './changeRoutes'
import type { Clock } from '../../clock'
import type { ApiContext } from '../../scheduler/apiContext'
import { slotsRoute } from './slotsRoute'
import { trpcError } from './trpcError'
import { callReports } from '../../voice/callReport'
import { requireVoiceSecret, voiceToolsBodyLimit, voiceToolsRoute } from '../../voice/voiceTools'
import { createDeskApi } from '../../desk/deskApi'

export interface ApiDeps {
  config: ServerConfig
  store: BookingStore
  /** Defaults to the real time. */
  clock?: Clock
  /** The fetch used for Cal.com (tests point it anywhere). */
  fetch?: Fetch
  /** Told when a booking change wrote mail jobs (the mail worker's wake()). */
  onMailQueued?: () => void
  /** The host's calendars, when any is configured. */
  calendar?: CalendarBusy
  /** The server's logger, for what the scheduler tells the agency (email codes turning on or off). */
  log?: Pick<Logger, 'info'>
}

/** The client address the limits count: the socket's, or, from a trusted proxy, the one it forwarded for. */
export function clientAddress(c: Context, proxies: TrustedProxies): string {
  let peer = 'unknown'
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // No socket (a request made in the process): 'unknown', which no proxy list trusts.
  }
  return clientAddressOf(peer, c.req.header('x-forwarded-for'), proxies)
}

/** One count of wrong secrets per store and configuration, whichever route took them: the voice platform's, the admin token, the API key. */
const guards = new WeakMap<BookingStore, WeakMap<ServerConfig, SecretFailures>>()

/**
 * Wrong secrets per network, counted apart from the request limits: guessing costs, the right secret does not. The
 * same guard for /api and /v2 (server/http/v2/), so a key guessed on one surface costs on the other.
 */
export function wrongSecrets(config: ServerConfig, store: BookingStore): SecretFailures {
  const ofStore = guards.get(store) ?? new WeakMap<ServerConfig, SecretFailures>()
  guards.set(store, ofStore)
  let guard = ofStore.get(config)
  if (!guard) {
    guard = secretFailures({
      limiter: store.rateLimiter({
        keyPrefix: `secret-failures:${config.RATE_LIMIT_SECRET_FAILURES}/${config.RATE_LIMIT_WINDOW_SECONDS}s`,
        points: config.RATE_LIMIT_SECRET_FAILURES,
        duration: config.RATE_LIMIT_WINDOW_SECONDS,
      }),
      key: (c) => clientKey(clientAddress(c, config.TRUST_PROXY)),
    })
    ofStore.set(config, guard)
  }
  return guard
}

/** The booking route's error shape (Cal.com reads `message`). */
const messageError: ErrorBody = (message) => ({ message })

/** The booking API, mounted at /api by server/http/app.ts. */
export function createApi({ config, store, clock = () => Temporal.Now.instant(), fetch, onMailQueued, calendar, log }: ApiDeps): Hono {
  const ctx: ApiContext = {
    config,
    store,
    clock,
    scheduler: createScheduler({ config, store, clock, fetch, onMailQueued, calendar, log }),
    clientAddress: (c) => clientAddress(c, config.TRUST_PROXY),
    clientLimits: (c) => [{ key: clientKey(ctx.clientAddress(c)), maxPerDay: config.RATE_LIMIT_BOOKINGS_PER_DAY }],
  }
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS
  /**
   * Per network (an IPv4 address, an IPv6 /64, as a digest) and route, where the store counts: in the
   * database with PostgreSQL, so that every instance counts together (instances with the same limit and
   * window share a key; a changed setting starts afresh), in this process's memory with PGlite.
   */
  const limited = (route: string, points: number, errorBody: ErrorBody) =>
    rateLimit({
      limiter: store.rateLimiter({ keyPrefix: `${route}:${points}/${windowSeconds}s`, points, duration: windowSeconds }),
      key: (c) => clientKey(ctx.clientAddress(c)),
      errorBody,
    })
  // Trusts a declared Content-Length (Node's parser ends the body there) and counts the bytes of a chunked body.
  const limitedBody = () =>
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json(messageError(SERVER_SENTENCES.tooLarge, 413), 413) })

  // Answers that carry personal data (a booking, its view, a cancellation, the agency's feed) are never stored by
  // a cache, whatever their status, the limits' 429 included: set here, once, for every such route.
  const noStore = createMiddleware(async (c, next) => {
    await next()
    c.res.headers.set('Cache-Control', 'no-store')
  })

  const api = new Hono()
  api.use('/book/event', noStore)
  api.use('/cancel', noStore)
  api.use('/booking/*', noStore)
  api.use('/bookings.ics', noStore)
  api.get('/calendar/slots', limited('slots', config.RATE_LIMIT_SLOTS, trpcError), (c) => slotsRoute(c, ctx))
  api.post('/book/event', limited('book', config.RATE_LIMIT_BOOKINGS, messageError), limitedBody(), (c) => bookRoute(c, ctx))
  api.post('/cancel', limited('cancel', config.RATE_LIMIT_BOOKINGS, messageError), limitedBody(), (c) => cancelRoute(c, ctx))
  api.get('/booking/:uid', limited('booking', config.RATE_LIMIT_SLOTS, messageError), (c) => bookingRoute(c, ctx))
  const secretGuard = wrongSecrets(config, store)
  api.get('/bookings.ics', (c) => bookingsFeedRoute(c, ctx, secretGuard))
  // The voice assistant's tools (server/voice/voiceTools.ts): the secret first (404 when unset), then the limits.
  const reports = callReports({ config, store, clock, onMailQueued: onMailQueued ?? (() => undefined) })
  api.post('/voice/tools', requireVoiceSecret(config, secretGuard), limited('voice', config.RATE_LIMIT_VOICE_TOOLS, messageError), voiceToolsBodyLimit, (c) => voiceToolsRoute(c, ctx, reports))
  // The agency's desk (docs/desk.md): its own guards, limits and no-store, in server/desk/deskApi.ts.
  api.route('/desk', createDeskApi({ config, store, clock, scheduler: ctx.scheduler, clientAddress: ctx.clientAddress, onMailQueued: onMailQueued ?? (() => undefined) }))
  // Its errors are answered by server/http/app.ts (apiServerError, logged as 'API error'). An onError here would
  // make Hono's route() wrap every API handler in one more composition, a cost on each cached slots answer.
  return api
}
