/**
 * The webhooks' outbox (docs/webhooks.md#delivery): events written in the transaction of the change that causes them,
 * fanned out when due into one delivery per subscription listening then, and deliveries claimed with a lease by the
 * worker (server/webhooks/worker.ts) over rows picked `FOR UPDATE SKIP LOCKED`, as the mail jobs are: several
 * instances take different ones, and a worker that dies mid-send leaves its lease to run out, after which another
 * sends again with the same webhook-id. Every attempt is recorded.
 */
import { Temporal } from 'temporal-polyfill'
import { dropPendingDeliveries, forgetUndelivered } from './webhooks'
import { iso, type Backend, type Sql } from './sql'

/** An event for the outbox, made by the scheduler (server/webhooks/bookingEvents.ts) before the change's transaction. */
export interface NewWebhookEvent {
  /** Random: the deliveries' webhook-ids are made of it. */
  uid: string
  /** Cal.com's trigger name: BOOKING_CREATED, MEETING_ENDED… */
  trigger: string
  eventTypeId: number
  /** ISO instant: the body's `createdAt`. */
  createdAt: string
  /** ISO instant it is due (MEETING_ENDED: the call's end); absent: at once. */
  dueAt?: string
  /** Cal.com's `payload` object. */
  payload: Record<string, unknown>
}

/** A delivery as the worker sends it: the event, and its subscription as it is now. */
export interface ClaimedDelivery {
  id: number
  /** The webhook-id header: the same on every attempt. */
  messageId: string
  /** Attempts so far, this one included. */
  attempts: number
  trigger: string
  createdAt: string
  payload: Record<string, unknown>
  webhookId: number
  subscriberUrl: string
  secret: string | null
  payloadTemplate: string | null
}

/** One attempt: when, the answer's status (none: no answer came), how long it took, what went wrong. */
export interface Attempt {
  at: Temporal.Instant
  status: number | null
  durationMs: number
  error: string | null
}

/**
 * What became of a delivery after an attempt: delivered; tried again at `at`; given up; or 'gone' (410): given up
 * with its subscription turned off.
 */
export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; at: Temporal.Instant } | { kind: 'failed' } | { kind: 'gone' }

/** A delivery's state, as `npm run webhooks`, the tests and the desk read it. */
export interface DeliveryState {
  id: number
  webhookId: number
  trigger: string
  messageId: string
  status: 'pending' | 'delivered' | 'failed' | 'dropped'
  attempts: number
  lastStatus: number | null
  lastError: string | null
  nextAttemptAt: string
  deliveredAt: string | null
  /** Each attempt, oldest first. */
  tries: { at: string; status: number | null; durationMs: number; error: string | null }[]
}

export interface WebhookOutboxStore {
  /** Writes `events` of the booking `bookingId` in a transaction of their own (a change that has none to join). */
  write(bookingId: number | null, events: NewWebhookEvent[], now: Temporal.Instant): Promise<void>
  /** Fans out up to `limit` due events into deliveries; resolves with how many deliveries were made. */
  fanOut(now: Temporal.Instant, limit: number): Promise<number>
  /** Takes up to `limit` due deliveries, each held until `leaseUntil`; counts the attempt. */
  claim(now: Temporal.Instant, leaseUntil: Temporal.Instant, limit: number): Promise<ClaimedDelivery[]>
  /** Records an attempt and what follows from it, in one transaction. */
  record(delivery: Pick<ClaimedDelivery, 'id' | 'webhookId'>, attempt: Attempt, outcome: AttemptOutcome): Promise<void>
  /** Hands a claimed delivery back untried (the worker is stopping): any worker may take it at once. */
  release(id: number): Promise<void>
  /** When the next event or delivery is due (or a lease runs out), if any. */
  nextDue(): Promise<Temporal.Instant | undefined>
  /** The deliveries of one booking's events, oldest first. */
  forBooking(uid: string): Promise<DeliveryState[]>
  /** A subscription's latest deliveries, newest first. */
  latest(webhookId: number, limit: number): Promise<DeliveryState[]>
  /** A booking's events still to be fanned out (MEETING_ENDED before the call's end), oldest first. */
  pendingEvents(uid: string): Promise<{ trigger: string; dueAt: string }[]>
}

/**
 * Writes a change's webhook events. One due at once is kept only while some active subscription listens for it (it
 * holds the visitor's data); one due later (MEETING_ENDED) always, since a subscription may come before it is due.
 */
export async function writeWebhookEvents(sql: Sql, bookingId: number | null, events: NewWebhookEvent[], now: Temporal.Instant): Promise<void> {
  for (const event of events) {
    await sql.query(
      `INSERT INTO webhook_events (uid, booking_id, event_type_id, trigger_event, created_at, due_at, payload)
       SELECT $1::text, $2::int, $3::int, $4::text, $5::timestamptz, $6::timestamptz, $7::json
        WHERE $8::boolean OR EXISTS (SELECT 1 FROM webhooks w WHERE w.active AND w.triggers ? $4::text
                                      AND (w.event_type_id IS NULL OR w.event_type_id = $3::int))`,
      [
        event.uid,
        bookingId,
        event.eventTypeId,
        event.trigger,
        event.createdAt,
        event.dueAt ?? now.toString(),
        JSON.stringify(event.payload),
        event.dueAt !== undefined,
      ],
    )
  }
}

/**
 * Drops a booking's events still waiting for their moment (MEETING_ENDED), in the transaction that moves it (which
 * writes one for the new end) or cancels it.
 */
export async function dropWaitingEvents(sql: Sql, bookingId: number, reason: string, now: Temporal.Instant): Promise<void> {
  await sql.query(
    `UPDATE webhook_events SET status = 'dropped', last_error = $2 WHERE booking_id = $1 AND status = 'pending' AND due_at > $3::timestamptz`,
    [bookingId, reason, now.toString()],
  )
}

/** Hands back every delivery a worker holds: PGlite only, at start, as the mail jobs (server/db/mailJobs.ts releaseLeases). */
export async function releaseDeliveryLeases(sql: Sql): Promise<number> {
  const rows = await sql.query(`UPDATE webhook_deliveries SET locked_until = NULL WHERE status = 'pending' AND locked_until IS NOT NULL RETURNING id`)
  return rows.length
}

const SELECT_DELIVERY = `SELECT d.id::int AS id, d.webhook_id AS "webhookId", e.trigger_event AS trigger, d.message_id AS "messageId",
  d.status, d.attempts, d.last_status AS "lastStatus", d.last_error AS "lastError", ${iso('d.next_attempt_at')} AS "nextAttemptAt",
  ${iso('d.delivered_at')} AS "deliveredAt",
  COALESCE((SELECT jsonb_agg(jsonb_build_object('at', ${iso('a.attempted_at')}, 'status', a.status, 'durationMs', a.duration_ms, 'error', a.error)
                             ORDER BY a.id)
              FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::jsonb) AS tries
  FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id`

export function webhookOutboxStore(backend: Backend): WebhookOutboxStore {
  return {
    write: (bookingId, events, now) => backend.transaction((sql) => writeWebhookEvents(sql, bookingId, events, now)),

    fanOut(now, limit) {
      return backend.transaction(async (sql) => {
        const rows = await sql.query<{ id: number; made: number }>(
          `WITH due AS (
             SELECT id FROM webhook_events WHERE status = 'pending' AND due_at <= $1::timestamptz
              ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
           ), fanned AS (
             UPDATE webhook_events e SET status = 'fanned' FROM due WHERE e.id = due.id
             RETURNING e.id, e.uid, e.trigger_event, e.event_type_id
           ), made AS (
             INSERT INTO webhook_deliveries (event_id, webhook_id, message_id, next_attempt_at)
             SELECT f.id, w.id, 'msg_' || f.uid || '_' || w.id, $1::timestamptz
               FROM fanned f JOIN webhooks w ON w.active AND w.triggers ? f.trigger_event
                                             AND (w.event_type_id IS NULL OR w.event_type_id = f.event_type_id)
             ON CONFLICT DO NOTHING
             RETURNING event_id
           )
           SELECT f.id::int AS id, (SELECT count(*) FROM made m WHERE m.event_id = f.id)::int AS made FROM fanned f`,
          [now.toString(), limit],
        )
        // Nobody listened when it came due: nothing to keep the visitor's data for.
        await forgetUndelivered(sql, rows.filter((row) => row.made === 0).map((row) => row.id))
        return rows.reduce((sum, row) => sum + row.made, 0)
      })
    },

    async claim(now, leaseUntil, limit) {
      const rows = await backend.query<ClaimedDelivery>(
        `UPDATE webhook_deliveries d SET locked_until = $2::timestamptz, attempts = d.attempts + 1
           FROM webhook_events e, webhooks w
          WHERE d.id IN (
                  SELECT p.id FROM webhook_deliveries p JOIN webhooks pw ON pw.id = p.webhook_id
                   WHERE p.status = 'pending' AND p.next_attempt_at <= $1::timestamptz
                     AND (p.locked_until IS NULL OR p.locked_until <= $1::timestamptz) AND pw.active
                   ORDER BY p.next_attempt_at, p.id
                   LIMIT $3
                   FOR UPDATE OF p SKIP LOCKED)
            AND e.id = d.event_id AND w.id = d.webhook_id
          RETURNING d.id::int AS id, d.message_id AS "messageId", d.attempts, e.trigger_event AS trigger,
                    ${iso('e.created_at')} AS "createdAt", e.payload, w.id AS "webhookId", w.subscriber_url AS "subscriberUrl",
                    w.secret, w.payload_template AS "payloadTemplate"`,
        [now.toString(), leaseUntil.toString(), limit],
      )
      return rows.sort((a, b) => a.id - b.id)
    },

    record(delivery, attempt, outcome) {
      return backend.transaction(async (sql) => {
        await sql.query(
          `INSERT INTO webhook_attempts (delivery_id, attempted_at, status, duration_ms, error) VALUES ($1, $2::timestamptz, $3, $4, $5)`,
          [delivery.id, attempt.at.toString(), attempt.status, Math.round(attempt.durationMs), attempt.error],
        )
        const status = { delivered: 'delivered', retry: 'pending', failed: 'failed', gone: 'failed' }[outcome.kind]
        await sql.query(
          `UPDATE webhook_deliveries
              SET status = $2, last_status = $3, last_error = $4, locked_until = NULL,
                  next_attempt_at = COALESCE($5::timestamptz, next_attempt_at),
                  delivered_at = CASE WHEN $2 = 'delivered' THEN $6::timestamptz ELSE delivered_at END
            WHERE id = $1`,
          [delivery.id, status, attempt.status, attempt.error, outcome.kind === 'retry' ? outcome.at.toString() : null, attempt.at.toString()],
        )
        if (outcome.kind === 'gone') {
          // 410: the subscriber says this URL is gone for good (Standard Webhooks, Cal.com's tools): the subscription goes off.
          const reason = 'the subscriber answered 410 Gone'
          await sql.query(`UPDATE webhooks SET active = false, off_reason = $2, updated_at = $3::timestamptz WHERE id = $1`, [
            delivery.webhookId,
            reason,
            attempt.at.toString(),
          ])
          await dropPendingDeliveries(sql, delivery.webhookId, 'the webhook was turned off: the subscriber answered 410 Gone')
        }
      })
    },

    async release(id) {
      await backend.query(`UPDATE webhook_deliveries SET locked_until = NULL, attempts = attempts - 1 WHERE id = $1`, [id])
    },

    async nextDue() {
      const [row] = await backend.query<{ due: string | null }>(
        `SELECT ${iso(`LEAST(
           (SELECT min(due_at) FROM webhook_events WHERE status = 'pending'),
           (SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'pending' AND locked_until IS NULL),
           (SELECT min(GREATEST(next_attempt_at, locked_until)) FROM webhook_deliveries WHERE status = 'pending' AND locked_until IS NOT NULL))`)} AS due`,
      )
      return row?.due ? Temporal.Instant.from(row.due) : undefined
    },

    forBooking(uid) {
      return backend.query<DeliveryState>(`${SELECT_DELIVERY} JOIN bookings b ON b.id = e.booking_id WHERE b.uid = $1 ORDER BY d.id`, [uid])
    },

    latest(webhookId, limit) {
      return backend.query<DeliveryState>(`${SELECT_DELIVERY} WHERE d.webhook_id = $1 ORDER BY d.id DESC LIMIT $2`, [webhookId, limit])
    },

    pendingEvents(uid) {
      return backend.query<{ trigger: string; dueAt: string }>(
        `SELECT e.trigger_event AS trigger, ${iso('e.due_at')} AS "dueAt" FROM webhook_events e JOIN bookings b ON b.id = e.booking_id
          WHERE b.uid = $1 AND e.status = 'pending' ORDER BY e.id`,
        [uid],
      )
    },
  }
}
