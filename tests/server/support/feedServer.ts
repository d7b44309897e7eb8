/**
 * A small HTTP server of iCalendar feeds for the calendar tests: ETag and 304, gzip when asked, and
 * switches to answer 500 or hang, as a calendar service that is down does.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

export interface FeedServer {
  url: (path: string) => string
  /** Sets (or replaces) the feed at `path`. */
  serve(path: string, text: string): void
  /** Makes `path` answer 302 to `location`. */
  redirect(path: string, location: string): void
  /** 'up', '500' or 'hang' for every path. */
  mode: 'up' | '500' | 'hang'
  /** Requests seen, with their status. */
  log: { path: string; status: number; gzip: boolean }[]
  close(): Promise<void>
}

export async function startFeedServer(): Promise<FeedServer> {
  const feeds = new Map<string, string>()
  const redirects = new Map<string, string>()
  const hanging = new Set<ServerResponse>()
  const feedServer: FeedServer = {
    url: () => '',
    serve: (path, text) => void feeds.set(path, text),
    redirect: (path, location) => void redirects.set(path, location),
    mode: 'up',
    log: [],
    close: async () => {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    const gzip = /gzip/.test(String(request.headers['accept-encoding'] ?? ''))
    const answer = (status: number, headers: Record<string, string> = {}, body?: Buffer | string) => {
      feedServer.log.push({ path, status, gzip: gzip && status === 200 })
      response.writeHead(status, headers)
      response.end(body)
    }
    if (feedServer.mode === 'hang') return void hanging.add(response)
    if (feedServer.mode === '500') return answer(500, {}, 'Internal error')
    const location = redirects.get(path)
    if (location) return answer(302, { Location: location })
    const text = feeds.get(path)
    if (text === undefined) return answer(404, {}, 'Not found')
    const etag = `"${createHash('sha1').update(text).digest('hex')}"`
    if (request.headers['if-none-match'] === etag) return answer(304, { ETag: etag })
    const headers = { 'Content-Type': 'text/calendar; charset=utf-8', ETag: etag }
    if (gzip) answer(200, { ...headers, 'Content-Encoding': 'gzip' }, gzipSync(text))
    else answer(200, headers, text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  feedServer.url = (path) => `http://127.0.0.1:${port}${path}`
  return feedServer
}
