import { useEffect, useRef } from 'react'
import { LINK_DISTANCE, type ViewportSize } from '../../../machines/particleBackground'
import type { ParticleScene, ParticleWorkerMessage } from '../../lib/particles/scene'

interface Drawing {
  worker: Worker
  canvas: HTMLCanvasElement
  /** The canvas's drawing surface, until it has gone to the worker with the first scene. */
  offscreen: OffscreenCanvas | undefined
}

/**
 * The particle background's canvas. tsparticles draws on it from a worker (src/lib/particles/particlesWorker.ts):
 * this component only hands the canvas over and sends the scene the machine asks for. Loaded lazily by
 * ParticleBackground once the page is idle.
 */
export default function ParticlesCanvas({ count, viewport, paused }: { count: number; viewport: ViewportSize; paused: boolean }) {
  const host = useRef<HTMLDivElement>(null)
  const drawing = useRef<Drawing | null>(null)

  // One canvas and one worker per mount. The canvas is made here, not rendered: a canvas's drawing goes
  // to a worker only once, so a remount needs a new canvas.
  useEffect(() => {
    const element = host.current
    const canvas = document.createElement('canvas')
    if (!element || typeof canvas.transferControlToOffscreen !== 'function') return
    canvas.className = 'block size-full'
    element.append(canvas)
    const worker = new Worker(new URL('../../lib/particles/particlesWorker.ts', import.meta.url), { type: 'module', name: 'particles' })
    drawing.current = { worker, canvas, offscreen: canvas.transferControlToOffscreen() }
    return () => {
      worker.terminate()
      drawing.current = null
      canvas.remove()
    }
  }, [])

  // The machine changes the count and the viewport once a resize has settled; the canvas is measured then.
  useEffect(() => {
    const current = drawing.current
    if (!current) return
    const { canvas, offscreen } = current
    current.offscreen = undefined
    const scene: ParticleScene = {
      width: canvas.clientWidth,
      height: canvas.clientHeight,
      pixelRatio: window.devicePixelRatio,
      count,
      linkDistance: LINK_DISTANCE,
      paused,
    }
    const message: ParticleWorkerMessage = { canvas: offscreen, scene }
    current.worker.postMessage(message, offscreen ? [offscreen] : [])
  }, [count, viewport.width, viewport.height, paused])

  return <div ref={host} className="size-full" />
}
