import { Hono, type MiddlewareHandler } from 'hono'
import type { ServerConfig } from '../config'
import { SERVER_SENTENCES } from '../sentences'
import { apiServerError } from './api/serverError'
import { isJsonContentType } from './jsonContentType'
import { failure } from './v2/envelope'
import { V2_SENTENCES } from './v2/sentences'
import { hasCommonHeaders } from './completeResponse'
import { healthRoutes, type HealthDeps } from './health'
import { outageOf } from '../db/outage'
import { chooseEncoding } from '../runtime/jsonBody'
import { logOf, type Logger } from '../log/logger'
import { contentSecurityPolicy, DATA_SECURITY_HEADERS, securityHeaders } from './securityHeaders'
import { lookup, type StaticFile } from './staticSite'

/** What every response of the process shares, while starting as once running. */
export interface BaseDeps {
  config: ServerConfig
  /** Request lines and errors go here (tests pass one that captures them). */
  logger: Logger
  /** Readiness; without it the process counts as ready (tests of the API alone). */
  health?: HealthDeps
  /** CSP sources of the pages' inline scripts (inlineScriptSources of the page template). */
  inlineScripts?: readonly string[]
}

export interface AppDeps extends BaseDeps {
  /** The built site (dist/client), by URL path. */
  site: Map<string, StaticFile>
  /** Renders the error view for a path no route matches. */
  renderNotFound: (url: string) => Promise<string>
  /** The API routes, mounted under /api. */
  api?: Hono
  /** Cal.com's API v2 for automation tools (server/http/v2/), mounted under /v2. */
  v2?: Hono
}


/**
 * The path as the request line logs it: a booking's uid is a capability (whoever has it can cancel),
 * so the manage page's and its API's paths are logged as their route's pattern, and so are the desk's calls.
 */
export function loggedPath(path: string): string {
  return path
    .replace(/^\/api\/booking\/[^/]*/, '/api/booking/:uid')
    .replace(/^\/api\/desk\/calls\/[^/]*/, '/api/desk/calls/:uid')
    .replace(/^\/booking\/[^/]+/, '/booking/:uid')
    .slice(0, 300)
}

/**
 * X-Request-Id is kept when it is at most 128 characters of [A-Za-z0-9_=-], generated otherwise: the
 * rule of hono/request-id, whose middleware also sets the header on Hono's prepared headers, a Headers
 * object every answer would then build (server/http/completeResponse.ts says why that is avoided).
 */
const SANE_REQUEST_ID = /^[\w=-]{1,128}$/

/**
 * What every request gets, in one middleware (each one more costs the cached slots answer):
 * - its request id, kept or made (above), and the process's logger for logOf;
 * - the common headers (security headers, X-Request-Id), given to the route in the context, set here
 *   on an answer that lacks them; while draining, `Connection: close`, so no idle keep-alive
 *   connection holds the shutdown;
 * - one log line: the request id, method, path, status and duration (never the query or the body).
 *   The line holds only those fields, none of them a key the redaction looks for, so it skips the
 *   redaction pass (which cost several times the rest of the line).
 */
function everyRequest({ logger, pageHeaders, health }: { logger: Logger; pageHeaders: Readonly<Record<string, string>>; health: HealthDeps }): MiddlewareHandler {
  const lines = logger.child({}, { redact: { paths: [] } })
  return async (c, next) => {
    const started = performance.now()
    const sent = c.req.header('x-request-id')
    const reqId = sent !== undefined && SANE_REQUEST_ID.test(sent) ? sent : crypto.randomUUID()
    c.set('requestId', reqId)
    c.set('baseLog', logger)
    const path = c.req.path
    const data = path.startsWith('/api/') || path.startsWith('/v2/')
    const headers: Record<string, string> = { ...(data ? DATA_SECURITY_HEADERS : pageHeaders), 'X-Request-Id': reqId }
    c.set('commonHeaders', headers)
    await next()
    // A route's complete answer has them already (server/http/completeResponse.ts).
    if (!hasCommonHeaders(c.res)) for (const name in headers) c.res.headers.set(name, headers[name] as string)
    if (health.state() === 'draining') c.res.headers.set('Connection', 'close')
    const durationMs = Math.round((performance.now() - started) * 10) / 10
    lines.info({ reqId, method: c.req.method, path: loggedPath(path), status: c.res.status, durationMs }, 'request')
  }
}

/** How long a client should wait after a 503 for an outage before trying again (docs/operations.md#outages). */
export const OUTAGE_RETRY_AFTER_SECONDS = 30

/** Request ids, logs, security headers, health routes, JSON-only API bodies, the outages' 503 and the last-resort 500. */
function baseApp({ config, logger, health = { state: () => 'ready' }, inlineScripts }: BaseDeps): Hono {
  const app = new Hono()
  const pageHeaders = securityHeaders(contentSecurityPolicy(config, inlineScripts))

  app.use(everyRequest({ logger, pageHeaders, health }))

  app.route('/', healthRoutes(health))
  // Only JSON bodies: also refuses the form posts another site could make a visitor's browser send.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], '/api/*', async (c, next) => {
    if (!isJsonContentType(c.req.header('content-type'))) return c.json({ message: SERVER_SENTENCES.notJsonContentType }, 415)
    await next()
  })
  app.onError((error, c) => {
    // The database stopped, frozen or out of disk: passing, so a 503 saying to try again, the same shape as the 500's.
    const outage = outageOf(error)
    if (outage) {
      logOf(c).error({ err: error, outage }, outage === 'disk' ? 'Unavailable: the database’s disk is full' : 'Unavailable: the database cannot be reached')
      const headers = { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' }
      if (c.req.path.startsWith('/v2/')) return failure(c, 503, SERVER_SENTENCES.unavailable, headers)
      if (c.req.path.startsWith('/api/')) return apiServerError(c, 503, headers)
      return c.text(SERVER_SENTENCES.unavailable, 503, headers)
    }
    if (c.req.path.startsWith('/v2/')) {
      logOf(c).error({ err: error }, 'API v2 error')
      return failure(c, 500, V2_SENTENCES.serverError)
    }
    if (c.req.path.startsWith('/api/')) {
      logOf(c).error({ err: error }, 'API error')
      return apiServerError(c)
    }
    logOf(c).error({ err: error }, 'Unhandled error')
    return c.text(SERVER_SENTENCES.serverError, 500, { 'Cache-Control': 'no-store' })
  })
  return app
}

/** While the database opens: health answers, everything else is 503 with Retry-After. */
export function createStartingApp(deps: BaseDeps): Hono {
  const app = baseApp(deps)
  app.all('*', (c) =>
    c.json({ message: SERVER_SENTENCES.starting }, 503, {
      'Retry-After': '5',
      'Cache-Control': 'no-store',
    }),
  )
  return app
}

export function createApp({ site, renderNotFound, api, v2, ...base }: AppDeps): Hono {
  const app = baseApp(base)

  if (api) app.route('/api', api)
  app.all('/api/*', (c) => c.json({ message: SERVER_SENTENCES.notFound }, 404))
  if (v2) app.route('/v2', v2)
  app.all('/v2/*', (c) => failure(c, 404, V2_SENTENCES.notFound))

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const file = lookup(site, c.req.path)
    if (!file) {
      const html = await renderNotFound(c.req.path)
      return c.html(html, 404, { 'Cache-Control': 'no-cache' })
    }
    if (c.req.header('if-none-match') === file.etag) {
      return c.body(null, 304, { ETag: file.etag, 'Cache-Control': file.cacheControl })
    }
    const encoding = chooseEncoding(c.req.header('accept-encoding') ?? '', { br: !!file.brotli, gzip: !!file.gzip })
    const body = (encoding === 'br' ? file.brotli : encoding === 'gzip' ? file.gzip : undefined) ?? file.body
    const responseHeaders: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    }
    if (encoding) responseHeaders['Content-Encoding'] = encoding
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers: responseHeaders })
  })

  app.all('*', (c) => c.text(SERVER_SENTENCES.methodNotAllowed, 405, { Allow: 'GET, HEAD' }))
  return app
}
