/** A fingerprint of everything a build depends on, so `npm start` rebuilds only when something changed. */
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'

const root = join(import.meta.dirname, '..')
const inputs = [
  'src',
  'machines',
  'core',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/buildServer.ts',
  'scripts/buildStamp.ts',
  'scripts/appLoaderPlugin.ts',
  'scripts/routeFiles.ts',
  'scripts/bookings.ts',
]

async function* files(path: string): AsyncGenerator<string> {
  if (!existsSync(path)) return
  const entries = await readdir(path, { withFileTypes: true }).catch(() => null)
  if (!entries) {
    yield path
    return
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) yield* files(join(path, e.name))
}

export async function currentStamp(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for await (const file of files(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(await readFile(file)).update('\0')
    }
  }
  // Build-time settings are baked into the bundle: a change of any of them needs a new build. NODE_ENV
  // too: under any value but production, Vite compiles JSX for React's development runtime.
  for (const key of Object.keys(env).filter((k) => /^(VITE_|BOOKING_|NODE_ENV$)/.test(k)).sort()) {
    hash.update(`${key}=${env[key]}\0`)
  }
  return hash.digest('hex')
}

const stampFile = (distDir: string) => join(distDir, '.build-stamp')
export const defaultDistDir = () => resolve(root, process.env.DIST_DIR || 'dist')

/** `stamp`: taken before the build starts (Vite sets NODE_ENV=production while it builds). */
export async function writeBuildStamp(distDir: string, stamp: string): Promise<void> {
  await writeFile(stampFile(distDir), stamp)
}

/** `env`: the environment the build would run in (the tests' differs from their own). */
export async function buildIsCurrent(distDir = defaultDistDir(), env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const saved = await readFile(stampFile(distDir), 'utf8').catch(() => '')
  return saved !== '' && saved === (await currentStamp(env))
}
