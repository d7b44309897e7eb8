/** When the page has loaded, painted, gone idle or come into view: what waits for those moments asks here. */

/** Whether a modal dialog (the booking modal, the mobile menu) covers the page with its backdrop. */
const coveredByDialog = () => document.querySelector('dialog[open]:modal') !== null

/**
 * Whether the page behind the content is out of sight: the tab is hidden, or a modal dialog (the booking modal, the
 * mobile menu) covers it with its backdrop. The background pauses then, leaving the phone's processor to what the
 * visitor is looking at (docs/performance.md#how-it-is-done).
 */
export const outOfSight = () => document.hidden || coveredByDialog()

/** Runs once the next frame is painted: after the browser has shown what the present task changed. */
export function afterNextPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run))
}

/** Resolves once the page has loaded (its load event has fired). */
export function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve()
  return new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
}

/** Resolves once the page has loaded and the browser is idle: decoration waits for real content. */
export async function afterFirstPaint(): Promise<void> {
  await afterLoad()
  return new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 3000 })
    else requestAnimationFrame(() => resolve())
  })
}

/**
 * Resolves once the page has loaded, the browser is idle, the booking form's files have come (the app loader
 * fetches them at the first idle moment) and no modal dialog covers the page: what sits behind the booking modal or
 * the menu (the voice widget, the particles) waits for it to close, and leaves the network and the processor to the
 * dialog meanwhile (docs/performance.md#what-waits-behind-a-dialog).
 */
export async function afterFirstPaintInView(): Promise<void> {
  await window.laterFilesFetched
  await afterFirstPaint()
  while (coveredByDialog()) {
    // `close` does not bubble: heard in the capture phase, from any dialog on the page.
    await new Promise<void>((resolve) => document.addEventListener('close', () => resolve(), { capture: true, once: true }))
    await afterFirstPaint()
  }
}
