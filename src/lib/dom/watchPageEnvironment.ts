/**
 * Browser signals the particle background reacts to: motion preference, tab visibility, viewport. Apart from
 * pageEnvironment.ts, whose waits the first load uses: only the background's own files need this
 * (docs/design.md#budgets: 115 KB).
 */
import type { EnvironmentSignal, ViewportSize } from '../../../machines/particleBackground'
import { afterNextPaint, outOfSight } from './pageEnvironment'

const viewport = (): ViewportSize => ({ width: window.innerWidth, height: window.innerHeight })

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
