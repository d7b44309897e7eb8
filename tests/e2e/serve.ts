/**
 * Builds the site with the browser tests' settings into .tmp/e2e-dist-<port> (when it changed) and serves it
 * with the real, compiled server (<dist>/server/main.js) on a fresh data directory. Playwright starts this as its
 * web server (one per build variant).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIsCurrent } from '../../scripts/buildStamp.ts'

const root = join(import.meta.dirname, '../..')
process.env.DIST_DIR = join(root, `.tmp/e2e-dist-${process.env.PORT}`)
// A fresh data directory each start: a given one (E2E_DATA_DIR, whose outbox a spec reads) is emptied.
const dataDir = process.env.E2E_DATA_DIR
if (dataDir) {
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
}
process.env.DATA_DIR = dataDir ?? mkdtempSync(join(tmpdir(), 'agency-e2e-data-'))
process.env.HOST = '127.0.0.1'

if (process.env.E2E_VOICE_FAKE === '1') {
  // The scripted voice fake is outside the build stamp's inputs: fold its contents into a stamped setting.
  const dir = join(root, 'tests/e2e/support/voice-fake')
  const hash = createHash('sha256')
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)))
  process.env.VITE_E2E_VOICE_FAKE_STAMP = hash.digest('hex').slice(0, 16)
  process.env.BUILD_VITE_CONFIG = join(dir, 'vite.config.ts')
}

if (!(await buildIsCurrent(process.env.DIST_DIR))) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit', cwd: root })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import(pathToFileURL(join(process.env.DIST_DIR, 'server/main.js')).href)
