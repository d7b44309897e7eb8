/**
 * Answers made with all their headers at once, as one plain object. Node's adapter
 * (@hono/node-server) writes such headers as they are; a header set on a Response afterwards, or
 * Hono's `c.body` with more than one header, makes it build, validate and sort a Headers object, which
 * cost the cached slots answer more than the rest of its route. server/http/app.ts puts the headers it gives
 * every answer (security headers, X-Request-Id) in the context before the route runs; a route that
 * answers with `completeResponse` includes them, and app.ts then leaves its answer as it is.
 */
import type { Context } from 'hono'

declare module 'hono' {
  interface ContextVariableMap {
    /** The headers server/http/app.ts gives every answer of this request. */
    commonHeaders: Readonly<Record<string, string>>
  }
}

/** Marks a complete answer: a property, not a WeakSet, whose entries every garbage collection would have to visit. */
const COMPLETE = Symbol('complete response')

/** `body` with `headers` and this request's common headers (none when the API runs without server/http/app.ts). */
export function completeResponse(
  c: Context,
  body: string | Uint8Array<ArrayBuffer>,
  status: number,
  headers: Readonly<Record<string, string>>,
): Response {
  const response = new Response(body, { status, headers: { ...c.get('commonHeaders'), ...headers } })
  Object.defineProperty(response, COMPLETE, { value: true })
  return response
}

/** Whether `response` was made by completeResponse, so already carries the common headers. */
export const hasCommonHeaders = (response: Response): boolean => COMPLETE in response
