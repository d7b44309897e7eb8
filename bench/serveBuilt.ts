/** Benchmarks' helper: make sure the production build is current, then start the real server on a free port. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIsCurrent } from '../scripts/buildStamp.ts'

const root = join(import.meta.dirname, '..')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** Builds when the sources changed since the last build; the build's folder (`dist`). */
export async function ensureBuilt(): Promise<string> {
  if (!(await buildIsCurrent())) {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit', cwd: root })
    if (build.status !== 0) throw new Error('The build failed.')
  }
  return join(root, 'dist')
}

/** The real server on a free port over the build, or over `distDir` (a modified copy of it). */
export async function serveBuiltSite(options: { distDir?: string } = {}): Promise<{ origin: string; stop: () => void }> {
  await ensureBuilt()
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'agency-bench-')),
      // No load balancer to wait for: stop() ends it at once.
      SHUTDOWN_DELAY_MS: '0',
      ...(options.distDir ? { DIST_DIR: options.distDir } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The server exited with code ${code}.`)))
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Serving on')) resolve()
    })
  })
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
}
