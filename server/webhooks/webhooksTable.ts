/**
 * What `npm run webhooks` prints: each subscription (its id, where it was made, on or off and why, its triggers, and
 * its subscriber's origin only: the rest of a URL often carries a token), then its latest deliveries with each one's
 * state, attempts and last answer. Terminal-safe: no control characters reach the screen.
 */
import type { DeliveryState } from '../db/webhookOutbox'
import type { WebhookRow } from '../db/webhooks'

// eslint-disable-next-line no-control-regex
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')

/** The URL as it may be shown: its scheme and host, the path and query cut (they hold the tokens). */
export function subscriberOrigin(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}/…`
  } catch {
    return '(not a URL)'
  }
}

function deliveryLine(d: DeliveryState): string {
  const last = d.tries.at(-1)
  const answer = d.lastStatus !== null ? `last answer ${d.lastStatus}` : d.lastError ? clean(d.lastError) : 'not tried yet'
  const when = last ? last.at : d.nextAttemptAt
  const next = d.status === 'pending' ? `, next try ${d.nextAttemptAt}` : ''
  const why = d.status === 'dropped' || d.status === 'failed' ? (d.lastError && d.lastStatus !== null ? ` (${clean(d.lastError)})` : '') : ''
  return `    ${when}  ${d.trigger.padEnd(23)} ${d.status.padEnd(9)} ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}, ${answer}${why}${next}`
}

export function webhooksTable(hooks: readonly { hook: WebhookRow; latest: readonly DeliveryState[] }[]): string {
  if (hooks.length === 0) return 'No webhooks. Automation tools subscribe through /v2/webhooks with API_KEY (docs/webhooks.md).'
  return hooks
    .map(({ hook, latest }) => {
      const scope = hook.eventTypeId === null ? '/v2/webhooks' : `/v2/event-types/${hook.eventTypeId}/webhooks`
      const state = hook.active ? 'on' : `off${hook.offReason ? ` (${clean(hook.offReason)})` : ''}`
      const head = [
        `Webhook ${hook.id}  ${state}  ${subscriberOrigin(hook.subscriberUrl)}  (made at ${scope}, ${hook.secret ? 'signed with its secret' : 'no secret'})`,
        `  Triggers: ${hook.triggers.join(', ')}${hook.payloadTemplate ? '; with a payload template' : ''}`,
      ]
      const deliveries = latest.length === 0 ? ['  No deliveries yet.'] : ['  Latest deliveries:', ...latest.map(deliveryLine)]
      return [...head, ...deliveries].join('\n')
    })
    .join('\n\n')
}
