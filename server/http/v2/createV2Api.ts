/**
 * Cal.com's API v2, the part automation tools' Cal.com triggers use (docs/webhooks.md#api), mounted at /v2 by
 * server/http/app.ts: `GET /v2/me` (what a tool calls to test its credential), `GET /v2/event-types`, and the webhook
 * routes. Behind `Authorization: Bearer API_KEY`, compared in constant time after the wrong-secret limit; off (404)
 * while API_KEY is unset, and in Cal.com mode (CALCOM_URL), where Cal.com sends its own webhooks. Answers carry a
 * subscription's secret and URL: never cached.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { Clock } from '../../clock'
import type { ServerConfig } from '../../config'
import type { BookingStore } from '../../db/store'
import { sameSecret } from '../../limits/sameSecret'
import { MAX_BODY_BYTES } from '../../scheduler/validation'
import { eventTypeOf, hostUserOf, HOST_USER_ID } from '../../webhooks/eventType'
import { wrongSecrets } from '../api/createApi'
import { isJsonContentType } from '../jsonContentType'
import { failure, success } from './envelope'
import { V2_SENTENCES } from './sentences'
import { webhookRoutes } from './webhookRoutes'

export function createV2Api({ config, store, clock }: { config: ServerConfig; store: BookingStore; clock: Clock }): Hono {
  const key = config.CALCOM_URL ? undefined : config.API_KEY
  const guard = wrongSecrets(config, store)
  const eventType = eventTypeOf(config)

  const v2 = new Hono()
  v2.use(
    '*',
    createMiddleware(async (c, next) => {
      if (!key) return failure(c, 404, V2_SENTENCES.notFound)
      const given = /^Bearer +(\S+) *$/i.exec(c.req.header('authorization') ?? '')?.[1]
      const secret = await guard.check(c, () => given !== undefined && sameSecret(given, key))
      if (secret.verdict === 'limited') return failure(c, 429, V2_SENTENCES.rateLimited, { 'Retry-After': String(secret.retryAfterSeconds) })
      if (secret.verdict === 'wrong') {
        return failure(c, 401, V2_SENTENCES.unauthorized, { 'WWW-Authenticate': 'Bearer realm="api"' })
      }
      await next()
      c.res.headers.set('Cache-Control', 'no-store')
    }),
  )
  v2.on(['POST', 'PATCH'], '*', async (c, next) => {
    if (!isJsonContentType(c.req.header('content-type'))) return failure(c, 415, V2_SENTENCES.notJsonContentType)
    await next()
  })
  v2.on(['POST', 'PATCH'], '*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => failure(c, 413, V2_SENTENCES.tooLarge) }))

  const me = { ...hostUserOf(config), timeFormat: 12, weekStart: 'Monday', defaultScheduleId: null, organizationId: null }
  v2.get('/me', (c) => success(c, me))
  // Cal.com's 2024-06-14 shape, the one tools ask for with cal-api-version.
  const eventTypeOutput = { ...eventType, description: '', hidden: false, ownerId: HOST_USER_ID, users: [{ id: HOST_USER_ID, username: config.BOOKING_HOST }] }
  v2.get('/event-types', (c) => success(c, [eventTypeOutput]))
  v2.get('/event-types/:eventTypeId', (c) =>
    c.req.param('eventTypeId') === String(eventType.id) ? success(c, eventTypeOutput) : failure(c, 404, V2_SENTENCES.eventTypeNotFound),
  )
  v2.use('/event-types/:eventTypeId/webhooks/*', async (c, next) => {
    if (c.req.param('eventTypeId') !== String(eventType.id)) return failure(c, 404, V2_SENTENCES.eventTypeNotFound)
    await next()
  })
  v2.route('/webhooks', webhookRoutes({ config, store, clock }, () => null))
  v2.route('/event-types/:eventTypeId/webhooks', webhookRoutes({ config, store, clock }, () => eventType.id))
  v2.all('*', (c) => failure(c, 404, V2_SENTENCES.notFound))
  return v2
}
