import { expect, type Page, type Route, type Worker } from '@playwright/test'
import { particleBackgroundMachine, particleCount } from '../../../machines/particleBackground'
import type { ViewportSize } from '../../../machines/particleBackground'
import { waitForHydration } from '../../e2e/support/hydration'
import { describeUiPaths } from '../support/uiLevel'
import { particleBackgroundModel, RESIZED_VIEWPORT } from './support/chromeModels'

interface Sut {
  page: Page
  /** The app's scripts, held until the first motion preference is decided (the machine is undecided until it runs). */
  release: (() => Promise<void>) | null
  /** The worker tsparticles draws from, once instrumented (each new background starts a new one). */
  drawing: { worker: Promise<Worker> | null }
  size: ViewportSize
  /** The size the particles were last counted for. */
  countedSize: ViewportSize
  hidden: boolean
}

declare global {
  interface Window {
    /** Test only (init script below): the tab's visibility. */
    __paths?: { setHidden(hidden: boolean): void }
  }
  // In the particle worker (instrumentWorker below): circles drawn per frame.
  var __particleFrames: number[] | undefined
}

/**
 * In the page, before any of its scripts: document.hidden / visibilityState answer what the test says
 * (a visibilitychange is dispatched on each change). The page is only observed: nothing in it is
 * changed but what the browser would report.
 */
function instrumentPage() {
  let hidden = false
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') })
  window.__paths = {
    setHidden(value) {
      hidden = value
      document.dispatchEvent(new Event('visibilitychange'))
    },
  }
}

/**
 * In the particle worker: each frame drawn is counted in circles (tsparticles draws one arc per
 * particle and clears the canvas before every frame). The worker runs on its own clock, not the page's
 * paused one, so its frames are counted over real time.
 */
function instrumentWorker() {
  const frames: number[] = []
  let arcs = 0
  const proto = OffscreenCanvasRenderingContext2D.prototype
  const { arc, clearRect } = proto
  proto.arc = function (this: OffscreenCanvasRenderingContext2D, ...args: Parameters<typeof arc>) {
    arcs += 1
    return arc.apply(this, args)
  }
  proto.clearRect = function (this: OffscreenCanvasRenderingContext2D, ...args: Parameters<typeof clearRect>) {
    if (arcs > 0) frames.push(arcs)
    arcs = 0
    return clearRect.apply(this, args)
  }
  globalThis.__particleFrames = frames
}

const canvas = (page: Page) => page.locator('canvas')
const drawn = async (sut: Sut) => (await sut.drawing.worker)?.evaluate(() => globalThis.__particleFrames ?? []) ?? []
const lastFrameCircles = async (sut: Sut) => (await drawn(sut)).at(-1) ?? 0
/** Frames the worker draws in the next `ms` of real time. */
async function framesIn(sut: Sut, ms: number) {
  const before = (await drawn(sut)).length
  await sut.page.waitForTimeout(ms)
  return (await drawn(sut)).length - before
}

/** The home page's background, the clock paused so idle callbacks and the resize settle run only when the path says. */
describeUiPaths(
  'particleBackground',
  particleBackgroundMachine,
  async (page): Promise<Sut> => {
    await page.addInitScript(instrumentPage)
    const drawing: Sut['drawing'] = { worker: null }
    page.on('worker', (worker) => {
      // The page's other worker (the first slots, asked for at load) ends once answered: not the drawing.
      if (/\/particlesWorker-[\w-]+\.js$/.test(worker.url())) drawing.worker = worker.evaluate(instrumentWorker).then(() => worker)
    })
    const held: Route[] = []
    let holding = true
    await page.route('**/assets/*.js', (route) => (holding ? void held.push(route) : route.continue()))
    await page.clock.install({ time: new Date('2026-03-03T09:00:00+13:00') })
    await page.clock.pauseAt(new Date('2026-03-03T09:00:01+13:00'))
    await page.goto('/', { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const size = page.viewportSize()!
    return {
      page,
      drawing,
      size,
      countedSize: size,
      hidden: false,
      release: async () => {
        holding = false
        await Promise.all(held.splice(0).map((route) => route.continue()))
        await waitForHydration(page)
      },
    }
  },
  {
    ...particleBackgroundModel,
    noFirstTouch: 'its events are the page\'s (motion, size, visibility), and every path of it starts with the app\'s scripts held already (sut.release)',
    events: {
      MOTION_PREFERENCE: async (sut, event) => {
        await sut.page.emulateMedia({ reducedMotion: event.reduce ? 'reduce' : 'no-preference' })
        // The first report comes when the page's scripts run.
        const release = sut.release
        sut.release = null
        await release?.()
      },
      VISIBILITY_CHANGED: async (sut, event) => {
        await sut.page.evaluate((hidden) => window.__paths!.setHidden(hidden), event.hidden)
        sut.hidden = event.hidden
      },
      RESIZED: async (sut) => {
        // A real resize: to another size than the window has (the model's sample stands for any).
        sut.size = sut.size.width === RESIZED_VIEWPORT.width ? { width: RESIZED_VIEWPORT.width + 20, height: RESIZED_VIEWPORT.height } : { ...RESIZED_VIEWPORT }
        await sut.page.setViewportSize(sut.size)
      },
    },
    internal: {
      advance: async (sut, ms) => {
        await sut.page.clock.runFor(ms)
      },
      done: {
        // The browser is idle (the idle callback waits at most 3 s): the background's chunk loads and draws.
        // Idle twice: at the page's first idle callback the site's machines load (src/boot/deferredActor.ts),
        // and the background's machine, once it runs, waits for one of its own.
        afterFirstPaint: async (sut) => {
          await expect
            .poll(async () => {
              await sut.page.clock.runFor(3000)
              return canvas(sut.page).count()
            })
            .toBe(1)
        },
      },
      error: {},
    },
    states: {
      undecided: async (sut) => {
        await expect(sut.page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(canvas(sut.page)).toHaveCount(0)
      },
      off: async (sut) => expect(canvas(sut.page)).toHaveCount(0),
      waitingForIdle: async (sut) => expect(canvas(sut.page)).toHaveCount(0),
      shown: async (sut) => {
        await expect(canvas(sut.page)).toHaveCount(1)
        // Decorative: hidden from assistive technology.
        expect(await canvas(sut.page).evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).toBe(true)
      },
      'shown.animation': () => {},
      'shown.animation.playing': async (sut) => {
        await expect.poll(() => framesIn(sut, 50), 'the particles move').toBeGreaterThan(0)
      },
      'shown.animation.paused': async (sut) => {
        // The pause reaches the worker as a message: once no frame comes, none comes after.
        await expect.poll(() => framesIn(sut, 100)).toBe(0)
        expect(await framesIn(sut, 200), 'no frame is drawn while the tab is hidden').toBe(0)
      },
      'shown.size': () => {},
      'shown.size.steady': async (sut) => {
        if (!sut.hidden) {
          await expect
            .poll(() => lastFrameCircles(sut), 'one particle per 15000 square pixels of the window')
            .toBe(particleCount(sut.size))
        }
        sut.countedSize = sut.size
      },
      'shown.size.settling': async (sut) => {
        // Not recounted on every step of a resize: still the count of the size before it.
        if (!sut.hidden) expect(await lastFrameCircles(sut)).toBe(particleCount(sut.countedSize))
      },
    },
  },
)
