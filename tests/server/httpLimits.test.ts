/** Slow and many clients: the real app served by server/limits/httpLimits.ts, attacked over raw sockets. */
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { createApi } from '../../server/http/api/createApi'
import { createApp } from '../../server/http/app'
import { serveWithLimits } from '../../server/limits/httpLimits'
import { createLogger } from '../../server/log/logger'
import { rejectingStore, testClock, testConfig } from './support/harness'

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function start(env: Record<string, string>) {
  const config = testConfig(env)
  const api = createApi({ config, store: rejectingStore(() => new Error('no database here')), clock: testClock().read })
  const app = createApp({ config, logger: createLogger({ level: 'silent' }), site: new Map(), renderNotFound: async () => '', api })
  const server = serveWithLimits({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, config)
  servers.push(server)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return (server.address() as AddressInfo).port
}

/** A raw connection that records what it receives and when it closes. */
async function open(port: number) {
  const socket: Socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  socket.on('error', () => undefined)
  const started = performance.now()
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)))
  return { socket, closed, received: () => received }
}

const env = { HTTP_HEADERS_TIMEOUT_MS: '400', HTTP_REQUEST_TIMEOUT_MS: '800', HTTP_KEEP_ALIVE_TIMEOUT_MS: '300' }

describe('slow and many clients', () => {
  it('answers 408 and closes a connection whose headers come too slowly', async () => {
    const port = await start(env)
    const client = await open(port)
    client.socket.write('POST /api/cancel HTTP/1.1\r\nHost: localhost\r\n')
    const timer = setInterval(() => client.socket.writable && client.socket.write('X-Slow: 1\r\n'), 100)
    const ms = await client.closed
    clearInterval(timer)
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /)
    // The headers timeout, plus Node's checking interval (a quarter of it), plus slack for a loaded machine.
    expect(ms).toBeGreaterThanOrEqual(350)
    expect(ms).toBeLessThan(3_000)
  })

  it('answers 408 and closes a connection whose body comes a byte at a time', async () => {
    const port = await start(env)
    const client = await open(port)
    client.socket.write('POST /api/cancel HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n')
    const timer = setInterval(() => client.socket.writable && client.socket.write(' '), 100)
    const ms = await client.closed
    clearInterval(timer)
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /)
    expect(ms).toBeGreaterThanOrEqual(700)
    expect(ms).toBeLessThan(3_000)
  })

  it('closes an idle keep-alive connection after HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
    const port = await start(env)
    const client = await open(port)
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n')
    const ms = await client.closed
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /)
    expect(ms).toBeLessThan(2_000)
  })

  it('closes connections past MAX_CONNECTIONS at once, and serves again when there is room', async () => {
    const port = await start({ ...env, HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '5000', MAX_CONNECTIONS: '2' })
    const held = [await open(port), await open(port)]
    const third = await open(port)
    expect(await third.closed).toBeLessThan(1_000)
    expect(third.received()).toBe('')
    for (const client of held) client.socket.destroy()
    await Promise.all(held.map((client) => client.closed))
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, { timeout: 2_000 }).toBe(200)
  })
})
