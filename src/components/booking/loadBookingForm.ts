/**
 * The booking form's chunk (it pulls in temporal-polyfill, kept out of the first load of /).
 * One promise for the lazy component and the prefetch at the first sign of intent on a Book a Call
 * button (pointer over or down, focus). At idle its files are only fetched (the page's loader,
 * src/lib/appLoader.ts), not run: running temporal-polyfill and the form's code then is a long task that
 * Lighthouse counts (TBT 3 → 35–185 ms on /about in the same hour). The first slots are asked for at idle
 * too (firstSlots.ts, without Temporal).
 */
import { afterFirstPaint } from '../../lib/pageEnvironment'
import { bookingSettings } from '../../config'
import type { FirstSlotsAsk, FirstSlotsNews } from '../../lib/firstSlotsWorker'
import { rememberedTimeZone } from '../../lib/timePreferences'

type FormModule = typeof import('./BookingForm')

let formModule: Promise<FormModule> | undefined
let loadedFormModule: FormModule | null = null
const listeners = new Set<() => void>()

export function loadBookingForm() {
  formModule ??= import('./BookingForm').then((m) => {
    loadedFormModule = m
    for (const listener of [...listeners]) listener()
    return m
  })
  return formModule
}

/** The form's module once it has loaded (prefetched on intent, say): the modal then draws the form without suspending. */
export const loadedBookingForm = () => loadedFormModule

/**
 * Tells the modal when the module has loaded, so it draws the form itself rather than through the lazy
 * component's retry: React holds a Suspense boundary's retry back up to 300 ms after its fallback showed.
 */
export function subscribeBookingForm(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The form's code, and the slots it will ask for first: a press finds both loaded or on their way. */
export function prefetchBookingForm(): void {
  void loadBookingForm().catch(() => {
    // A failed prefetch is retried when the modal opens.
    formModule = undefined
  })
  prefetchFirstSlots()
}

/** The first slots at the page's first idle moment; for an effect (returns its cleanup). */
export function prefetchFirstSlotsWhenIdle(): () => void {
  let wanted = true
  void afterFirstPaint().then(() => {
    if (wanted) prefetchFirstSlotsInWorker()
  })
  return () => {
    wanted = false
  }
}

/**
 * At idle, in a worker: the page's first Intl.DateTimeFormat starts ICU, a long task on a phone
 * (docs/design.md#budgets: TBT); the worker pays it on its own thread. It names the URL before it asks, so a
 * press meanwhile waits for that answer rather than asking again.
 */
function prefetchFirstSlotsInWorker(): void {
  const worker = new Worker(new URL('../../lib/firstSlotsWorker.ts', import.meta.url), { type: 'module', name: 'first slots' })
  // The store of prefetched slots is not in the first load (docs/design.md#budgets: 115 KB): imported when the worker names its URL.
  let pending: Promise<{ answer: (body: unknown) => void; fail: () => void } | null> = Promise.resolve(null)
  worker.onmessage = ({ data }: MessageEvent<FirstSlotsNews>) => {
    if (data.type === 'asking') return void (pending = import('../../lib/slotsPrefetch').then((m) => m.expectSlots(data.url)))
    if (data.type === 'answered') void pending.then((p) => p?.answer(data.body))
    else void pending.then((p) => p?.fail())
    worker.terminate()
  }
  worker.onerror = () => {
    void pending.then((p) => p?.fail())
    worker.terminate()
  }
  worker.postMessage({ now: Date.now(), stored: rememberedTimeZone(), settings: bookingSettings } satisfies FirstSlotsAsk)
}

/** At the first sign of intent, if the idle prefetch has not come yet: a small file of its own, kept out of the first load. */
function prefetchFirstSlots(): void {
  void import('./firstSlots').then((m) => m.prefetchFirstSlots()).catch(() => {})
}
