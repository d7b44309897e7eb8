/** Browser signals the particle background reacts to: motion preference, tab visibility, viewport. */
import type { EnvironmentSignal, ViewportSize } from '../../../machines/particleBackground'

const viewport = (): ViewportSize => ({ width: window.innerWidth, height: window.innerHeight })

/**
 * Whether the page behind the content is out of sight: the tab is hidden, or a modal dialog (the booking modal, the
 * mobile menu) covers it with its backdrop. The background pauses then, leaving the phone's processor to what the
 * visitor is looking at (docs/performance.md#how-it-is-done).
 */
const outOfSight = () => document.hidden || document.querySelector('dialog[open]:modal') !== null

/** Reports the current values at once, then every change, until the returned function is called. */
export function watchPageEnvironment(report: (signal: EnvironmentSignal) => void): () => void {
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)')
  const onMotion = () => report({ type: 'MOTION_PREFERENCE', reduce: motion.matches })
  // The machine takes a change only; the same answer twice is nothing.
  const onVisibility = () => report({ type: 'VISIBILITY_CHANGED', hidden: outOfSight() })
  const onResize = () => report({ type: 'RESIZED', viewport: viewport() })
  report({ type: 'RESIZED', viewport: viewport() })
  onVisibility()
  onMotion()
  motion.addEventListener('change', onMotion)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('resize', onResize, { passive: true })
  // A dialog opening or closing (its `open` attribute), wherever it is on the page: told after the frame that shows
  // it, so the press that opened it is answered first.
  const dialogs = new MutationObserver(() => afterNextPaint(onVisibility))
  dialogs.observe(document.body, { attributes: true, attributeFilter: ['open'], subtree: true })
  return () => {
    motion.removeEventListener('change', onMotion)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('resize', onResize)
    dialogs.disconnect()
  }
}

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
