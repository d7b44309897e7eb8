/**
 * Slots asked for before the picker asks (the page idle, a pointer over Book a Call), kept for it: the
 * picker takes a prefetched answer once, within 10 s (calendarApi.fetchSlots). Without valibot or
 * Temporal, so the page can prefetch before the booking form's code has run. The browser may answer
 * from its cache: a page before this one asked the same (`Cache-Control: private, max-age=10`).
 */

/** How long a prefetched answer may stand in for the picker's own request (the server lets the browser keep it as long). */
const REUSE_MS = 10_000

/** The last request of each slots URL: a prefetch waiting for the picker, or one the picker made itself. */
const recent = new Map<string, { at: number; body: Promise<unknown>; prefetch: boolean }>()
const isRecent = (entry: { at: number } | undefined) => entry !== undefined && Date.now() - entry.at < REUSE_MS

/** The body of a slots answer, unchecked; a non-OK answer throws 'HTTP error! status: {status}'. */
export async function requestSlotsBody(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, { ...init, headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`)
  return response.json()
}

/** Asks for a slots URL for the picker, unless a recent request of it stands. */
export function prefetchSlotsUrl(url: string): void {
  if (isRecent(recent.get(url))) return
  const body = requestSlotsBody(url)
  // A failed prefetch is forgotten: the picker asks again and shows its own error.
  body.catch(() => recent.delete(url))
  recent.set(url, { at: Date.now(), body, prefetch: true })
}

/**
 * A prefetch whose answer comes from elsewhere (the idle worker, firstSlotsWorker.ts): the picker waits for
 * it as for one made here. Null when a recent request of the URL stands.
 */
export function expectSlots(url: string): { answer: (body: unknown) => void; fail: () => void } | null {
  if (isRecent(recent.get(url))) return null
  let resolve: (body: unknown) => void = () => {}
  let reject: (error: Error) => void = () => {}
  const body = new Promise<unknown>((res, rej) => {
    resolve = res
    reject = rej
  })
  body.catch(() => recent.delete(url))
  recent.set(url, { at: Date.now(), body, prefetch: true })
  return { answer: resolve, fail: () => reject(new Error('The prefetch failed.')) }
}

/**
 * Whether a prefetch made here or by the worker still waits for the picker: the first sign of intent then need
 * not work out the URL again, which on the main thread is the page's first Intl use (a long task on a phone,
 * just as the visitor presses).
 */
export function hasWaitingPrefetch(): boolean {
  return waitingPrefetches().length > 0
}

/** The answers of the prefetches still waiting for the picker, so the form's code can check them ahead (calendarApi.checkWaitingSlots). */
export function waitingPrefetches(): Promise<unknown>[] {
  return [...recent.values()].filter((entry) => entry.prefetch && isRecent(entry)).map((entry) => entry.body)
}

/** A recent prefetch of the URL, once (then it is the picker's); null when there is none. */
export function takePrefetchedSlots(url: string): Promise<unknown> | null {
  const entry = recent.get(url)
  if (!entry?.prefetch || !isRecent(entry)) return null
  entry.prefetch = false
  return entry.body
}

/** The picker's own request of a URL: a prefetch within 10 s does not ask again. */
export function noteSlotsRequest(url: string, body: Promise<unknown>): void {
  recent.set(url, { at: Date.now(), body: body.catch(() => null), prefetch: false })
}
