/**
 * Cal.com API v2's webhook routes (its WebhooksController and EventTypeWebhooksController), as automation tools'
 * Cal.com triggers call them: list with `take` and `skip`, create, read, change and delete, at /v2/webhooks and at
 * /v2/event-types/{id}/webhooks, each seeing its own (docs/webhooks.md#api). A listed webhook carries its secret, as
 * Cal.com's does: a tool finds its own subscription again by URL, triggers and secret.
 */
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import type { ServerConfig } from '../../config'
import type { BookingStore } from '../../db/store'
import type { WebhookRow, WebhookScope } from '../../db/webhooks'
import type { Clock } from '../../clock'
import { HOST_USER_ID } from '../../webhooks/eventType'
import { subscriberUrlRefusal, URL_REFUSALS } from '../../webhooks/subscriberUrl'
import { failure, success } from './envelope'
import { V2_SENTENCES } from './sentences'
import { CreateWebhookSchema, firstProblem, UpdateWebhookSchema } from './webhookInput'

/** At most this many subscriptions, all scopes together: each booking change is sent to every one. */
export const MAX_WEBHOOKS = 25

/** Cal.com's default and largest page. */
const MAX_TAKE = 250

/** A subscription as Cal.com answers it: its owner the host user, or its event type. */
export function webhookOutput(row: WebhookRow) {
  return {
    id: row.id,
    subscriberUrl: row.subscriberUrl,
    triggers: row.triggers,
    active: row.active,
    payloadTemplate: row.payloadTemplate,
    secret: row.secret,
    ...(row.eventTypeId === null ? { userId: HOST_USER_ID } : { eventTypeId: row.eventTypeId }),
  }
}

const Pagination = v.object({
  take: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(MAX_TAKE)), String(MAX_TAKE)),
  skip: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)), '0'),
})

const idOf = (c: Context): number | undefined => {
  const text = c.req.param('webhookId') ?? ''
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined
}

/** The body as a JSON object, or the 400 that says it is not. */
async function jsonBody(c: Context): Promise<{ ok: true; json: unknown } | { ok: false; response: Response }> {
  let json: unknown
  try {
    json = JSON.parse(await c.req.text())
  } catch {
    return { ok: false, response: failure(c, 400, V2_SENTENCES.notJson) }
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, response: failure(c, 400, V2_SENTENCES.bodyObject) }
  return { ok: true, json }
}

/** The routes of one scope (null: /v2/webhooks; an event type's id: /v2/event-types/{id}/webhooks). */
export function webhookRoutes(deps: { config: ServerConfig; store: BookingStore; clock: Clock }, scopeOf: (c: Context) => WebhookScope): Hono {
  const { config, store, clock } = deps
  const hooks = store.webhooks
  const refusal = (url: string) => subscriberUrlRefusal(url, config.WEBHOOK_ALLOW_PRIVATE)
  const now = () => clock().toString()
  const notFound = (c: Context) => failure(c, 404, V2_SENTENCES.webhookNotFound)

  const routes = new Hono()
  routes.get('/', async (c) => {
    const page = v.safeParse(Pagination, { take: c.req.query('take'), skip: c.req.query('skip') })
    if (!page.success) return failure(c, 400, V2_SENTENCES.badPagination)
    return success(c, (await hooks.list(scopeOf(c), page.output.take, page.output.skip)).map(webhookOutput))
  })

  routes.post('/', async (c) => {
    const body = await jsonBody(c)
    if (!body.ok) return body.response
    const parsed = v.safeParse(CreateWebhookSchema, body.json)
    if (!parsed.success) return failure(c, 400, firstProblem(parsed.issues))
    const input = parsed.output
    const refused = await refusal(input.subscriberUrl)
    if (refused) return failure(c, 400, URL_REFUSALS[refused])
    const made = await hooks.create(
      { ...input, secret: input.secret ?? null, payloadTemplate: input.payloadTemplate ?? null, eventTypeId: scopeOf(c) },
      MAX_WEBHOOKS,
      now(),
    )
    if (made === 'full') return failure(c, 400, V2_SENTENCES.full(MAX_WEBHOOKS))
    return success(c, webhookOutput(made), 201)
  })

  routes.get('/:webhookId', async (c) => {
    const id = idOf(c)
    const row = id === undefined ? undefined : await hooks.find(id, scopeOf(c))
    return row ? success(c, webhookOutput(row)) : notFound(c)
  })

  routes.patch('/:webhookId', async (c) => {
    const id = idOf(c)
    if (id === undefined) return notFound(c)
    const body = await jsonBody(c)
    if (!body.ok) return body.response
    const parsed = v.safeParse(UpdateWebhookSchema, body.json)
    if (!parsed.success) return failure(c, 400, firstProblem(parsed.issues))
    // Only what was sent changes: undefined is "not sent", null clears.
    const changes = Object.fromEntries(Object.entries(parsed.output).filter(([, value]) => value !== undefined))
    if (parsed.output.subscriberUrl !== undefined) {
      const refused = await refusal(parsed.output.subscriberUrl)
      if (refused) return failure(c, 400, URL_REFUSALS[refused])
    }
    const row = await hooks.update(id, scopeOf(c), changes, now())
    return row ? success(c, webhookOutput(row)) : notFound(c)
  })

  routes.delete('/:webhookId', async (c) => {
    const id = idOf(c)
    const row = id === undefined ? undefined : await hooks.remove(id, scopeOf(c))
    return row ? success(c, webhookOutput(row)) : notFound(c)
  })
  return routes
}
