/**
 * The production build, once: the compiled server starts with plain `node` (no TypeScript loader), imports
 * only `dependencies`, ships its migrations, and serves the real error page without server paths and with
 * `$` sequences as written. Built into .tmp/ (rebuilt only when the sources changed, like `npm start`; support/productionBuild.ts).
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { assertRuntimeDependencies } from '../../scripts/buildServer'
import { productionBuild, PRODUCTION_TEST_DIST as dist } from './support/productionBuild'
import { logRecords, ROOT, startServerProcess, type ServerProcess } from './support/serverProcess'

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* files(join(dir, entry.name))
    else yield join(dir, entry.name)
  }
}

describe('the production build', () => {
  let server: ServerProcess
  let data: string

  beforeAll(async () => {
    await productionBuild()
    data = await mkdtemp(join(tmpdir(), 'agency-production-'))
    // Plain node on the compiled file: nothing registers a TypeScript loader.
    server = await startServerProcess({ DIST_DIR: dist, DATA_DIR: data, NODE_ENV: 'production', SHUTDOWN_DELAY_MS: '0' }, [join(dist, 'server/main.js')])
    await server.ready()
  }, 300_000)

  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL')
    await server?.exited
    await rm(data, { recursive: true, force: true })
  })

  it('imports only node built-ins and `dependencies` at run time, and ships the migrations', async () => {
    const specifiers: string[] = []
    for (const folder of ['server', 'render']) {
      for await (const file of files(join(dist, folder))) {
        if (!file.endsWith('.js')) continue
        const code = await readFile(file, 'utf8')
        const statements = /^\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm
        for (const match of code.matchAll(statements)) specifiers.push((match[1] ?? match[2] ?? match[3]) as string)
      }
    }
    expect(specifiers).toContain('pino')
    await expect(assertRuntimeDependencies(specifiers, 'the build')).resolves.toBeUndefined()
    expect(existsSync(join(dist, 'server/migrations/001_bookings.sql'))).toBe(true)
  })

  it('serves the 404 page with `$&` and `$1` as written and a stack without file paths', async () => {
    const response = await fetch(`${server.url}/no-such-page$&$1$'`)
    expect(response.status).toBe(404)
    expect(response.headers.get('strict-transport-security')).toBe('max-age=15552000')
    const html = await response.text()
    expect(html).toContain('Unexpected Application Error!')
    expect(html).toContain('no page matches &quot;/no-such-page$&amp;$1$&#x27;&quot;')
    const stack = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? ''
    expect(stack).toContain('at NotFoundView')
    expect(stack).not.toMatch(/file:|\/node_modules\/|\.js:\d+/)
    expect(html).not.toContain(ROOT)
  })

  it('stops at start, before listening, when its booking settings differ from those the site was built with', async () => {
    // The build has the defaults (video only); this server would take phone calls the pages never offer.
    const other = await startServerProcess(
      { DIST_DIR: dist, DATA_DIR: join(data, 'mismatch'), NODE_ENV: 'production', BOOKING_LOCATIONS: 'video,phone', BOOKING_EVENT_TYPE_ID: '7' },
      [join(dist, 'server/main.js')],
    )
    onTestFinished(() => void (other.child.exitCode === null && other.child.kill('SIGKILL')))
    expect(await other.exited).toBe(1)
    const fatal = logRecords(other.output()).filter((record) => record.level === 60)
    expect(fatal.map((record) => record.msg)).toEqual([
      `BOOKING_LOCATIONS is video,phone here, but the site in ${dist} was built with video: its pages would offer what this server does not take. ` +
        'Build the site again with these settings: `npm run build`, or `npm start`, which rebuilds by itself.',
    ])
    expect(other.output()).not.toContain('Listening')
  })

  it('keeps the health routes out of the sitemap, and stops with exit 0 on SIGTERM', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
    expect(sitemap).toContain('<loc>')
    expect(sitemap).not.toMatch(/healthz|readyz/)
    expect((await fetch(`${server.url}/healthz`)).headers.get('cache-control')).toBe('no-store')
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  })
})
