/**
 * A delivery's signatures (docs/webhooks.md#signatures), so a receiver can check either: Cal.com's
 * `X-Cal-Signature-256`, the hex HMAC-SHA256 of the raw body with the subscription's secret (`no-secret-provided`
 * without one), with `X-Cal-Webhook-Version`; and Standard Webhooks' `webhook-id`, `webhook-timestamp` and
 * `webhook-signature`, made by the standardwebhooks library with the same secret, raw.
 */
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { CALCOM_WEBHOOK_VERSION } from './triggers'

/** Cal.com's header without a secret. */
export const NO_SECRET = 'no-secret-provided'

export function signatureHeaders(body: string, secret: string | null, messageId: string, at: Date): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Cal-Signature-256': secret ? createHmac('sha256', secret).update(body).digest('hex') : NO_SECRET,
    'X-Cal-Webhook-Version': CALCOM_WEBHOOK_VERSION,
    // The id and the time go without a secret too: a receiver dedupes by the id whatever it checks.
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  }
  if (secret) headers['webhook-signature'] = new Webhook(secret, { format: 'raw' }).sign(messageId, at, body)
  return headers
}
