/**
 * `npm run bench:main-thread`: what the particle background costs the page's main thread while it
 * animates. The built site, served by the real server, is opened in Chromium at 390 and 1280 px and
 * left idle; the page's task time (DevTools' TaskDuration) is measured over 5 s, with motion allowed
 * (the background draws) and with reduced motion (no background: the yardstick, measured in the same
 * run). Median of 3 loads each.
 *
 *   npm run bench:main-thread          the home page
 *   npm run bench:main-thread -- /about
 *
 * A benchmark, never a test: figures move with the machine's load, so it reports and does not fail.
 */
import { chromium, type Browser } from '@playwright/test'
import { chromiumArgs, ensureChromium } from '../scripts/chromium.ts'
import { median } from './median.ts'
import { serveBuiltSite } from './serveBuilt.ts'

const path = process.argv[2] ?? '/'
const RUNS = 3
const SETTLE_MS = 2000
const MEASURE_MS = 5000

/** Milliseconds of main-thread tasks per second of an idle page, median of RUNS loads. */
async function taskTimePerSecond(browser: Browser, url: string, viewport: { width: number; height: number }, reducedMotion: 'reduce' | 'no-preference') {
  const results: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage({ viewport, reducedMotion })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.goto(url, { waitUntil: 'networkidle' })
    // With motion allowed, the background starts once the browser is idle: measure it drawing.
    if (reducedMotion === 'no-preference') await page.locator('canvas').waitFor({ state: 'attached' })
    await page.waitForTimeout(SETTLE_MS)
    const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0
    const before = await taskSeconds()
    await page.waitForTimeout(MEASURE_MS)
    results.push((((await taskSeconds()) - before) * 1000) / (MEASURE_MS / 1000))
    await page.close()
  }
  return median(results)
}

const site = await serveBuiltSite()
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs })
try {
  console.log(`${path}: the page's main-thread task time, idle, ms per second (median of ${RUNS} loads)`)
  console.log('viewport    particles  no particles  the particles cost')
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    const drawing = await taskTimePerSecond(browser, site.origin + path, viewport, 'no-preference')
    const still = await taskTimePerSecond(browser, site.origin + path, viewport, 'reduce')
    const size = `${viewport.width}×${viewport.height}`
    console.log(`${size.padEnd(10)}  ${drawing.toFixed(1).padStart(9)}  ${still.toFixed(1).padStart(12)}  ${(drawing - still).toFixed(1).padStart(18)}`)
  }
} finally {
  await browser.close()
  site.stop()
}
