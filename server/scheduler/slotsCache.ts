/**
 * Slots answers, computed once and served many times. An answer depends on three things:
 * - the request (range and zone): the cache key;
 * - the bookings: every change reported by the store's change feed drops every answer (this
 *   instance's changes before their HTTP answer, other instances' through PostgreSQL's NOTIFY), and
 *   while the feed is not live nothing is cached;
 * - the time, through the minimum notice and the window's end: both move slot by slot, and slot
 *   starts are whole minutes, so an answer holds for every `now` strictly inside one minute, or at
 *   one exact whole minute (then a start exactly at the notice's edge still counts). Whatever else
 *   happens, an answer lives one minute at most.
 * An answer computed while a change happened is never served: each carries the generation it
 * started in. Concurrent requests for one missing answer share one computation.
 */
import type { Temporal } from 'temporal-polyfill'
import { BoundedMap } from '../runtime/boundedMap'
import type { ChangeFeed } from '../db/changeFeed'

const MS_PER_MINUTE = 60_000

/**
 * Which stretch of time an answer computed at `now` holds for (see above): 2m at the exact start of
 * minute m, 2m + 1 strictly inside it. Numbers, not text: every request asks.
 */
export function timeBucket(now: Temporal.Instant): number {
  const ms = now.epochMilliseconds
  const minute = Math.floor(ms / MS_PER_MINUTE)
  // epochMilliseconds is floored, so an instant a few nanoseconds past the minute reads as on it.
  const onTheMinute = ms === minute * MS_PER_MINUTE && now.epochNanoseconds % 1_000_000n === 0n
  return onTheMinute ? 2 * minute : 2 * minute + 1
}

interface Entry<Answer> {
  generation: number
  bucket: number
  answer: Promise<Answer>
}

export interface SlotsCache<Answer> {
  /** The answer for `key` at `now`: cached, or `compute`d (and cached when it may be). */
  get(key: string, now: Temporal.Instant, compute: () => Promise<Answer>): Promise<Answer>
}

export function createSlotsCache<Answer>(changes: ChangeFeed, maxEntries = 2_000): SlotsCache<Answer> {
  let generation = 0
  const entries = new BoundedMap<string, Entry<Answer>>(maxEntries)
  changes.subscribe(() => {
    generation++
    entries.clear()
  })

  return {
    get(key, now, compute) {
      if (!changes.live()) return compute()
      const bucket = timeBucket(now)
      const found = entries.get(key)
      if (found && found.generation === generation && found.bucket === bucket) return found.answer
      const entry: Entry<Answer> = { generation, bucket, answer: compute() }
      // Set anew, so the insertion order stays the answers' age: the oldest goes first when full.
      entries.delete(key)
      entries.set(key, entry)
      // A failed computation (the database away) is not kept: the next request tries again.
      entry.answer.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      return entry.answer
    },
  }
}
