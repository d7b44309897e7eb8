/**
 * The booking form's chunk (it pulls in temporal-polyfill, kept out of the first load of /).
 * One promise for the lazy component and the prefetch at the first sign of intent on a Book a Call
 * button (pointer over or down, focus). At idle its files are fetched (the page's loader,
 * src/boot/appLoader.ts); its code runs at the first idle moment after the first slots have come, so a press
 * then only draws the form. Run before that, with the page's first Intl use on the main thread, it was a
 * long task Lighthouse counted (TBT on /about 3 → 35–185 ms); after the slots worker, TBT on / and /about
 * stays 0–8 ms (docs/performance.md#how-it-is-done). The first slots are asked for at load (firstSlots.ts, without Temporal).
 */
import { afterFirstPaint, afterLoad } from '../lib/dom/pageEnvironment'
import { bookingSettings } from '../config'
import type { FirstSlotsAsk, FirstSlotsNews } from './firstSlotsWorker'
import { rememberedTimeZone } from '../lib/time/timePreferences'

type FormModule = typeof import('../components/booking/BookingForm')

let formModule: Promise<FormModule> | undefined
let loadedFormModule: FormModule | null = null
const listeners = new Set<() => void>()

export function loadBookingForm() {
  formModule ??= import('../components/booking/BookingForm').then((m) => {
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
  prefetchBookingFormCode()
  prefetchFirstSlots()
}

/** The form's code, run now (its files are fetched already, or on their way), then what a press needs after it (prepareToOpen). */
function prefetchBookingFormCode(): void {
  void loadBookingForm().then(
    (m) => m.prepareToOpen(),
    () => {
      // A failed prefetch is retried when the modal opens.
      formModule = undefined
    },
  )
}

/** The manage page's route: its picker asks for a reschedule's slots, and a new booking is not the visitor's likely next step there. */
export const MANAGE_PAGE_ROUTE_ID = '/_main/booking/$uid'

/**
 * The first slots once the page has loaded, without waiting for the browser to be idle: the worker asks off
 * the main thread, and on a slow phone the page is not idle for seconds after its load (a press at load + 1 s
 * found the request not yet made). Once a page view: the app asks as it starts, before hydration, the modal
 * once it is drawn (for a page reached from the manage page). For an effect (returns its cleanup).
 */
export function prefetchFirstSlotsAfterLoad(): () => void {
  let wanted = true
  void afterLoad().then(() => {
    if (wanted) prefetchFirstSlotsInWorker()
  })
  return () => {
    wanted = false
  }
}

/**
 * In a worker: the page's first Intl.DateTimeFormat starts ICU, a long task on a phone
 * (docs/design.md#budgets: TBT); the worker pays it on its own thread. It names the URL before it asks, so a
 * press meanwhile waits for that answer rather than asking again. Once it has finished, the form's code runs
 * at the next idle moment.
 */
let workerStarted = false
function prefetchFirstSlotsInWorker(): void {
  // Once a page view: the app asks as it starts (main.tsx), the modal again once it is drawn.
  if (workerStarted) return
  workerStarted = true
  // Asked already by the page's loader, at a press before the app ran: its news so far, then the rest as it comes.
  const askedAtPress = takeFirstSlotsAskedAtPress()
  const worker = askedAtPress?.worker ?? new Worker(new URL('./firstSlotsWorker.ts', import.meta.url), { type: 'module', name: 'first slots' })
  // The store of prefetched slots is not in the first load (docs/design.md#budgets: 115 KB): imported when the worker names its URL.
  let pending: Promise<{ answer: (body: unknown) => void; fail: () => void } | null> = Promise.resolve(null)
  const finish = () => {
    worker.terminate()
    void afterFirstPaint().then(prefetchBookingFormCode)
  }
  const hear = (news: FirstSlotsNews) => {
    if (news.type === 'asking') return void (pending = import('./firstSlots').then((m) => m.expectSlots(news.url)))
    if (news.type === 'answered') void pending.then((p) => p?.answer(news.body))
    else void pending.then((p) => p?.fail())
    finish()
  }
  worker.onmessage = ({ data }: MessageEvent<FirstSlotsNews>) => hear(data)
  worker.onerror = () => hear({ type: 'failed', url: '' })
  if (askedAtPress) askedAtPress.news.forEach(hear)
  else worker.postMessage({ now: Date.now(), stored: rememberedTimeZone(), settings: bookingSettings } satisfies FirstSlotsAsk)
}

/**
 * The first slots' worker the page's loader asked at a press before the app ran (src/boot/appLoader.ts), once.
 * Taken, or found not asked, the loader asks no more: the app asks from then on.
 */
function takeFirstSlotsAskedAtPress() {
  const asked = window.firstSlotsAskedAtPress ?? undefined
  window.firstSlotsAskedAtPress = null
  return asked
}

/** A page whose press before the app does not ask for the first slots (the manage page): what the loader asked stops. */
export function stopFirstSlotsAskedAtPress(): void {
  takeFirstSlotsAskedAtPress()?.worker.terminate()
}

/** At the first sign of intent, if the prefetch at load has not come yet: a small file of its own, kept out of the first load. */
function prefetchFirstSlots(): void {
  void import('./firstSlots').then((m) => m.prefetchFirstSlots()).catch(() => {})
}
