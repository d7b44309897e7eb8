import type { Context } from 'hono'
import { SERVER_SENTENCES } from '../../sentences'
import { trpcError } from './trpcError'

/**
 * The API's answer to an error no route caught (server/http/app.ts's onError gives it for every /api
 * path): tRPC's shape on the slots route, whose client reads that, `{ message }` on the others. Never a stack.
 * A 503 is an outage (the database or its disk, docs/operations.md#outages), with its own sentence.
 */
export function apiServerError(c: Context, status: 500 | 503 = 500, headers?: Record<string, string>): Response {
  const message = status === 503 ? SERVER_SENTENCES.unavailable : SERVER_SENTENCES.serverError
  const body = c.req.path.endsWith('/calendar/slots') ? trpcError(message, status) : { message }
  return c.json(body, status, headers)
}
