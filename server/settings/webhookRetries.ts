/**
 * WEBHOOK_RETRIES: how long after each failed delivery of a webhook the next attempt goes, in order, written
 * as durations with units (`5s,5m,30m`); after the last, the delivery gives up. Empty: no retry.
 */
import { parseDuration } from './reminderDurations'

/** Standard Webhooks' schedule after the first attempt: about three days of trying in ten attempts. */
export const DEFAULT_WEBHOOK_RETRIES = '5s,5m,30m,2h,5h,10h,14h,20h,24h'
export const MAX_WEBHOOK_RETRIES = 20

/** Milliseconds of each wait, in the order written; undefined when one is not a duration or there are too many. */
export function parseRetries(text: string): number[] | undefined {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const waits = parts.map(parseDuration)
  if (waits.length > MAX_WEBHOOK_RETRIES || waits.some((ms) => ms === undefined)) return undefined
  return waits as number[]
}
