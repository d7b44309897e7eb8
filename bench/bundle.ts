/**
 * `npm run bench:bundle`: the JavaScript that `/` loads before any interaction, measured in Chromium
 * against the production build served by the real server. Budget (DESIGN §10): 130 KB gzip.
 */
import { chromium } from '@playwright/test'
import { gzipSync } from 'node:zlib'
import { chromiumArgs, ensureChromium } from '../tests/support/chromium.ts'
import { serveBuiltSite } from './serveBuilt.ts'

const BUDGET_BYTES = 130 * 1024
const path = process.argv[2] ?? '/'

const site = await serveBuiltSite()
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs })
try {
  const rows: Array<{ url: string; raw: number; gzip: number }> = []
  for (const viewport of [
    { name: 'mobile 390×844', width: 390, height: 844 },
    { name: 'desktop 1280×800', width: 1280, height: 800 },
  ]) {
    const page = await browser.newPage({ viewport })
    rows.length = 0
    const pending: Promise<void>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      pending.push(
        response.body().then(
          (body) => void rows.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      )
    })
    await page.goto(site.origin + path, { waitUntil: 'networkidle' })
    // Idle-time work (the particle background) counts too: it loads without any interaction.
    await page.waitForTimeout(2500)
    await Promise.all(pending)
    const total = rows.reduce((sum, r) => sum + r.gzip, 0)
    console.log(`\n${path} at ${viewport.name}: ${rows.length} scripts`)
    for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(r.raw / 1024).toFixed(1).padStart(7)} KB raw  ${r.url}`)
    }
    const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER'
    console.log(`  total ${(total / 1024).toFixed(1)} KB gzip — ${verdict} the budget of ${BUDGET_BYTES / 1024} KB`)
    await page.close()
  }
} finally {
  await browser.close()
  site.stop()
}
