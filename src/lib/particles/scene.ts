/** What the particle background's worker draws (src/lib/particles/particlesWorker.ts), as ParticlesCanvas asks for it. */
export interface ParticleScene {
  /** The canvas's size in CSS pixels. */
  width: number
  height: number
  /** Device pixels per CSS pixel: the canvas is drawn at the screen's resolution. */
  pixelRatio: number
  count: number
  /** Particles closer than this, in CSS pixels, are linked by a line. */
  linkDistance: number
  paused: boolean
}

/** The page's messages to the worker: the scene to show, with the canvas itself in the first. */
export interface ParticleWorkerMessage {
  canvas?: OffscreenCanvas
  scene: ParticleScene
}
