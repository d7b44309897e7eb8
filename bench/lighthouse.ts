/**
 * `npm run bench:lighthouse`: Lighthouse (mobile: simulated slow 4G, and a CPU slowdown fitted to this host so that
 * its pages run as on a low-end phone, bench/cpuSpeed.ts; `BENCH_CPU=4` for Lighthouse's fixed 4×) on every prerendered route,
 * the real page and the same HTML with every script removed, served by the same real server in the same
 * run. Prints a table and compares each route with docs/design.md#budgets: performance 100, LCP ≤ 1.15 × the
 * script-free LCP, TBT ≤ 50 ms, CLS 0; accessibility, best practices and SEO 100.
 *
 *   npm run bench:lighthouse                 every route, 3 runs each (median)
 *   npm run bench:lighthouse -- / /about     some routes
 *   LIGHTHOUSE_RUNS=1 npm run bench:lighthouse
 *
 * A benchmark, never a test: figures move with the machine's load, so it reports and does not fail.
 */
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { chromiumArgs, ensureChromium } from '../scripts/chromium.ts'
import { cpuSetting, type CpuSetting } from './cpuSpeed.ts'
import { median } from './median.ts'
import { ensureBuilt, serveBuiltSite } from './serveBuilt.ts'

const runs = Number(process.env.LIGHTHOUSE_RUNS || 3)
const LIMITS = { performance: 100, lcpRatio: 1.15, tbtMs: 50, cls: 0, otherCategories: 100 }

interface Run {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcp: number
  tbt: number
  cls: number
  /** The host's index as Lighthouse measured it at the run's start, at full speed. */
  benchmarkIndex: number
}

/** Every prerendered page of the build, as a URL path (`/`, `/about`, …). */
function prerenderedRoutes(client: string): string[] {
  const routes: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name === 'index.html') routes.push(`/${relative(client, dir)}`.replace(/\/$/, '') || '/')
    }
  }
  walk(client)
  return routes.sort()
}

/**
 * A copy of the build whose pages have no script: what the browser shows before any JavaScript runs.
 * Inside the project (.tmp/), so the server's render bundle in it still finds the installed packages.
 */
function scriptFreeCopy(dist: string): string {
  const scratch = join(dist, '..', '.tmp')
  mkdirSync(scratch, { recursive: true })
  const copy = mkdtempSync(join(scratch, 'lighthouse-static-'))
  cpSync(dist, copy, { recursive: true })
  const client = join(copy, 'client')
  for (const route of prerenderedRoutes(client)) {
    const file = join(client, route, 'index.html')
    const html = readFileSync(file, 'utf8')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '')
    writeFileSync(file, html)
  }
  return copy
}

/** One Lighthouse run; a run whose trace gave no figures (Lighthouse reports NO_LCP and the like) is run again, twice at most. */
async function measure(port: number, url: string, cpuRate: number, attempt = 1): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', formFactor: 'mobile', throttling: { cpuSlowdownMultiplier: cpuRate } })
  if (!result) throw new Error(`Lighthouse returned no result for ${url}.`)
  const lcp = result.lhr.audits['largest-contentful-paint']?.numericValue
  if (lcp === undefined || Number.isNaN(lcp)) {
    if (attempt >= 3) throw new Error(`Lighthouse measured no LCP for ${url} in ${attempt} runs: ${result.lhr.runtimeError?.message ?? 'no error given'}.`)
    return measure(port, url, cpuRate, attempt + 1)
  }
  const { categories, audits } = result.lhr
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbt: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
  }
}

const medianRun = (list: Run[]): Run => {
  const keys = Object.keys(list[0] ?? {}) as Array<keyof Run>
  return Object.fromEntries(keys.map((k) => [k, median(list.map((r) => r[k]))])) as unknown as Run
}

const dist = await ensureBuilt()
const staticDist = scriptFreeCopy(dist)
const real = await serveBuiltSite()
const bare = await serveBuiltSite({ distDir: staticDist })
const chrome = await chromeLauncher.launch({ chromePath: ensureChromium(), chromeFlags: ['--headless=new', ...chromiumArgs] })
/** The slowdown, measured in the browser Lighthouse drives. */
async function cpuOfThisHost(): Promise<CpuSetting> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  try {
    return await cpuSetting(browser)
  } finally {
    await browser.close()
  }
}
const cpu = await cpuOfThisHost()
const asked = process.argv.slice(2)
const routes = asked.length > 0 ? asked : prerenderedRoutes(join(dist, 'client'))
try {
  const rows: string[][] = []
  const misses: string[] = []
  const indexes: number[] = []
  for (const route of routes) {
    const pageRuns: Run[] = []
    const bareRuns: Run[] = []
    // Alternate the two so a burst of load on the machine hits both alike.
    for (let i = 0; i < runs; i++) {
      pageRuns.push(await measure(chrome.port, real.origin + route, cpu.rate))
      bareRuns.push(await measure(chrome.port, bare.origin + route, cpu.rate))
    }
    indexes.push(...[...pageRuns, ...bareRuns].map((r) => r.benchmarkIndex))
    const page = medianRun(pageRuns)
    const noScript = medianRun(bareRuns)
    const ratio = page.lcp / noScript.lcp
    rows.push([
      route,
      String(page.performance),
      `${page.lcp}`,
      `${noScript.lcp}`,
      ratio.toFixed(2),
      `${page.tbt}`,
      String(page.cls),
      `${page.accessibility}/${page.bestPractices}/${page.seo}`,
    ])
    if (page.performance < LIMITS.performance) misses.push(`${route}: performance ${page.performance} < ${LIMITS.performance}`)
    if (ratio > LIMITS.lcpRatio) misses.push(`${route}: LCP ${ratio.toFixed(2)} × the script-free page > ${LIMITS.lcpRatio}`)
    if (page.tbt > LIMITS.tbtMs) misses.push(`${route}: TBT ${page.tbt} ms > ${LIMITS.tbtMs} ms`)
    if (page.cls > LIMITS.cls) misses.push(`${route}: CLS ${page.cls} > ${LIMITS.cls}`)
    for (const [name, value] of [['accessibility', page.accessibility], ['best practices', page.bestPractices], ['SEO', page.seo]] as const)
      if (value < LIMITS.otherCategories) misses.push(`${route}: ${name} ${value} < ${LIMITS.otherCategories}`)
    console.log(`measured ${route} (${runs} runs each)`)
  }
  const header = ['route', 'perf', 'LCP ms', 'no-JS LCP', 'ratio', 'TBT ms', 'CLS', 'a11y/bp/seo']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')
  console.log(`\nLighthouse, mobile, median of ${runs} runs; "no-JS" is the same HTML with every script removed, same server, same run.`)
  console.log(`${cpu.describe}; Lighthouse's own index at each run's start, median ${median(indexes)}.`)
  console.log(line(header))
  for (const row of rows) console.log(line(row))
  console.log(
    misses.length === 0
      ? `\nEvery route within the budget (perf ${LIMITS.performance}, LCP ratio ≤ ${LIMITS.lcpRatio}, TBT ≤ ${LIMITS.tbtMs} ms, CLS ${LIMITS.cls}).`
      : `\nOver the budget:\n  ${misses.join('\n  ')}`,
  )
} finally {
  await chrome.kill()
  real.stop()
  bare.stop()
  rmSync(staticDist, { recursive: true, force: true })
}
