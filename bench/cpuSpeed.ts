/**
 * How fast this host's CPU is, and the CPU slowdown under which a page runs here as on a low-end phone: the
 * benches measure at the phone's speed whatever the host (docs/performance.md#how-fast-the-host-is).
 *
 * `BENCH_CPU` chooses the slowdown: unset or `phone`, fitted to the host so that its Lighthouse BenchmarkIndex under
 * it is a low-end phone's (LOW_END_PHONE_INDEX); a number, that rate outright (`BENCH_CPU=4` is Lighthouse's own
 * mobile preset, meant for a high-end desktop of index 1,500–2,000).
 */
import type { Browser } from '@playwright/test'
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js'
import { median } from './median.ts'

/**
 * A low-end phone by Lighthouse's yardstick, its BenchmarkIndex: DevTools' CPU calibration takes 264 for its
 * low-tier preset (a Moto G4 Power of 2022) and 1,000 for a mid-tier one (a Pixel 5); the site is tuned for 250.
 */
export const LOW_END_PHONE_INDEX = 250

/**
 * The host's BenchmarkIndex (the figure Lighthouse's reports give as "CPU/Memory Power") under a CPU slowdown of
 * `rate`: the median of three, after one that warms the engine up. Throttling divides whatever the host has, so
 * the same build gives figures a third apart from one hour to the next here: every table prints it.
 */
export async function benchmarkIndex(browser: Browser, rate: number): Promise<number> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate })
    const measure = () => page.evaluate<number>(pageFunctions.computeBenchmarkIndex)
    await measure()
    return median([await measure(), await measure(), await measure()])
  } finally {
    await context.close()
  }
}

/**
 * The slowdown under which this host's BenchmarkIndex is LOW_END_PHONE_INDEX, as DevTools calibrates its own
 * presets: a first guess from the index at full speed, then one correction from the index measured under it
 * (throttling does not divide the index exactly). Never below 1×.
 */
async function fittedRate(browser: Browser, fullSpeed: number): Promise<number> {
  const guess = Math.max(1, fullSpeed / LOW_END_PHONE_INDEX)
  const corrected = guess * ((await benchmarkIndex(browser, guess)) / LOW_END_PHONE_INDEX)
  return Math.max(1, Math.round(corrected * 10) / 10)
}

export interface CpuSetting {
  /** The slowdown the bench applies. */
  rate: number
  /** The host's index at full speed, and under `rate`. */
  fullSpeedIndex: number
  throttledIndex: number
  /** One line for the bench's output, beside its table. */
  describe: string
}

/** The slowdown `BENCH_CPU` asks for, with the host's index at full speed and under it. */
export async function cpuSetting(browser: Browser, asked = process.env.BENCH_CPU ?? 'phone'): Promise<CpuSetting> {
  const fullSpeedIndex = await benchmarkIndex(browser, 1)
  const rate = asked === 'phone' ? await fittedRate(browser, fullSpeedIndex) : Number(asked)
  if (!(rate >= 1)) throw new Error(`BENCH_CPU is "phone" (a slowdown fitted to this host) or a slowdown of 1 or more; got "${asked}".`)
  const throttledIndex = await benchmarkIndex(browser, rate)
  const why = asked === 'phone' ? `fitted to a low-end phone's ${LOW_END_PHONE_INDEX}` : 'as BENCH_CPU asks'
  return {
    rate,
    fullSpeedIndex,
    throttledIndex,
    describe: `host's Lighthouse benchmark index ${fullSpeedIndex.toFixed(0)} at full speed; CPU slowdown ${rate}× (${why}); index under it ${throttledIndex.toFixed(0)}`,
  }
}
