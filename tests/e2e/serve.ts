/**
 * Builds the site with the browser tests' settings into .tmp/e2e-dist (when it changed) and serves it
 * with the real server on a fresh data directory. Playwright starts this as its web server.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIsCurrent } from '../../scripts/buildStamp.ts'

const root = join(import.meta.dirname, '../..')
process.env.DIST_DIR = join(root, `.tmp/e2e-dist-${process.env.PORT}`)
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'agency-e2e-data-'))
process.env.HOST = '127.0.0.1'

if (!(await buildIsCurrent(process.env.DIST_DIR))) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit', cwd: root })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import('../../server/main.ts')
