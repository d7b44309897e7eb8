/**
 * POST /api/voice/tools — the voice assistant's tools (docs/voice-assistant.md), called by the voice
 * platform's server when the assistant uses one: its `tool-calls` message in, `{ results: [{ toolCallId,
 * name, result }] }` out, each result a short text the assistant can read out. Its `end-of-call-report`
 * comes here too (callReport.ts: the agency's brief of a call that booked).
 *
 * The message's shape: platformMessage.ts; the tools (check_availability, book_call): tools.ts; what
 * they say: sentences.ts.
 *
 * Guarded by VAPI_SERVER_SECRET (404 without it, 401 on a wrong one, compared in constant time). Nothing
 * the caller says is logged.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import type { ServerConfig } from '../config'
import type { ClientLimit } from '../db/store'
import { digestKey } from '../limits/keys'
import { sameSecret } from '../limits/sameSecret'
import { secretsRefusal, type SecretFailures } from '../limits/secretFailures'
import type { ApiContext } from '../scheduler/apiContext'
import { isCallReport, type CallReports } from './callReport'
import { conversationKind, MessageSchema, toolCalls, type VoiceCall } from './platformMessage'
import { SERVER_SENTENCES } from '../sentences'
import { VOICE_TOOL_MESSAGES } from './sentences'
import { runTool } from './tools'

/**
 * The platform's tool-calls message carries the whole call with it (the assistant's configuration, the
 * transcript so far), which outgrows the booking routes' 16 KB within minutes of talk.
 */
export const MAX_VOICE_TOOLS_BODY_BYTES = 256 * 1024

// --- Authentication ------------------------------------------------------------------------------------

/**
 * 404 while VAPI_SERVER_SECRET is unset (the route does not exist), 429 for an address past its wrong
 * secrets (before comparing), 401 on a missing or wrong secret (which counts as one).
 */
export function requireVoiceSecret(config: ServerConfig, failures: SecretFailures): MiddlewareHandler {
  return createMiddleware(async (c, next) => {
    const expected = config.VAPI_SERVER_SECRET
    if (!expected) return c.json({ message: SERVER_SENTENCES.notFound }, 404)
    const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    const given = c.req.header('x-vapi-secret') ?? bearer ?? ''
    const secret = await failures.check(c, () => sameSecret(given, expected))
    if (secret.verdict === 'limited') return secretsRefusal(c, secret.retryAfterSeconds)
    if (secret.verdict === 'wrong') return c.json({ message: SERVER_SENTENCES.unauthorized }, 401)
    await next()
  })
}

/** The booking routes' body limit (hono/body-limit, 413 with a message), at this route's size. */
export const voiceToolsBodyLimit = bodyLimit({
  maxSize: MAX_VOICE_TOOLS_BODY_BYTES,
  onError: (c) => c.json({ message: SERVER_SENTENCES.tooLarge }, 413),
})

// --- The route -----------------------------------------------------------------------------------------

export async function voiceToolsRoute(c: Context, ctx: ApiContext, reports: CallReports): Promise<Response> {
  let json: unknown
  try {
    json = JSON.parse(await c.req.text())
  } catch {
    return c.json({ message: VOICE_TOOL_MESSAGES.notJson }, 400)
  }
  // What was said on a call (callReport.ts): stored before the answer, which the platform does not read.
  if (isCallReport(json)) {
    await reports.receive(json)
    return c.json({}, 200)
  }
  const parsed = v.safeParse(MessageSchema, json)
  if (!parsed.success) return c.json({ message: VOICE_TOOL_MESSAGES.notToolCalls }, 400)
  // Pointed at this URL as the assistant's server, the platform also sends status updates and transcripts
  // (when serverMessages lists them): they need no answer.
  if (parsed.output.message.type !== 'tool-calls') return c.json({}, 200)

  const message = parsed.output.message
  const clients = voiceClientLimits(message.call, ctx, ctx.clientLimits(c))
  const results = []
  let booking = false
  for (const call of toolCalls(message)) {
    // One book_call per request: the others are answered, not run.
    const another = call.name === 'book_call' && booking
    if (call.name === 'book_call') booking = true
    results.push({ toolCallId: call.id, name: call.name, result: another ? VOICE_TOOL_MESSAGES.onePerRequest : await runTool(call, ctx, clients, message.call?.id, conversationKind(message)) })
  }
  return c.json({ results }, 200)
}

/**
 * Whom a voice booking counts against. Every caller reaches this route from the platform's few addresses
 * (which keep their per-minute limit), so the daily cap is the conversation's instead: one booking per
 * call (`call.id`), and the web's daily cap per caller's number where the platform sends one. Only a
 * message without a call (not what the platform sends) counts against the platform's address.
 */
function voiceClientLimits(call: VoiceCall | undefined, ctx: ApiContext, platform: ClientLimit[]): ClientLimit[] {
  if (!call?.id) return platform
  const limits: ClientLimit[] = [{ key: digestKey(`voice-call:${call.id}`), maxPerDay: 1, message: VOICE_TOOL_MESSAGES.onePerCall }]
  const number = call.customer?.number?.trim()
  if (number) limits.push({ key: digestKey(`voice-caller:${number}`), maxPerDay: ctx.config.RATE_LIMIT_BOOKINGS_PER_DAY })
  return limits
}
