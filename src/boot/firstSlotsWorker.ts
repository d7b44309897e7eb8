/**
 * The page's first-slots prefetch (at its load), off the main thread: the first Intl.DateTimeFormat of a page starts ICU
 * (12–39 ms on a desktop, a long task on a phone, docs/design.md#budgets: TBT), and reading the visitor's zone
 * needs one. Told the remembered zone (localStorage is the page's), it works out the picker's first URL, says
 * it at once (so the page does not ask twice), then sends the answer's body.
 */
import { firstSlotsUrl } from './firstSlots'
import type { BookingSettings } from '../config'
import { requestSlotsBody } from '../lib/api/slotsPrefetch'
import { isKnownTimeZone, visitorTimeZone } from '../lib/time/timePreferences'

export interface FirstSlotsAsk {
  now: number
  /** The zone remembered on this browser, if any (checked here). */
  stored: string | null
  /** The build's, when not given: the page's loader, which asks at a press before the app has run, has none. */
  settings?: BookingSettings
}

export type FirstSlotsNews = { type: 'asking'; url: string } | { type: 'answered'; url: string; body: unknown } | { type: 'failed'; url: string }

const post = (news: FirstSlotsNews) => self.postMessage(news)

self.onmessage = async ({ data }: MessageEvent<FirstSlotsAsk>) => {
  const zone = data.stored && isKnownTimeZone(data.stored) ? data.stored : visitorTimeZone()
  const url = firstSlotsUrl(data.now, zone, data.settings)
  if (!url) return post({ type: 'failed', url: '' })
  post({ type: 'asking', url })
  try {
    post({ type: 'answered', url, body: await requestSlotsBody(url) })
  } catch {
    post({ type: 'failed', url })
  }
}
