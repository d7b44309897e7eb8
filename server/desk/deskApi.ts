/**
 * The desk's API (docs/desk.md, core/deskWire.ts), mounted at /api/desk by server/http/api/createApi.ts. Every answer
 * is `no-store`; with no address in DESK_EMAILS every route answers 404 `not_set_up`; a POST from another origin 403;
 * every route but `link` and `session` 401 without a live session (server/desk/deskAccess.ts).
 *
 * Nothing here logs an address, a token, a session id, a reason or a label: the request line logs the path only, and
 * a call's path as its pattern (server/http/app.ts loggedPath).
 */
import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import {
  DESK_LINK_MINUTES,
  DESK_TEXTS,
  HostCancelRequestSchema,
  LinkRequestSchema,
  NoShowRequestSchema,
  SessionRequestSchema,
  TimeOffRequestSchema,
} from '../../core/deskWire'
import { isBookingUid } from '../../core/manageWire'
import type { Clock } from '../clock'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import { clientKey, digestKey, emailKey } from '../limits/keys'
import { overLimit } from '../limits/rateLimit'
import { logOf } from '../log/logger'
import { deskLinkMail, rebookMail } from '../mail/deskMails'
import { mailSettings } from '../mail/settings'
import { refusalAnswer } from '../scheduler/refusalAnswer'
import type { Scheduler } from '../scheduler/scheduler'
import { MAX_BODY_BYTES } from '../scheduler/validation'
import { SERVER_SENTENCES } from '../sentences'
import { noShowUpdatedEvent } from '../webhooks/bookingPayload'
import { clearSessionCookie, digestOf, mayUseDesk, newSecret, requireSession, sameOrigin, sessionIdOf, setSessionCookie, type DeskVariables } from './deskAccess'
import { deskView } from './deskView'
import { timeOffRefusal } from './timeOffCheck'

/** Sign-in links one address may ask for in DESK_LINK_MINUTES, listed or not (the same answer either way). */
export const DESK_LINKS_PER_ADDRESS = 3

export interface DeskDeps {
  config: ServerConfig
  store: BookingStore
  clock: Clock
  /** The built-in scheduler: the host's cancel takes the visitor's path, so the same mails, invite and webhook go. */
  scheduler: Scheduler
  /** The client address the limits count (server/http/api/createApi.ts clientAddress). */
  clientAddress: (c: Context) => string
  /** The outbox workers' wake(). */
  onMailQueued: () => void
  newId?: () => string
}

type Body<Schema extends v.GenericSchema> = { ok: true; value: v.InferOutput<Schema> } | { ok: false; message: string }

/** The request's JSON read with `schema`: its first issue's sentence, or `fallback` for a body that is not JSON or not an object. */
async function readBody<Schema extends v.GenericSchema>(c: Context, schema: Schema, fallback: string): Promise<Body<Schema>> {
  let json: unknown
  try {
    json = JSON.parse(await c.req.text())
  } catch {
    return { ok: false, message: fallback }
  }
  const parsed = v.safeParse(schema, json)
  if (parsed.success) return { ok: true, value: parsed.output }
  const [issue] = parsed.issues
  return { ok: false, message: issue.path?.length ? issue.message : fallback }
}

export function createDeskApi({ config, store, clock, scheduler, clientAddress, onMailQueued, newId = randomUUID }: DeskDeps): Hono<{ Variables: DeskVariables }> {
  const settings = mailSettings(config, store.calendarSecret)
  const view = (c: Context<{ Variables: DeskVariables }>) => deskView(store, settings, c.get('deskEmail'), clock())
  const session = requireSession(config, store, clock)
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS
  // Per network on the two routes open without a session; per address (a digest) on the link, whoever asks.
  const byNetwork = store.rateLimiter({ keyPrefix: `desk:${config.RATE_LIMIT_BOOKINGS}/${windowSeconds}s`, points: config.RATE_LIMIT_BOOKINGS, duration: windowSeconds })
  const byAddress = store.rateLimiter({ keyPrefix: `desk-link-address:${DESK_LINKS_PER_ADDRESS}/${DESK_LINK_MINUTES}m`, points: DESK_LINKS_PER_ADDRESS, duration: DESK_LINK_MINUTES * 60 })
  const tooMany = (c: Context, retryAfter: number) => c.json({ message: DESK_TEXTS.tooManyLinks }, 429, { 'Retry-After': String(retryAfter) })
  const refused = (c: Context, message: string, status: ContentfulStatusCode) => c.json({ message }, status)

  /** Writes the link and its mail for a listed address; past the hour's cap, nothing but a warning (no address in it). */
  async function sendLink(c: Context, email: string): Promise<void> {
    const token = newSecret()
    const now = clock()
    const expiresAt = now.add({ minutes: DESK_LINK_MINUTES })
    const mail = deskLinkMail({ token, to: email, expiresAt: expiresAt.toString(), settings, newId })
    const written = await store.desk.issueLink({ tokenHash: digestOf(token), email, now, expiresAt, perHour: config.DESK_LINK_MAILS_PER_HOUR, mail })
    if (written === 'written') onMailQueued()
    else logOf(c).warn({ perHour: config.DESK_LINK_MAILS_PER_HOUR }, 'Desk: the hour’s sign-in mails (DESK_LINK_MAILS_PER_HOUR) are used up; a link was asked for and not sent')
  }

  const desk = new Hono<{ Variables: DeskVariables }>()
  desk.use(
    createMiddleware(async (c, next) => {
      await next()
      c.res.headers.set('Cache-Control', 'no-store')
    }),
  )
  desk.use(async (c, next) => {
    if (config.DESK_EMAILS.length === 0) return c.json({ code: 'not_set_up', message: DESK_TEXTS.notSetUp }, 404)
    await next()
  })
  desk.use(sameOrigin(config))
  desk.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: SERVER_SENTENCES.tooLarge }, 413) }))

  desk.post('/link', async (c) => {
    const fromNetwork = await overLimit(c, byNetwork, clientKey(clientAddress(c)))
    if (fromNetwork !== undefined) return tooMany(c, fromNetwork)
    const body = await readBody(c, LinkRequestSchema, DESK_TEXTS.emailInvalid)
    if (!body.ok) return refused(c, body.message, 400)
    const forAddress = await overLimit(c, byAddress, digestKey(`desk-link:${emailKey(body.value.email)}`))
    if (forAddress !== undefined) return tooMany(c, forAddress)
    // The answer does not wait for the link's writing: a listed address answers as fast as any other.
    const listed = config.DESK_EMAILS.find((allowed) => emailKey(allowed) === emailKey(body.value.email))
    if (listed) void sendLink(c, listed).catch((error: unknown) => logOf(c).error({ err: error }, 'Desk: a sign-in link could not be written'))
    return c.json({ message: DESK_TEXTS.linkSent }, 202)
  })

  desk.post('/session', async (c) => {
    const fromNetwork = await overLimit(c, byNetwork, clientKey(clientAddress(c)))
    if (fromNetwork !== undefined) return tooMany(c, fromNetwork)
    const linkRefused = () => c.json({ code: 'link_refused', message: DESK_TEXTS.linkRefused }, 400)
    const body = await readBody(c, SessionRequestSchema, DESK_TEXTS.linkRefused)
    if (!body.ok) return linkRefused()
    const now = clock()
    const email = await store.desk.useLink(digestOf(body.value.token), now)
    if (!email || !mayUseDesk(config, email)) return linkRefused()
    const sessionId = newSecret()
    await store.desk.startSession(digestOf(sessionId), email, now)
    setSessionCookie(c, config, sessionId)
    return c.body(null, 204)
  })

  desk.post('/sign-out', session, async (c) => {
    const id = sessionIdOf(c, config)
    if (id) await store.desk.endSession(digestOf(id), clock())
    clearSessionCookie(c, config)
    return c.body(null, 204)
  })

  desk.get('/', session, async (c) => c.json(await view(c), 200))

  desk.post('/calls/:uid/cancel', session, async (c) => {
    const body = await readBody(c, HostCancelRequestSchema, DESK_TEXTS.reasonInvalid)
    if (!body.ok) return refused(c, body.message, 400)
    const uid = c.req.param('uid')
    const outcome = await scheduler.cancel({ uid, cancellationReason: body.value.reason, clients: [], by: 'host' })
    if (!outcome.ok) {
      if (outcome.code === 'notFound') return refused(c, DESK_TEXTS.notFound, 404)
      if (outcome.code === 'alreadyCancelled' || outcome.code === 'pastCancel') return refused(c, DESK_TEXTS[outcome.code], 409)
      const { message, status } = refusalAnswer(outcome, config)
      return refused(c, message, status)
    }
    return c.json(await view(c), 200)
  })

  desk.post('/calls/:uid/no-show', session, async (c) => {
    const body = await readBody(c, NoShowRequestSchema, DESK_TEXTS.actionFailed)
    if (!body.ok) return refused(c, body.message, 400)
    const uid = c.req.param('uid')
    if (!isBookingUid(uid)) return refused(c, DESK_TEXTS.notFound, 404)
    const { noShow, rebook } = body.value
    const now = clock()
    const marked = await store.desk.markNoShow(uid, noShow, now, (row) => ({
      jobs: noShow && rebook ? [rebookMail({ booking: row, settings, newId })] : [],
      events: [noShowUpdatedEvent(row, noShow, { now, newId })],
    }))
    if (!marked.ok) return marked.code === 'notStarted' ? refused(c, DESK_TEXTS.notStarted, 409) : refused(c, DESK_TEXTS.notFound, 404)
    if (marked.changed) onMailQueued()
    return c.json(await view(c), 200)
  })

  desk.post('/time-off', session, async (c) => {
    const body = await readBody(c, TimeOffRequestSchema, DESK_TEXTS.timeOffOrder)
    if (!body.ok) return refused(c, body.message, 400)
    const { from, to, label } = body.value
    const now = clock()
    const refusal = timeOffRefusal(from, to, now.toZonedDateTimeISO(config.SCHEDULE_TIME_ZONE).toPlainDate())
    if (refusal) return refused(c, refusal, 400)
    await store.desk.addTimeOff({ from, to, label, now })
    return c.json(await view(c), 200)
  })

  desk.post('/time-off/:id/remove', session, async (c) => {
    // Gone already (another tab removed it): the desk as it is.
    await store.desk.removeTimeOff(c.req.param('id'))
    return c.json(await view(c), 200)
  })

  return desk
}
