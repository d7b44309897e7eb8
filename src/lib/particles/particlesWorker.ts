/**
 * The particle background's worker: tsparticles draws on the page's canvas from here, so neither its
 * start (a single piece of work of 12–24 ms on this machine, 4 × that on a mid-range phone) nor its
 * frames take time from the page's main thread (docs/design.md#budgets: TBT).
 *
 * The page sends the scene to show (ParticlesCanvas.tsx); the worker makes what it draws match it. It
 * imports nothing of the app but the scene's type: the machine module would bring XState with it.
 */
import { loadBasic } from '@tsparticles/basic'
import { tsParticles, type Container, type ISourceOptions } from '@tsparticles/engine'
import { loadParticlesLinksInteraction } from '@tsparticles/interaction-particles-links'
import { loadInteractivityPlugin } from '@tsparticles/plugin-interactivity'
import type { ParticleScene, ParticleWorkerMessage } from './scene'

// What tsparticles reads from the page's globals, which a worker does not have:
// - the screen's pixel ratio, set from each scene;
// - a document it listens on for visibility and pointer events. Neither event comes here: the page
//   pauses the animation itself while the tab is hidden, and the background ignores the pointer;
// - HTMLElement, to ask whether what it listens on is an element (nothing here is).
const scope = globalThis as unknown as {
  devicePixelRatio: number
  document?: EventTarget & { hidden: boolean }
  HTMLElement?: unknown
}
scope.document ??= Object.assign(new EventTarget(), { hidden: false })
scope.HTMLElement ??= class {}

// Only what the background draws: round particles that move and bounce (basic) and the lines between
// them (links, which need the interactivity plugin).
const pluginsLoaded = (async () => {
  await loadBasic(tsParticles)
  await loadInteractivityPlugin(tsParticles)
  await loadParticlesLinksInteraction(tsParticles)
})()

function particleOptions({ count, linkDistance }: ParticleScene): ISourceOptions {
  return {
    fullScreen: { enable: false },
    background: { color: 'transparent' },
    detectRetina: true,
    fpsLimit: 60,
    // The page pauses and plays the animation (the tab's visibility); the canvas is always in view.
    pauseOnBlur: false,
    pauseOnOutsideViewport: false,
    interactivity: { events: { onHover: { enable: false }, onClick: { enable: false }, resize: { enable: false } } },
    particles: {
      number: { value: count, density: { enable: false } },
      color: { value: ['#38bdf8', '#818cf8'] },
      opacity: { value: { min: 0.25, max: 0.6 } },
      size: { value: { min: 1, max: 2.5 } },
      links: { enable: true, distance: linkDistance, color: '#38bdf8', opacity: 0.18, width: 1 },
      move: { enable: true, speed: 0.6, direction: 'none', outModes: { default: 'bounce' } },
    },
  }
}

let canvas: OffscreenCanvas | undefined
let container: Container | undefined
let shown: ParticleScene | undefined

async function show(scene: ParticleScene) {
  if (!canvas) return
  await pluginsLoaded
  const resized = !shown || scene.width !== shown.width || scene.height !== shown.height || scene.pixelRatio !== shown.pixelRatio
  if (resized || scene.count !== shown?.count || scene.linkDistance !== shown.linkDistance) {
    container?.destroy()
    // The drawing surface is in device pixels; tsparticles scales sizes, speeds and distances by the ratio.
    canvas.width = Math.round(scene.width * scene.pixelRatio)
    canvas.height = Math.round(scene.height * scene.pixelRatio)
    scope.devicePixelRatio = scene.pixelRatio
    container = await tsParticles.load({ id: 'site-particles', element: canvas, options: particleOptions(scene) })
  }
  if (scene.paused) container?.pause()
  else container?.play()
  shown = scene
}

// One scene at a time, in the order the page sent them: a load must finish before the next scene. A
// failure is reported as the worker's error (the console) and does not stop the scenes after it.
let queue = Promise.resolve()
self.onmessage = ({ data }: MessageEvent<ParticleWorkerMessage>) => {
  canvas ??= data.canvas
  queue = queue.then(() => show(data.scene)).catch(reportError)
}
