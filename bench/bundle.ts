/**
 * `npm run bench:bundle`: the JavaScript that `/` loads before any interaction, measured in Chromium
 * against the production build served by the real server. Budget (docs/design.md#budgets): 115 KB gzip.
 *
 * The first load is measured with `prefers-reduced-motion: reduce`, where the particle background is
 * not loaded at all; a second visit with motion allowed shows what the particles add once the page is
 * idle (docs/design.md#budgets keeps them out of the first load). Scripts requested once the browser was first
 * idle (idle-time work such as the voice widget's panel: the page asks for it with requestIdleCallback)
 * are listed apart, not counted in the first load. Not the load event: the app itself is fetched after
 * the first paint, which can come after it.
 *
 * Beside it, every byte the page fetches by 5 s after its load event without any interaction (scripts, styles,
 * fonts, the first slots, images; what a visitor on mobile data pays for by just opening the page), as the
 * browser's resource timing counts it over the wire, with motion allowed as most visitors have it.
 */
import { chromium, type Browser } from '@playwright/test'
import { gzipSync } from 'node:zlib'
import { chromiumArgs, ensureChromium } from '../scripts/chromium.ts'
import { inlineScriptBodies } from '../server/http/securityHeaders.ts'
import { serveBuiltSite } from './serveBuilt.ts'

const BUDGET_BYTES = 115 * 1024
const path = process.argv[2] ?? '/'
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

interface Script {
  url: string
  raw: number
  gzip: number
  /** Requested once the browser was first idle: idle-time work, not the first load. */
  afterLoad: boolean
}

declare global {
  interface Window {
    /** Set by the init script below: when the first idle callback ran (performance.now()). */
    __firstIdle?: number
  }
}

/** In the page, before its scripts: note when the browser first runs an idle callback. */
function noteFirstIdle() {
  const request = window.requestIdleCallback.bind(window)
  window.requestIdleCallback = (callback, options) =>
    request((deadline) => {
      window.__firstIdle ??= performance.now()
      callback(deadline)
    }, options)
}

async function scriptsLoaded(browser: Browser, url: string, viewport: { width: number; height: number }, reducedMotion: 'reduce' | 'no-preference') {
  const page = await browser.newPage({ viewport, reducedMotion })
  await page.addInitScript(noteFirstIdle)
  const bodies: Array<Omit<Script, 'afterLoad'>> = []
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    // The page's inline scripts (the app loader) are part of its first load too.
    if (response.request().resourceType() === 'document') {
      pending.push(
        response.text().then((html) => {
          for (const text of inlineScriptBodies(html)) {
            const body = Buffer.from(text)
            bodies.push({ url: '(inline, in the page)', raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
          }
        }, () => undefined),
      )
      return
    }
    if (response.request().resourceType() !== 'script') return
    pending.push(
      response.body().then(
        (body) => void bodies.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => undefined,
      ),
    )
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  // Idle-time work loads without any interaction too: give it time.
  await page.waitForTimeout(2500)
  await Promise.all(pending)
  // When each script was requested, on the page's own clock.
  const { firstIdle, started } = await page.evaluate(() => ({
    firstIdle: window.__firstIdle ?? Number.POSITIVE_INFINITY,
    started: performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.startTime] as const),
  }))
  await page.close()
  const startOf = new Map(started)
  return bodies.map((s) => ({ ...s, afterLoad: (startOf.get(s.url) ?? 0) >= firstIdle }))
}

/** Bytes over the wire (headers and compressed bodies) of the page and all it fetched by `afterLoadMs` past its load event, by kind. */
async function bytesWithoutInteraction(browser: Browser, url: string, viewport: { width: number; height: number }, afterLoadMs = 5000) {
  const page = await browser.newPage({ viewport, reducedMotion: 'no-preference' })
  try {
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForTimeout(afterLoadMs)
    return await page.evaluate(() => {
      const byKind: Record<string, number> = {}
      for (const entry of performance.getEntries()) {
        if (!('transferSize' in entry)) continue
        const timing = entry as PerformanceResourceTiming
        const kind = timing.entryType === 'navigation' ? 'document' : timing.initiatorType
        byKind[kind] = (byKind[kind] ?? 0) + timing.transferSize
      }
      return byKind
    })
  } finally {
    await page.close()
  }
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
    const margin = total <= BUDGET_BYTES ? `within the budget of ${BUDGET_BYTES / 1024} KB, ${BUDGET_BYTES - total} bytes to spare` : `OVER the budget of ${BUDGET_BYTES / 1024} KB by ${total - BUDGET_BYTES} bytes`
    console.log(`  first load ${kb(total)} gzip — ${margin}`)
    console.log(`  at idle time (voice widget, booking modal, mobile menu): ${afterLoad.length} scripts, ${kb(afterLoad.reduce((sum, s) => sum + s.gzip, 0))} gzip`)
    for (const s of afterLoad.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(s.gzip).padStart(9)} gzip  ${kb(s.raw).padStart(9)} raw  ${s.url}`)
    console.log(`  particle background, at idle time when motion is allowed: ${idle.length} scripts, ${kb(idle.reduce((sum, s) => sum + s.gzip, 0))} gzip`)
    const fetched = Object.entries(await bytesWithoutInteraction(browser, site.origin + path, viewport)).sort(([, a], [, b]) => b - a)
    const fetchedTotal = fetched.reduce((sum, [, bytes]) => sum + bytes, 0)
    console.log(`  fetched by load + 5 s without any interaction (motion allowed): ${kb(fetchedTotal)} over the wire (${fetched.map(([kind, bytes]) => `${kind} ${kb(bytes)}`).join(', ')})`)
  }
} finally {
  await browser.close()
  site.stop()
}
