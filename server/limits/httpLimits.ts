/**
 * The Node HTTP server's limits on slow and many clients: a client gets HTTP_HEADERS_TIMEOUT_MS
 * to send its headers and HTTP_REQUEST_TIMEOUT_MS for the whole request (a slow body included); past either,
 * Node answers 408 and closes the connection. An idle keep-alive connection closes after
 * HTTP_KEEP_ALIVE_TIMEOUT_MS, and past MAX_CONNECTIONS open connections a new one is closed at once.
 * Node's defaults (5 minutes for a request, no cap) let a few slow clients hold connections for minutes.
 */
import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { ServerConfig } from '../config'

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>

type HttpLimits = Pick<
  ServerConfig,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS' | 'MAX_CONNECTIONS'
>

/** `serve` of @hono/node-server, with the limits above. */
export function serveWithLimits(options: { fetch: Fetch; port: number; hostname: string }, limits: HttpLimits): Server {
  const server = serve({
    ...options,
    serverOptions: {
      headersTimeout: limits.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeout: limits.HTTP_REQUEST_TIMEOUT_MS,
      // Node looks for expired requests at this interval (30 s by default), so a timeout is late by up to it.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(limits.HTTP_HEADERS_TIMEOUT_MS / 4)),
    },
  }) as Server
  server.keepAliveTimeout = limits.HTTP_KEEP_ALIVE_TIMEOUT_MS
  server.maxConnections = limits.MAX_CONNECTIONS
  return server
}
