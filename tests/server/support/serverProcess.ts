/**
 * The real server as a child process, for what only a process shows: signals, exit codes, kill -9, the
 * data directory lock. It runs from the sources (tsx) on a minimal site (no Vite build needed);
 * tests/server/production.test.ts runs the compiled build once.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer, connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { BROWSER_DEFAULTS } from '../../../core/browserSettings'
import { BUILT_SETTINGS_FILE, sharedBookingSettings } from '../../../core/settings'
import type { BurstOutcome, BurstPlan } from './burst'

export const ROOT = join(import.meta.dirname, '../../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** What the server reads from a build: a page, the render template, a render function and the settings it was built with. */
export async function writeMinimalSite(dist: string): Promise<void> {
  await mkdir(join(dist, 'client'), { recursive: true })
  await mkdir(join(dist, 'render'), { recursive: true })
  await writeFile(join(dist, 'client/index.html'), '<!doctype html><title>Home</title><h1>Home</h1>')
  await writeFile(join(dist, 'client/robots.txt'), 'User-agent: *\n')
  await writeFile(join(dist, 'render/template.html'), '<!doctype html><head><!--app-head--></head><div id="root"><!--app-html--></div>')
  // Built with the defaults, as a build with no setting would be: a test starting the server with others expects it to stop.
  await writeFile(join(dist, BUILT_SETTINGS_FILE), JSON.stringify(sharedBookingSettings(BROWSER_DEFAULTS.booking)))
  await writeFile(
    join(dist, 'render/entry-server.js'),
    "export async function renderDocument(template, url) { return { status: 404, html: template.replace('<!--app-html-->', () => '<h1>Not found</h1>') } }\n",
  )
}

/** Every quarter hour of every day bookable, from now on: process tests book days ahead with the real clock. */
export const BOOKABLE_ANY_TIME = {
  SCHEDULE_TIME_ZONE: 'UTC',
  SCHEDULE_DAYS: 'mon-sun',
  SCHEDULE_START: '00:00',
  SCHEDULE_END: '24:00',
  SCHEDULE_MIN_NOTICE_MINUTES: '0',
  SCHEDULE_DAYS_AHEAD: '30',
}

export interface ServerProcess {
  child: ChildProcess
  url: string
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>
  /** Polls /readyz until 200. */
  ready: (timeoutMs?: number) => Promise<void>
}

export interface StartOptions {
  /** The program, `command` being its arguments: node by default; `npm` to start as the README does. */
  executable?: string
  /** In a process group of its own (its pid is the group's id), to signal the group as a terminal or systemd does. */
  detached?: boolean
  /** Where stdout goes: into output() (default), or a file descriptor such as a pipe's write end. */
  stdout?: 'pipe' | number
}

/** Starts the server: `command` is node's arguments (the sources through tsx by default). */
export async function startServerProcess(
  env: Record<string, string>,
  command: string[] = ['--import', 'tsx', 'server/main.ts'],
  { executable = process.execPath, detached = false, stdout = 'pipe' }: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(executable, command, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', stdout, 'pipe'],
    detached,
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')))
  const url = `http://127.0.0.1:${port}`
  let gone = false
  void exited.then(() => (gone = true))
  return {
    child,
    url,
    output: () => output,
    exited,
    async ready(timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs
      while (Date.now() < until) {
        if (gone) throw new Error(`The server exited before it was ready:\n${output}`)
        const status = await fetch(`${url}/readyz`).then(
          (r) => r.status,
          () => 0,
        )
        if (status === 200) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`The server was not ready within ${timeoutMs} ms:\n${output}`)
    },
  }
}

/** Log lines of a process's output that are JSON. */
export function logRecords(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * A request written by hand on its own connection: the head and all but the last `holdBack` bytes of the
 * body at once, the rest when `finish()` is called (never, for a request that never ends).
 */
export function partialRequest(
  url: string,
  method: string,
  path: string,
  body: string,
  holdBack = 1,
): { socket: Socket; finish: () => void; response: Promise<RawResponse> } {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  const bytes = Buffer.from(body)
  socket.write(
    `${method} ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`,
  )
  socket.write(bytes.subarray(0, bytes.length - holdBack))
  const response = new Promise<RawResponse>((resolve, reject) => {
    let received = Buffer.alloc(0)
    const parse = () => {
      const headEnd = received.indexOf('\r\n\r\n')
      if (headEnd === -1) return undefined
      const [statusLine = '', ...lines] = received.subarray(0, headEnd).toString().split('\r\n')
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      const content = received.subarray(headEnd + 4)
      if (content.length < Number(headers['content-length'] ?? 0)) return undefined
      return { status: Number(statusLine.split(' ')[1]), headers, body: content.toString() }
    }
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const parsed = parse()
      if (parsed) resolve(parsed)
    })
    socket.on('error', reject)
    socket.on('close', () => reject(new Error(`Connection closed without a full response (${received.length} bytes)`)))
  })
  // Handled here too: a test may await it only after the connection has closed.
  response.catch(() => undefined)
  return { socket, finish: () => void socket.write(bytes.subarray(bytes.length - holdBack)), response }
}

/** Runs support/burst.ts in a process of its own; resolves with every request's outcome once all are settled. */
export function burst(plan: BurstPlan): Promise<{ outcomes: BurstOutcome[]; signalledAt: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/support/burst.ts', JSON.stringify(plan)], { cwd: ROOT })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`The burst failed (${code}):\n${err}`))
      resolve(JSON.parse(out) as { outcomes: BurstOutcome[]; signalledAt: number })
    })
  })
}
