/**
 * A real CalDAV server for the tests: Debian's Radicale (`apt-get install radicale`; .ci/run installs
 * it), started on a free port with its own storage folder and a plain htpasswd user. Run with Debian's
 * /usr/bin/python3, where the package installs it (another python3 on PATH may not have it).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { describe } from 'vitest'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const RADICALE_PYTHON = '/usr/bin/python3'
export const radicaleInstalled = () => existsSync('/usr/lib/python3/dist-packages/radicale') && existsSync(RADICALE_PYTHON)

/** describe for suites that need Radicale: skipped without it, except in CI, where a missing server must fail. */
export const describeWithRadicale = radicaleInstalled() || process.env.CI ? describe : describe.skip

export interface Radicale {
  url: string
  username: string
  password: string
  /** Makes a calendar collection `name` with a display name. */
  makeCalendar(name: string, displayName: string): Promise<void>
  /** PUTs an iCalendar object into a calendar. */
  put(calendar: string, file: string, ics: string): Promise<void>
  /** The iCalendar objects of a calendar, by file name. */
  list(calendar: string): Promise<Map<string, string>>
  stop(): Promise<void>
  start(): Promise<void>
  dispose(): Promise<void>
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

export async function startRadicale(): Promise<Radicale> {
  const dir = await mkdtemp(join(tmpdir(), 'radicale-'))
  const port = await freePort()
  const username = 'host'
  const password = 'app-password-7c1e9f'
  await writeFile(join(dir, 'users'), `${username}:${password}\n`)
  await writeFile(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'collections')}`,
      '[logging]',
      'level = warning',
    ].join('\n'),
  )
  const url = `http://127.0.0.1:${port}`
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
  let child: ChildProcess | undefined

  async function start() {
    child = spawn(RADICALE_PYTHON, ['-m', 'radicale', '--config', join(dir, 'config')], { stdio: ['ignore', 'ignore', 'pipe'] })
    const deadline = Date.now() + 15_000
    for (;;) {
      try {
        const response = await fetch(`${url}/.web/`)
        if (response.status < 500) return
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error('Radicale did not start within 15 s')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  async function stop() {
    const running = child
    child = undefined
    if (!running || running.exitCode !== null) return
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve())
      running.kill('SIGTERM')
    })
  }
  const request = (path: string, init: RequestInit) => fetch(`${url}${path}`, { ...init, headers: { Authorization: auth, ...init.headers } })

  await start()
  return {
    url,
    username,
    password,
    async makeCalendar(name, displayName) {
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>
<D:displayname>${displayName}</D:displayname>
<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
</D:prop></D:set></C:mkcalendar>`
      const response = await request(`/${username}/${name}/`, { method: 'MKCALENDAR', body, headers: { 'Content-Type': 'application/xml' } })
      if (response.status !== 201) throw new Error(`MKCALENDAR answered ${response.status}`)
    },
    async put(calendar, file, ics) {
      const response = await request(`/${username}/${calendar}/${file}`, { method: 'PUT', body: ics, headers: { 'Content-Type': 'text/calendar' } })
      if (response.status >= 300) throw new Error(`PUT answered ${response.status}`)
    },
    async list(calendar) {
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop>
<C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>`
      const response = await request(`/${username}/${calendar}/`, { method: 'REPORT', body, headers: { Depth: '1', 'Content-Type': 'application/xml' } })
      const xml = await response.text()
      const found = new Map<string, string>()
      for (const match of xml.matchAll(/<href>[^<]*\/([^/<]+)<\/href>[\s\S]*?<C:calendar-data>([\s\S]*?)<\/C:calendar-data>/g)) {
        found.set(decodeURIComponent(match[1] as string), (match[2] as string).replace(/&#13;/g, '\r').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&'))
      }
      return found
    },
    stop,
    start,
    async dispose() {
      await stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
