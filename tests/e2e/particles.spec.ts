import { expect, test, type Page, type Worker } from '@playwright/test'
import { waitForHydration } from './support/hydration'
import { bookingDialog, heroBookCall } from '../support/pages/bookingForm'

/** The particle background's chunk (tsparticles): recorded so the tests can say when it loads. */
function particleChunkRequests(page: Page) {
  const urls: string[] = []
  page.on('request', (request) => {
    if (/ParticlesCanvas-[\w-]+\.js$/.test(request.url())) urls.push(request.url())
  })
  return urls
}

const backgroundCanvas = (page: Page) => page.locator('canvas')

// The configuration opens pages with reduced motion; these are about a visitor who allows motion.
test.use({ reducedMotion: 'no-preference' })

test('the particle background loads after the page, stays behind it and never takes a click', async ({ page }) => {
  const requests = particleChunkRequests(page)
  await page.goto('/')
  await waitForHydration(page)
  await expect(backgroundCanvas(page)).toHaveCount(1, { timeout: 10_000 })
  expect(requests).toHaveLength(1)
  // Drawn from a worker: tsparticles never runs on the page's main thread. The page's only other worker is the
  // first slots' (asked for at load), which ends once answered.
  const isParticlesWorker = (worker: Worker) => /^\/assets\/particlesWorker-[\w-]+\.js$/.test(new URL(worker.url()).pathname)
  const isFirstSlotsWorker = (worker: Worker) => /^\/assets\/firstSlotsWorker-[\w-]+\.js$/.test(new URL(worker.url()).pathname)
  await expect.poll(() => page.workers().filter(isParticlesWorker).length).toBe(1)
  expect(page.workers().filter((worker) => !isParticlesWorker(worker) && !isFirstSlotsWorker(worker))).toEqual([])
  const scriptsFetchedBy = (context: Pick<Worker, 'evaluate'>): Promise<string[]> =>
    context.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js')))
  // tsparticles' container is its largest part: the worker fetches and runs it, the page does not.
  const isContainer = (path: string) => /\/Container-[\w-]+\.js$/.test(path)
  await expect.poll(async () => (await scriptsFetchedBy(page.workers().find(isParticlesWorker)!)).some(isContainer)).toBe(true)
  expect((await scriptsFetchedBy(page)).filter(isContainer)).toEqual([])
  // Hidden from assistive technology, and transparent to the pointer everywhere on the screen.
  expect(await backgroundCanvas(page).evaluate((canvas) => canvas.closest('[aria-hidden="true"]') !== null)).toBe(true)
  const hits = await page.evaluate(() => {
    const found: string[] = []
    for (let x = 5; x < window.innerWidth; x += 97)
      for (let y = 5; y < window.innerHeight; y += 89) {
        const el = document.elementFromPoint(x, y)
        if (el?.tagName === 'CANVAS') found.push(`${x},${y}`)
      }
    return found
  })
  expect(hits).toEqual([])
  await heroBookCall(page).click()
  await expect(bookingDialog(page)).toBeVisible()
})

test('the particle background pauses while a modal dialog covers the page, and goes on once it closes', async ({ page }) => {
  // What the page tells the particles' worker: each scene's `paused`, in order.
  await page.addInitScript(() => {
    const sent: boolean[] = ((window as unknown as { __pausedSent: boolean[] }).__pausedSent = [])
    const proto = window.Worker.prototype
    const post = proto.postMessage as (this: unknown, message: unknown, transfer?: unknown) => void
    proto.postMessage = function (this: unknown, message: unknown, transfer?: unknown) {
      const scene = (message as { scene?: { paused?: boolean } } | null)?.scene
      if (scene) sent.push(scene.paused === true)
      post.call(this, message, transfer)
    } as typeof proto.postMessage
  })
  const lastPaused = () => page.evaluate(() => (window as unknown as { __pausedSent: boolean[] }).__pausedSent.at(-1))
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(lastPaused, { timeout: 10_000 }).toBe(false)
  await heroBookCall(page).click()
  await expect(bookingDialog(page)).toBeVisible()
  await expect.poll(lastPaused).toBe(true)
  await page.keyboard.press('Escape')
  await expect(bookingDialog(page)).toBeHidden()
  await expect.poll(lastPaused).toBe(false)
})

test('under prefers-reduced-motion the particle background is not loaded at all', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
  const page = await context.newPage()
  const requests = particleChunkRequests(page)
  await page.goto('/')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  // Give an idle callback every chance to run (its timeout is 3 s).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 3500)))
  expect(requests).toEqual([])
  await expect(backgroundCanvas(page)).toHaveCount(0)
  await context.close()
})
