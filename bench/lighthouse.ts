/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) on `/` of the production
 * build served by the real server, in Debian's Chromium. Targets (DESIGN §10): performance ≥ 95,
 * accessibility 100, best practices ≥ 95, SEO 100.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, ensureChromium } from '../scripts/chromium.ts'
import { serveBuiltSite } from './serveBuilt.ts'

const path = process.argv[2] ?? '/'
const runs = Number(process.env.LIGHTHOUSE_RUNS || 3)

const site = await serveBuiltSite()
const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: ['--headless=new', ...chromiumArgs] })
try {
  const results: Array<Record<string, number>> = []
  for (let i = 0; i < runs; i++) {
    const result = await lighthouse(site.origin + path, { port: chrome.port, output: 'json', logLevel: 'error' })
    if (!result) throw new Error('Lighthouse returned no result.')
    const { categories, audits } = result.lhr
    results.push({
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      'best-practices': Math.round((categories['best-practices']?.score ?? 0) * 100),
      seo: Math.round((categories.seo?.score ?? 0) * 100),
      'LCP ms': Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
      'TBT ms': Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      CLS: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    })
    for (const id of ['performance', 'accessibility', 'best-practices', 'seo'] as const) {
      const failing = Object.values(audits).filter(
        (a) => a.score !== null && a.score < 0.9 && result.lhr.categories[id]?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
      )
      if (i === runs - 1 && failing.length) console.log(`${id}: below 0.9 — ${failing.map((a) => `${a.id} (${a.displayValue ?? a.score})`).join(', ')}`)
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  console.log(`\nLighthouse ${path}, mobile, ${runs} runs (median):`)
  for (const key of Object.keys(results[0] ?? {})) {
    console.log(`  ${key.padEnd(15)} ${String(median(results.map((r) => r[key] ?? NaN))).padStart(6)}   runs: ${results.map((r) => r[key]).join(', ')}`)
  }
} finally {
  await chrome.kill()
  site.stop()
}
