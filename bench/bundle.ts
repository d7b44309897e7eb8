/**
 * `npm run bench:bundle`: the JavaScript that `/` loads before any interaction, measured in Chromium
 * against the production build served by the real server. Budget (DESIGN §10): 130 KB gzip.
 *
 * The first load is measured with `prefers-reduced-motion: reduce`, where the particle background is
 * not loaded at all; a second visit with motion allowed shows what the particles add once the page is
 * idle (DESIGN §10 keeps them out of the first load). Scripts requested only after the load event
 * (idle-time work such as the voice widget's panel) are listed apart, not counted in the first load.
 */
import { chromium, type Browser } from '@playwright/test'
import { gzipSync } from 'node:zlib'
import { chromiumArgs, ensureChromium } from '../scripts/chromium.ts'
import { serveBuiltSite } from './serveBuilt.ts'

const BUDGET_BYTES = 130 * 1024
const path = process.argv[2] ?? '/'
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

interface Script {
  url: string
  raw: number
  gzip: number
  /** Requested after the page's load event: idle-time work, not the first load. */
  afterLoad: boolean
}

async function scriptsLoaded(browser: Browser, url: string, viewport: { width: number; height: number }, reducedMotion: 'reduce' | 'no-preference') {
  const page = await browser.newPage({ viewport, reducedMotion })
  const scripts: Script[] = []
  const pending: Promise<void>[] = []
  const requestedAfterLoad = new Set<unknown>()
  let loaded = false
  page.once('load', () => void (loaded = true))
  page.on('request', (request) => {
    if (loaded) requestedAfterLoad.add(request)
  })
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    const afterLoad = requestedAfterLoad.has(response.request())
    pending.push(
      response.body().then(
        (body) => void scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, afterLoad }),
        () => undefined,
      ),
    )
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  // Idle-time work loads without any interaction too: give it time.
  await page.waitForTimeout(2500)
  await Promise.all(pending)
  await page.close()
  return scripts
}

const site = await serveBuiltSite()
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs })
try {
  for (const viewport of [
    { name: 'mobile 390×844', width: 390, height: 844 },
    { name: 'desktop 1280×800', width: 1280, height: 800 },
  ]) {
    const reduced = await scriptsLoaded(browser, site.origin + path, viewport, 'reduce')
    const first = reduced.filter((s) => !s.afterLoad)
    const afterLoad = reduced.filter((s) => s.afterLoad)
    const withMotion = await scriptsLoaded(browser, site.origin + path, viewport, 'no-preference')
    const reducedUrls = new Set(reduced.map((s) => s.url))
    const idle = withMotion.filter((s) => !reducedUrls.has(s.url))
    const total = first.reduce((sum, s) => sum + s.gzip, 0)
    console.log(`\n${path} at ${viewport.name}`)
    console.log(`  first load: ${first.length} scripts`)
    for (const s of first.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(s.gzip).padStart(9)} gzip  ${kb(s.raw).padStart(9)} raw  ${s.url}`)
    console.log(`  first load ${kb(total)} gzip — ${total <= BUDGET_BYTES ? 'within' : 'OVER'} the budget of ${BUDGET_BYTES / 1024} KB`)
    console.log(`  after the load event, at idle time (voice widget panel): ${afterLoad.length} scripts, ${kb(afterLoad.reduce((sum, s) => sum + s.gzip, 0))} gzip`)
    for (const s of afterLoad.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(s.gzip).padStart(9)} gzip  ${kb(s.raw).padStart(9)} raw  ${s.url}`)
    console.log(`  particle background, at idle time when motion is allowed: ${idle.length} scripts, ${kb(idle.reduce((sum, s) => sum + s.gzip, 0))} gzip`)
  }
} finally {
  await browser.close()
  site.stop()
}
