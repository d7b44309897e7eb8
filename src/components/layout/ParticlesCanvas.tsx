import type { Container, ISourceOptions } from '@tsparticles/engine'
import { Particles, ParticlesProvider } from '@tsparticles/react'
import { loadSlim } from '@tsparticles/slim'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { LINK_DISTANCE } from '../../../machines/particleBackground'

// Must be the same function for the whole app (the provider checks).
const registerSlim = async (engine: Parameters<typeof loadSlim>[0]) => {
  await loadSlim(engine)
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
    <ParticlesProvider init={registerSlim}>
      <Particles id="site-particles" options={options} particlesLoaded={loaded} className="size-full" />
    </ParticlesProvider>
  )
}
