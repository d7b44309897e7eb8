import type { Container, ISourceOptions } from '@tsparticles/engine'
import { loadBasic } from '@tsparticles/basic'
import { loadParticlesLinksInteraction } from '@tsparticles/interaction-particles-links'
import { loadInteractivityPlugin } from '@tsparticles/plugin-interactivity'
import { Particles, ParticlesProvider } from '@tsparticles/react'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { LINK_DISTANCE } from '../../../machines/particleBackground'

// Only what the background draws: round particles that move and bounce (basic) and the lines between
// them (links, which need the interactivity plugin). The slim bundle's other shapes and interactions
// cost the main thread time to load and register. Must be the same function for the whole app (the provider checks).
const registerPlugins = async (engine: Parameters<typeof loadBasic>[0]) => {
  await loadBasic(engine)
  await loadInteractivityPlugin(engine)
  await loadParticlesLinksInteraction(engine)
}

function particleOptions(count: number): ISourceOptions {
  return {
    fullScreen: { enable: false },
    background: { color: 'transparent' },
    detectRetina: true,
    fpsLimit: 60,
    pauseOnBlur: true,
    pauseOnOutsideViewport: true,
    interactivity: { events: { onHover: { enable: false }, onClick: { enable: false }, resize: { enable: true } } },
    particles: {
      number: { value: count, density: { enable: false } },
      color: { value: ['#38bdf8', '#818cf8'] },
      opacity: { value: { min: 0.25, max: 0.6 } },
      size: { value: { min: 1, max: 2.5 } },
      links: { enable: true, distance: LINK_DISTANCE, color: '#38bdf8', opacity: 0.18, width: 1 },
      move: { enable: true, speed: 0.6, direction: 'none', outModes: { default: 'bounce' } },
    },
  }
}

/** The tsparticles canvas. Loaded lazily by ParticleBackground once the page is idle. */
export default function ParticlesCanvas({ count, paused }: { count: number; paused: boolean }) {
  const container = useRef<Container | undefined>(undefined)
  const pausedRef = useRef(paused)
  const options = useMemo(() => particleOptions(count), [count])
  const loaded = useCallback((loadedContainer?: Container) => {
    container.current = loadedContainer
    if (pausedRef.current) loadedContainer?.pause()
  }, [])

  useEffect(() => {
    pausedRef.current = paused
    if (paused) container.current?.pause()
    else container.current?.play()
  }, [paused])

  return (
    <ParticlesProvider init={registerPlugins}>
      <Particles id="site-particles" options={options} particlesLoaded={loaded} className="size-full" />
    </ParticlesProvider>
  )
}
