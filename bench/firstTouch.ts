/**
 * `npm run bench:first-touch`: how soon Book a Call answers a new visitor on a phone. Chromium with the CPU
 * slowed to a low-end phone's speed on this host (bench/cpuSpeed.ts), and Lighthouse's slow 4G (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up), a fresh cache each load, at 390 px in two profiles: a phone (touch, device pixel ratio 2, a
 * tap) and the desktop profile of before (a mouse, ratio 1), so the two can be compared. The hero's Book a
 * Call is pressed at the page's load event, 1 s after it and 5 s after it. For each moment, the median of 5
 * loads of: the dialog visible (the frame painted) and the slots usable (the first slot button or the
 * empty-day message on screen), in ms from the press's `pointerdown`. The yardstick, measured in the same run
 * under the same emulation: the page's first slots request made once more from the loaded page, the floor
 * under "slots usable" for a press that has to wait for them.
 *
 *   npm run bench:first-touch
 *   FIRST_TOUCH_RUNS=3 npm run bench:first-touch
 *   FIRST_TOUCH_PROFILE=phone npm run bench:first-touch    (the profiles whose name starts so)
 *   BENCH_CPU=4 npm run bench:first-touch
 *     (a CPU slowdown outright, here Lighthouse's fixed 4×, rather than the one fitted to this host so that its
 *     BenchmarkIndex is a low-end phone's, docs/performance.md#how-fast-the-host-is)
 *   FIRST_TOUCH_BASELINE=.tmp/dist-before npm run bench:first-touch
 *     (an A/B run: also a copy of another build's `dist`, kept inside the repository so its server finds the
 *     packages, served beside this one and pressed in turn with it; figures on this machine move by a third
 *     from one hour to the next, so only builds measured in the same run compare)
 *
 * A benchmark, never a test: figures move with the machine's load (`uptime` is printed), and it does not fail.
 */
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumArgs, ensureChromium } from '../scripts/chromium.ts'
import { benchmarkIndex, cpuSetting } from './cpuSpeed.ts'
import { median } from './median.ts'
import { serveBuiltSite } from './serveBuilt.ts'

const RUNS = Number(process.env.FIRST_TOUCH_RUNS || 5)
const MOMENTS = [0, 1000, 5000]
/** docs/design.md#budgets: the dialog within 100 ms; slots within these after a press at each moment. */
const GOALS = { dialogMs: 100, slotsMs: { 0: 1000, 1000: 500, 5000: 250 } as Record<number, number> }
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }

/** A phone as people hold one (touch, two device pixels to a CSS pixel, a tap), and the mouse-driven profile beside it. */
const PROFILES = {
  'phone, DPR 2, tap': { deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  'desktop, DPR 1, click': { deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const
type Profile = keyof typeof PROFILES

async function emulatedPage(browser: Browser, cpuRate: number, profile: Profile = 'phone, DPR 2, tap'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...PROFILES[profile] })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
  return page
}

/**
 * Watches the page from the press on: the dialog's first frame open, then the first frame with a slot
 * button or the empty-day message in it. Times from the press event's own timestamp. Text, not a
 * function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const WATCH_FIRST_TOUCH = `window.firstTouch = new Promise((resolve) => {
  let pressedAt
  let dialogAt
  document.addEventListener('pointerdown', (event) => { pressedAt ??= event.timeStamp }, { capture: true })
  const usable = (dialog) =>
    dialog.querySelector('li > button[aria-pressed]') !== null || /No available time slots|Try selecting a different date/.test(dialog.textContent ?? '')
  const frame = () => {
    const now = performance.now()
    const dialog = document.querySelector('dialog[open]')
    if (pressedAt !== undefined && dialog) {
      dialogAt ??= now - pressedAt
      if (usable(dialog)) return resolve({ dialog: dialogAt, slots: now - pressedAt })
    }
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}); undefined`

async function pressAt(browser: Browser, origin: string, cpuRate: number, afterLoadMs: number, profile: Profile) {
  const page = await emulatedPage(browser, cpuRate, profile)
  try {
    await page.goto(`${origin}/`, { waitUntil: 'load' })
    const box = (await page.getByRole('main').getByRole('button', { name: 'Book a Call' }).first().boundingBox())!
    // Watching before the press: a press at load that came before the page's listener would never be seen.
    await page.evaluate(WATCH_FIRST_TOUCH)
    if (afterLoadMs > 0) await page.waitForTimeout(afterLoadMs)
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    if (PROFILES[profile].hasTouch) await page.touchscreen.tap(x, y)
    else await page.mouse.click(x, y)
    return await page.evaluate<{ dialog: number; slots: number }>('window.firstTouch')
  } finally {
    await page.context().close()
  }
}

/** The page's own first slots request (the prefetch it makes once idle), made once more from the loaded page under the same emulation. */
async function slotsRoundTrip(browser: Browser, origin: string, cpuRate: number): Promise<number> {
  const page = await emulatedPage(browser, cpuRate)
  try {
    // The page asks for the first slots once it is idle: that request is the one to measure.
    const prefetch = page.waitForRequest(/\/api\/calendar\/slots\?/)
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' })
    // Answered by now (the network has been idle).
    const url = (await prefetch).url()
    return await page.evaluate<number>(
      `(async () => { const started = performance.now(); await (await fetch(${JSON.stringify(url)}, { cache: 'no-store' })).text(); return performance.now() - started })()`,
    )
  } finally {
    await page.context().close()
  }
}

const baseline = process.env.FIRST_TOUCH_BASELINE
const sites = [{ name: 'this build', ...(await serveBuiltSite()) }]
if (baseline) sites.push({ name: baseline, ...(await serveBuiltSite({ distDir: resolve(baseline) })) })
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs })
try {
  const cpu = await cpuSetting(browser)
  const cpuRate = cpu.rate
  console.log(`Book a Call on / at 390 px, ${cpuRate}× CPU, slow 4G; median of ${RUNS} loads; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  console.log(`host before: ${cpu.describe}`)
  console.log(`${'profile'.padEnd(22)}  ${'pressed'.padEnd(13)}  dialog ms  (goal)  slots usable ms  (goal)`)
  const chosen = (Object.keys(PROFILES) as Profile[]).filter((name) => name.startsWith(process.env.FIRST_TOUCH_PROFILE ?? ''))
  for (const profile of chosen) {
    for (const moment of MOMENTS) {
      const results: { dialog: number; slots: number }[][] = sites.map(() => [])
      // In turn, so that what the machine does meanwhile weighs on both builds alike.
      for (let run = 0; run < RUNS; run++) for (const [i, site] of sites.entries()) results[i]!.push(await pressAt(browser, site.origin, cpuRate, moment, profile))
      for (const [i, site] of sites.entries()) {
        const dialog = median(results[i]!.map((r) => r.dialog))
        const slots = median(results[i]!.map((r) => r.slots))
        const name = moment === 0 ? 'at load' : `load + ${moment / 1000} s`
        const met = dialog <= GOALS.dialogMs && slots <= (GOALS.slotsMs[moment] ?? 0) ? 'met' : 'NOT met'
        console.log(
          `${profile.padEnd(22)}  ${name.padEnd(13)}  ${dialog.toFixed(0).padStart(9)}  ${`(${GOALS.dialogMs})`.padStart(6)}  ${slots.toFixed(0).padStart(15)}  ${`(${GOALS.slotsMs[moment]})`.padStart(6)}  ${met}${baseline ? `  ${site.name}` : ''}`,
        )
      }
    }
  }
  const trips = []
  for (let run = 0; run < RUNS; run++) trips.push(await slotsRoundTrip(browser, sites[0]!.origin, cpuRate))
  console.log(`yardstick: one slots request from the loaded page ${median(trips).toFixed(0)} ms (median of ${RUNS}); load average now ${loadavg()[0]!.toFixed(1)}`)
  const [fullSpeed, throttled] = [await benchmarkIndex(browser, 1), await benchmarkIndex(browser, cpuRate)]
  console.log(`host after: index ${fullSpeed.toFixed(0)} at full speed, ${throttled.toFixed(0)} under ${cpuRate}×`)
} finally {
  await browser.close()
  for (const site of sites) site.stop()
}
