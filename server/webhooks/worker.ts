/**
 * The webhook worker (docs/webhooks.md#delivery): fans out the outbox's due events, then sends the due deliveries of
 * each batch side by side (a slow subscriber holds up no other), outside any transaction. 2xx delivers; 410 gives up
 * and turns the subscription off; anything else, a timeout or a refused connection is tried again after the next
 * wait of WEBHOOK_RETRIES, and after the last the delivery gives up. Every attempt is recorded. Due times are on the
 * injected clock; the signature's timestamp is the wall clock's (a receiver compares it with its own).
 * `wake()` says events were written; `stop()` lets the attempts in flight finish, or, past the deadline, aborts them
 * and hands them back to be sent later.
 */
import { Temporal } from 'temporal-polyfill'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import type { AttemptOutcome, ClaimedDelivery, WebhookOutboxStore } from '../db/webhookOutbox'
import { deliveryBody } from './deliveryBody'
import { pollingLoop } from '../runtime/pollingLoop'
import { postWebhook, type PostResult } from './post'
import { signatureHeaders } from './signatures'

export interface WebhookWorker {
  start(): void
  /** Looks for due events now, without waiting for the next poll. */
  wake(): void
  /** Resolves once nothing is in flight; what is not delivered stays in the outbox for the next start. */
  stop(options?: { deadlineMs?: number }): Promise<void>
}

export interface WebhookWorkerOptions {
  outbox: WebhookOutboxStore
  clock: () => Temporal.Instant
  /** One line per attempt: its delivery, event and subscription by id, its status, never a URL, secret or body. */
  log: (line: string) => void
  /** WEBHOOK_RETRIES: the wait after each failed attempt, in milliseconds. */
  retries: readonly number[]
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean
  /** One attempt's whole exchange. */
  timeoutMs?: number
  pollMs?: number
  leaseMs?: number
  batchSize?: number
}

/** A subscriber gets this long to answer, Cal.com's and Standard Webhooks' usual. */
export const WEBHOOK_TIMEOUT_MS = 15_000

/** What an answer means for the delivery after attempt `attempts` (1 for the first). */
export function outcomeOf(result: Pick<PostResult, 'status'>, attempts: number, retries: readonly number[], now: Temporal.Instant): AttemptOutcome {
  const { status } = result
  if (status !== null && status >= 200 && status < 300) return { kind: 'delivered' }
  if (status === 410) return { kind: 'gone' }
  const wait = retries[attempts - 1]
  return wait === undefined ? { kind: 'failed' } : { kind: 'retry', at: now.add({ milliseconds: wait }) }
}

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const { outbox, clock, log, retries, allowPrivate } = options
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  const pollMs = options.pollMs ?? 30_000
  // Longer than an attempt may take: another instance takes a delivery only once its sender is surely gone.
  const leaseMs = options.leaseMs ?? timeoutMs * 4
  const batchSize = options.batchSize ?? 10
  const inFlight = new Set<AbortController>()

  const describe = (d: ClaimedDelivery) => `webhook delivery ${d.id} (${d.trigger} to webhook ${d.webhookId}, attempt ${d.attempts})`

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const abort = new AbortController()
    inFlight.add(abort)
    try {
      const { contentType, body } = deliveryBody(delivery)
      const headers = { 'Content-Type': contentType, ...signatureHeaders(body, delivery.secret, delivery.messageId, new Date()) }
      const at = clock()
      const result = await postWebhook(delivery.subscriberUrl, { headers, body, timeoutMs, allowPrivate, signal: abort.signal })
      if (abort.signal.aborted) {
        await outbox.release(delivery.id)
        log(`Webhook: ${describe(delivery)} handed back unsent (the server is stopping)`)
        return
      }
      const outcome = outcomeOf(result, delivery.attempts, retries, clock())
      await outbox.record(delivery, { at, ...result }, outcome)
      const answer = result.status === null ? (result.error ?? 'no answer') : `status ${result.status}`
      const what = {
        delivered: 'delivered',
        gone: 'refused for good (410 Gone): the webhook is turned off',
        failed: 'failed for good',
        retry: `failed; next try at ${outcome.kind === 'retry' ? outcome.at.toString() : ''}`,
      }[outcome.kind]
      log(`Webhook: ${describe(delivery)} ${what} (${answer}, ${result.durationMs} ms)`)
    } finally {
      inFlight.delete(abort)
    }
  }

  const loop = pollingLoop({
    async drain() {
      while (!loop.stopping) {
        const now = clock()
        await outbox.fanOut(now, batchSize * 10)
        const claimed = await outbox.claim(now, now.add({ milliseconds: leaseMs }), batchSize)
        if (claimed.length === 0) return
        await Promise.all(claimed.map(deliver))
      }
    },
    nextDue: () => outbox.nextDue(),
    clock,
    pollMs,
    onError: (error) => log(`Webhook: the outbox could not be read (${(error as { code?: string }).code ?? (error as Error).name}); trying again later`),
  })

  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    stop: ({ deadlineMs = 10_000 } = {}) => loop.stop({ deadlineMs, onLate: () => inFlight.forEach((abort) => abort.abort()) }),
  }
}

/** The worker as the server runs it: on the real clock, with WEBHOOK_RETRIES and WEBHOOK_ALLOW_PRIVATE. */
export function webhookWorkerFromConfig(
  config: Pick<ServerConfig, 'WEBHOOK_RETRIES' | 'WEBHOOK_ALLOW_PRIVATE'>,
  store: Pick<BookingStore, 'webhookOutbox'>,
  log: (line: string) => void,
  options: Partial<Pick<WebhookWorkerOptions, 'clock' | 'pollMs'>> = {},
): WebhookWorker {
  return createWebhookWorker({
    outbox: store.webhookOutbox,
    clock: options.clock ?? (() => Temporal.Now.instant()),
    log,
    retries: config.WEBHOOK_RETRIES,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    pollMs: options.pollMs,
  })
}
