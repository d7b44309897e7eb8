/**
 * The booking form's chunk (it pulls in temporal-polyfill, kept out of the first load of /).
 * One promise for the lazy component and the prefetch at the first sign of intent on a Book a Call
 * button (pointer over or down, focus). At idle its files are only fetched (the page's loader,
 * src/lib/appLoader.ts), not run: running temporal-polyfill and the form's code then is a long task that
 * Lighthouse counts (TBT 3 → 35–185 ms on /about in the same hour). The first slots are asked for at idle
 * too (firstSlots.ts, without Temporal).
 */
import { afterFirstPaint } from '../../lib/pageEnvironment'
// In the first load (0.2 KB gzip): a file of its own cost the idle prefetch a round trip before it asked.
import { prefetchFirstSlots } from './firstSlots'

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
    if (wanted) prefetchFirstSlots()
  })
  return () => {
    wanted = false
  }
}


