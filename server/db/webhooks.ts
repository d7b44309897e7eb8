/**
 * The webhook subscriptions (table webhooks) that automation tools make through Cal.com's API v2 (server/http/v2/).
 * A subscription made under an event type (`eventTypeId`) is seen only there, one made at /v2/webhooks only
 * there, as in Cal.com. Subscriber URLs and secrets are secrets: nothing here logs.
 */
import { iso, type Backend, type Sql } from './sql'

export interface WebhookRow {
  id: number
  subscriberUrl: string
  triggers: string[]
  active: boolean
  secret: string | null
  payloadTemplate: string | null
  /** null: made at /v2/webhooks, for every booking; else at /v2/event-types/{id}/webhooks. */
  eventTypeId: number | null
  createdAt: string
  updatedAt: string
  /** Why the server turned it off (410 Gone); null otherwise. */
  offReason: string | null
}

export type NewWebhook = Pick<WebhookRow, 'subscriberUrl' | 'triggers' | 'active' | 'secret' | 'payloadTemplate' | 'eventTypeId'>

/** What a PATCH may change; absent fields stay. */
export type WebhookChanges = Partial<Pick<WebhookRow, 'subscriberUrl' | 'triggers' | 'active' | 'secret' | 'payloadTemplate'>>

/** Where a subscription was made: the route's scope (null: /v2/webhooks). */
export type WebhookScope = number | null

export interface WebhookStore {
  /** The scope's subscriptions, oldest first, `take` of them after `skip`. */
  list(scope: WebhookScope, take: number, skip: number): Promise<WebhookRow[]>
  find(id: number, scope: WebhookScope): Promise<WebhookRow | undefined>
  /** Adds one, unless `max` exist already (counted under a lock, so two requests cannot both pass): 'full'. */
  create(hook: NewWebhook, max: number, now: string): Promise<WebhookRow | 'full'>
  /** Changes one; turned off, its deliveries still to go are dropped in the same transaction. */
  update(id: number, scope: WebhookScope, changes: WebhookChanges, now: string): Promise<WebhookRow | undefined>
  /** Deletes one with its deliveries; answers it as it was. */
  remove(id: number, scope: WebhookScope): Promise<WebhookRow | undefined>
  /** Every subscription, for `npm run webhooks`. */
  all(): Promise<WebhookRow[]>
}

const SELECT_WEBHOOK = `SELECT id, subscriber_url AS "subscriberUrl", triggers, active, secret, payload_template AS "payloadTemplate",
  event_type_id AS "eventTypeId", ${iso('created_at')} AS "createdAt", ${iso('updated_at')} AS "updatedAt", off_reason AS "offReason" FROM webhooks`
const IN_SCOPE = 'event_type_id IS NOT DISTINCT FROM $2::int'
/** One lock for the count of subscriptions (server/db/bookingChanges.ts has 11 to 13, emailCodes.ts 14 and 15). */
const LOCK_WEBHOOKS = 16

/**
 * Drops a subscription's deliveries still to go, in the transaction that turns it off: an event meant for it is not
 * sent once it is off, nor later when it is turned on again.
 */
export async function dropPendingDeliveries(sql: Sql, webhookId: number, reason: string): Promise<void> {
  await sql.query(
    `UPDATE webhook_deliveries SET status = 'dropped', last_error = $2, locked_until = NULL WHERE webhook_id = $1 AND status = 'pending'`,
    [webhookId, reason],
  )
}

/** Deletes those of `eventIds` that were fanned out and that no delivery refers to (any more): nobody will read their data. */
export async function forgetUndelivered(sql: Sql, eventIds: readonly number[]): Promise<void> {
  for (const id of eventIds)
    await sql.query(
      `DELETE FROM webhook_events e WHERE e.id = $1 AND e.status = 'fanned' AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)`,
      [id],
    )
}

export function webhookStore(backend: Backend): WebhookStore {
  return {
    list(scope, take, skip) {
      return backend.query<WebhookRow>(`${SELECT_WEBHOOK} WHERE event_type_id IS NOT DISTINCT FROM $1::int ORDER BY id LIMIT $2 OFFSET $3`, [scope, take, skip])
    },
    async find(id, scope) {
      return (await backend.query<WebhookRow>(`${SELECT_WEBHOOK} WHERE id = $1 AND ${IN_SCOPE}`, [id, scope]))[0]
    },
    create(hook, max, now) {
      return backend.transaction(async (sql) => {
        await sql.query('SELECT pg_advisory_xact_lock($1::int, 0)', [LOCK_WEBHOOKS])
        const [count] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks')
        if ((count?.n ?? 0) >= max) return 'full' as const
        const [row] = await sql.query<WebhookRow>(
          `WITH made AS (
             INSERT INTO webhooks (subscriber_url, triggers, active, secret, payload_template, event_type_id, created_at, updated_at)
             VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz) RETURNING *
           ) ${SELECT_WEBHOOK.replace('FROM webhooks', 'FROM made')}`,
          [hook.subscriberUrl, JSON.stringify(hook.triggers), hook.active, hook.secret, hook.payloadTemplate, hook.eventTypeId, now],
        )
        if (!row) throw new Error('INSERT returned no row')
        return row
      })
    },
    update(id, scope, changes, now) {
      return backend.transaction(async (sql) => {
        const [row] = await sql.query<WebhookRow>(`${SELECT_WEBHOOK} WHERE id = $1 AND ${IN_SCOPE} FOR UPDATE`, [id, scope])
        if (!row) return undefined
        const next = { ...row, ...changes }
        const [updated] = await sql.query<WebhookRow>(
          `WITH changed AS (
             UPDATE webhooks SET subscriber_url = $2, triggers = $3::jsonb, active = $4, secret = $5, payload_template = $6,
                                 updated_at = $7::timestamptz, off_reason = CASE WHEN $4 THEN NULL ELSE off_reason END
              WHERE id = $1 RETURNING *
           ) ${SELECT_WEBHOOK.replace('FROM webhooks', 'FROM changed')}`,
          [id, next.subscriberUrl, JSON.stringify(next.triggers), next.active, next.secret, next.payloadTemplate, now],
        )
        if (row.active && !next.active) await dropPendingDeliveries(sql, id, 'the webhook was turned off')
        return updated
      })
    },
    remove(id, scope) {
      return backend.transaction(async (sql) => {
        const events = await sql.query<{ id: number }>(`SELECT DISTINCT event_id::int AS id FROM webhook_deliveries WHERE webhook_id = $1`, [id])
        const [row] = await sql.query<WebhookRow>(
          `WITH gone AS (DELETE FROM webhooks WHERE id = $1 AND ${IN_SCOPE} RETURNING *) ${SELECT_WEBHOOK.replace('FROM webhooks', 'FROM gone')}`,
          [id, scope],
        )
        // Its deliveries went with it: an event left with none keeps a visitor's data for nobody.
        if (row) await forgetUndelivered(sql, events.map((event) => event.id))
        return row
      })
    },
    all() {
      return backend.query<WebhookRow>(`${SELECT_WEBHOOK} ORDER BY id`)
    },
  }
}
