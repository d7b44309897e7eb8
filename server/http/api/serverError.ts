import type { Context } from 'hono'
import { SERVER_SENTENCES } from '../../sentences'
import { trpcError } from './trpcError'

/**
 * The API's answer to an error no route caught (server/http/app.ts's onError gives it for every /api
 * path): tRPC's shape on the slots route, whose client reads that, `{ message }` on the others. Never a stack.
 */
export function apiServerError(c: Context): Response {
  const body = c.req.path.endsWith('/calendar/slots') ? trpcError(SERVER_SENTENCES.serverError, 500) : { message: SERVER_SENTENCES.serverError }
  return c.json(body, 500)
}
