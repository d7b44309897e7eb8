/**
 * Who may use the desk (docs/desk.md): the secrets of sign-in links and sessions, kept only as SHA-256 digests; the
 * session cookie; and the two guards every desk route passes: a changing request from the site's own origin, and a
 * live session (idle and absolute expiry, its last-seen moment moved on each request).
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { DESK_SESSION_IDLE_HOURS, DESK_SESSION_MAX_DAYS, DESK_TEXTS } from '../../core/deskWire'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import { emailKey } from '../limits/keys'

/** A new link token or session id: 256 random bits, URL-safe (core/deskWire.ts SessionRequestSchema reads it). */
export const newSecret = (): string => randomBytes(32).toString('base64url')

/** What the database keeps of a secret: never the secret itself. */
export const digestOf = (secret: string): string => createHash('sha256').update(secret).digest('hex')

/** Whether `email` may sign in: one of DESK_EMAILS, compared as the limits compare addresses. */
export function mayUseDesk(config: ServerConfig, email: string): boolean {
  const key = emailKey(email)
  return config.DESK_EMAILS.some((allowed) => emailKey(allowed) === key)
}

/** Over https the cookie is `Secure` and `__Host-` (this host only, path /); over plain http (a local run) neither. */
const overHttps = (config: ServerConfig) => config.PUBLIC_URL.startsWith('https://')
const COOKIE = 'desk_session'

const cookieName = (config: ServerConfig) => (overHttps(config) ? `__Host-${COOKIE}` : COOKIE)

/** Sets the session's cookie: HttpOnly, SameSite=Strict, path /, kept by the browser as long as a session can live. */
export function setSessionCookie(c: Context, config: ServerConfig, sessionId: string): void {
  const options = { httpOnly: true, sameSite: 'Strict', path: '/', maxAge: DESK_SESSION_MAX_DAYS * 86_400 } as const
  if (overHttps(config)) setCookie(c, COOKIE, sessionId, { ...options, secure: true, prefix: 'host' })
  else setCookie(c, COOKIE, sessionId, options)
}

export function clearSessionCookie(c: Context, config: ServerConfig): void {
  if (overHttps(config)) deleteCookie(c, COOKIE, { path: '/', secure: true, prefix: 'host' })
  else deleteCookie(c, COOKIE, { path: '/' })
}

/** The cookie's session id, if the request carries one. */
export const sessionIdOf = (c: Context, config: ServerConfig): string | undefined => getCookie(c, cookieName(config)) || undefined

/** The signed-in address, set by `requireSession` for the routes after it. */
export type DeskVariables = { deskEmail: string }

/** 403 for a POST whose Origin is not PUBLIC_URL's: another site cannot make the host's browser change anything. */
export function sameOrigin(config: ServerConfig): MiddlewareHandler {
  const own = new URL(config.PUBLIC_URL).origin
  return createMiddleware(async (c, next) => {
    if (c.req.method === 'POST' && c.req.header('origin') !== own) return c.json({ message: DESK_TEXTS.foreignOrigin }, 403)
    await next()
  })
}

/** 401 `signed_out` unless the cookie names a live session of an address still in DESK_EMAILS. */
export function requireSession(config: ServerConfig, store: BookingStore, clock: Clock): MiddlewareHandler<{ Variables: DeskVariables }> {
  return createMiddleware<{ Variables: DeskVariables }>(async (c, next) => {
    const id = sessionIdOf(c, config)
    const now = clock()
    const email = id
      ? await store.desk.touchSession(digestOf(id), {
          now,
          idleSince: now.subtract({ hours: DESK_SESSION_IDLE_HOURS }),
          startedSince: now.subtract({ hours: DESK_SESSION_MAX_DAYS * 24 }),
        })
      : undefined
    if (!email || !mayUseDesk(config, email)) return c.json({ code: 'signed_out', message: DESK_TEXTS.sessionEnded }, 401)
    c.set('deskEmail', email)
    await next()
  })
}
