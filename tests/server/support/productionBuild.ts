/**
 * One production build for the test files that need it (production.test.ts, shutdown.test.ts), in
 * .tmp/production-test-dist, rebuilt only when the sources changed (as `npm start` decides). Test files
 * run in parallel: a lock directory makes the second wait for the first's build instead of building over it.
 */
import { spawnSync } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildIsCurrent } from '../../../scripts/buildStamp'
import { ROOT } from './serverProcess'

export const PRODUCTION_TEST_DIST = join(ROOT, '.tmp/production-test-dist')

/** The environment of `npm run build` and `npm start` here: vitest's NODE_ENV=test would build for React's development runtime. */
export function productionEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DIST_DIR: PRODUCTION_TEST_DIST }
  delete env.NODE_ENV
  return env
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function withLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const giveUp = Date.now() + 300_000
  for (;;) {
    if (Date.now() > giveUp) throw new Error(`${path} was held for 5 minutes: remove it if no test runs`)
    try {
      await mkdir(path, { recursive: false })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(await readFile(join(path, 'pid'), 'utf8').catch(() => ''))
      // A lock left by a killed run (or not yet signed by its owner: wait).
      if (owner && !alive(owner)) await rm(path, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  try {
    await writeFile(join(path, 'pid'), String(process.pid))
    return await work()
  } finally {
    await rm(path, { recursive: true, force: true })
  }
}

/** Builds .tmp/production-test-dist when it is not current; returns its path. */
export async function productionBuild(): Promise<string> {
  await mkdir(join(ROOT, '.tmp'), { recursive: true })
  await withLock(`${PRODUCTION_TEST_DIST}.lock`, async () => {
    if (await buildIsCurrent(PRODUCTION_TEST_DIST, productionEnv())) return
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: ROOT, env: productionEnv(), encoding: 'utf8' })
    if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout}\n${build.stderr}`)
  })
  return PRODUCTION_TEST_DIST
}
