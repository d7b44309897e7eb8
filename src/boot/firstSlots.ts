import { slotsPath } from '../../core/slotsRequest'
import { bookingSettings } from '../config'
import { firstSlotsWindow } from './firstSlotsWindow'
import { hasWaitingPrefetch, prefetchSlotsUrl } from '../lib/api/slotsPrefetch'
import { preferredTimeZone } from '../lib/time/timePreferences'

// The page's store of prefetched slots, for the worker's answer (loadBookingForm.ts): one small file to import for both.
export { expectSlots } from '../lib/api/slotsPrefetch'

/**
 * The URL of the slots the picker asks for first when it opens (the slots machine's first query: today
 * in the visitor's zone), the same text as calendarApi.slotsUrl gives it, worked out without Temporal;
 * null on a day whose midnight the zone skips or repeats.
 */
export function firstSlotsUrl(nowMs: number, timeZone: string, settings = bookingSettings): string | null {
  const window = firstSlotsWindow(nowMs, timeZone)
  return window && `${settings.apiBase}${slotsPath({ ...window, timeZone }, settings)}`
}

/**
 * Asks for those slots now, so they are there, or on their way, when the picker asks: at the page's
 * first idle moment and at the first sign of intent on Book a Call. Light enough for either: no
 * temporal-polyfill, no valibot, nothing of the form's code.
 */
export function prefetchFirstSlots(): void {
  // Asked for at load already (the worker), and not yet taken: the picker will have those.
  if (hasWaitingPrefetch()) return
  const url = firstSlotsUrl(Date.now(), preferredTimeZone())
  if (url) prefetchSlotsUrl(url)
}
