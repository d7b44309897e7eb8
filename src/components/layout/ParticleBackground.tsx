import { lazy, Suspense } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { particleBackgroundMachine } from '../../../machines/particleBackground'
import { selection, useDeferredActor, useDeferredSelector } from '../../boot/deferredActor'
import { siteMachines } from '../../logic/deferredSiteMachines'

// Its own chunk: tsparticles is never part of the first load (docs/design.md#budgets).
const ParticlesCanvas = lazy(() => import('./ParticlesCanvas'))

type BackgroundSnapshot = SnapshotFrom<typeof particleBackgroundMachine>
/** What the view reads from the machine; in its initial state nothing is shown. */
export const particleBackgroundView = {
  /** The scene's context while shown, else null. */
  shown: selection((s: BackgroundSnapshot) => (s.matches('shown') ? s.context : null), null),
  paused: selection((s: BackgroundSnapshot) => s.matches({ shown: { animation: 'paused' } }), false),
}

/**
 * The dark theme's particle background (docs/design.md#product, docs/design.md#constants). Decorative: fixed behind the content, ignores
 * the pointer, hidden from assistive technology. Not loaded at all under prefers-reduced-motion.
 */
export function ParticleBackground() {
  const actor = useDeferredActor(siteMachines, (m) => m.createActor(m.particleBackgroundLogic))
  const shown = useDeferredSelector(actor, particleBackgroundView.shown)
  const paused = useDeferredSelector(actor, particleBackgroundView.paused)
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      {shown ? (
        <Suspense fallback={null}>
          <ParticlesCanvas count={shown.count} viewport={shown.viewport} paused={paused} />
        </Suspense>
      ) : null}
    </div>
  )
}
