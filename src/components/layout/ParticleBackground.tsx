import { useActorRef, useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { particleBackgroundLogic } from '../../logic/particleBackground'

// Its own chunk: tsparticles is never part of the first load (DESIGN §10).
const ParticlesCanvas = lazy(() => import('./ParticlesCanvas'))

/**
 * The dark theme's particle background (SPEC §1, §9). Decorative: fixed behind the content, ignores
 * the pointer, hidden from assistive technology. Not loaded at all under prefers-reduced-motion.
 */
export function ParticleBackground() {
  const actor = useActorRef(particleBackgroundLogic)
  const shown = useSelector(actor, (s) => s.matches('shown'))
  const paused = useSelector(actor, (s) => s.matches({ shown: { animation: 'paused' } }))
  const count = useSelector(actor, (s) => s.context.count)
  const viewport = useSelector(actor, (s) => s.context.viewport)
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      {shown ? (
        <Suspense fallback={null}>
          <ParticlesCanvas count={count} viewport={viewport} paused={paused} />
        </Suspense>
      ) : null}
    </div>
  )
}
