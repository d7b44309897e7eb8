/** Browser signals the particle background reacts to: motion preference, tab visibility, viewport. */
import type { EnvironmentSignal, ViewportSize } from '../../machines/particleBackground'

const viewport = (): ViewportSize => ({ width: window.innerWidth, height: window.innerHeight })

/** Reports the current values at once, then every change, until the returned function is called. */
export function watchPageEnvironment(report: (signal: EnvironmentSignal) => void): () => void {
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)')
  const onMotion = () => report({ type: 'MOTION_PREFERENCE', reduce: motion.matches })
  const onVisibility = () => report({ type: 'VISIBILITY_CHANGED', hidden: document.hidden })
  const onResize = () => report({ type: 'RESIZED', viewport: viewport() })
  report({ type: 'RESIZED', viewport: viewport() })
  onVisibility()
  onMotion()
  motion.addEventListener('change', onMotion)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('resize', onResize, { passive: true })
  return () => {
    motion.removeEventListener('change', onMotion)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('resize', onResize)
  }
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
