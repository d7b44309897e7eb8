/**
 * Structured logs (pino): one JSON object per line on stdout, or pino-pretty when stdout is a terminal.
 * Nothing a visitor typed reaches a log: request lines carry no body, errors are reduced to a safe
 * subset of their fields (database errors lose `detail`, `where`, `params`...), known personal keys are
 * redacted wherever they appear, and URLs are printed with their passwords masked.
 */
import type { Context } from 'hono'
import pino, { type DestinationStream, type Logger } from 'pino'
import { stdoutLog } from './stdoutLog'

export type { Logger }

declare module 'hono' {
  interface ContextVariableMap {
    /** The process's logger (set by server/http/app.ts). */
    baseLog: Logger
    /** The request's logger, its request id bound: made by logOf on first use. */
    log: Logger
    /** The request's X-Request-Id (set by server/http/app.ts). */
    requestId: string
  }
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * Keys whose values are a visitor's or a secret, at the top of a log object or one level down (pino's
 * redact paths). Errors never carry them once `safeError` has run; this catches the rest.
 */
const REDACTED_PATHS = [
  'responses',
  'attendees',
  'email',
  'guests',
  'notes',
  'params',
  'parameters',
  'detail',
  'where',
  'password',
  // Webhooks (docs/webhooks.md): a subscription's URL carries tokens, its secret signs, a payload is a visitor's.
  'subscriberUrl',
  'secret',
  'payload',
  'payloadTemplate',
  'apiKey',
]
  .flatMap((key) => [key, `*.${key}`])
  .concat(['headers.authorization', 'headers.cookie', '*.headers.authorization', '*.headers.cookie'])

/** Fields of a database error (pg's DatabaseError, PGlite's) and of a Node system error that hold no data. */
const SAFE_ERROR_FIELDS = [
  'code',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'errno',
  'syscall',
  'address',
  'port',
] as const

// No slash on either side, so `node_modules/@scope/pkg.js` in a stack is not an address.
const EMAIL = /[^\s@/\\"'<>(),;:]+@[^\s@/\\"'<>(),;:]+\.[^\s@/\\"'<>(),;:]+/g
/** Values PostgreSQL quotes after a colon (`invalid input syntax for type json: "…"`), valibot's `received "…"`. */
const QUOTED_VALUE = /(:\s*|received\s+)"(?:[^"\\]|\\.)*"/gi
/** V8's JSON.parse message quotes the input: `Unexpected token 'x', "…" is not valid JSON`. */
const JSON_SNIPPET = /"[\s\S]*" is not valid JSON/g

/** An error message without the values it may quote: addresses, quoted input. */
export function scrubMessage(text: string): string {
  return text
    .replace(JSON_SNIPPET, () => '"[redacted]" is not valid JSON')
    .replace(QUOTED_VALUE, (_match, lead: string) => `${lead}"[redacted]"`)
    .replace(EMAIL, () => '[email]')
}

/**
 * The loggable part of an error: type, scrubbed message and stack, the safe fields above, its cause.
 * PGlite's errors carry the query's `params` (a visitor's name and email) and PostgreSQL's carry
 * `detail` ("Failing row contains (…)") and `where` (the JSON being parsed): none of them is kept.
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: scrubMessage(String(error)) }
  const e = error as Partial<Error> & Record<string, unknown>
  const rawMessage = typeof e.message === 'string' ? e.message : ''
  const message = scrubMessage(rawMessage)
  // pg's and PGlite's classes (the latter minified) both carry a SQLSTATE code and a severity.
  const isDatabaseError = typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)
  const out: Record<string, unknown> = { type: isDatabaseError ? 'DatabaseError' : (e.constructor?.name ?? 'Object'), message }
  if (typeof e.stack === 'string') {
    // The lines before the first frame repeat the message; the frames are code locations.
    const firstFrame = e.stack.search(/^\s+at /m)
    const head = firstFrame === -1 ? e.stack : e.stack.slice(0, firstFrame)
    out.stack = scrubMessage(head) + (firstFrame === -1 ? '' : e.stack.slice(firstFrame))
  }
  for (const key of SAFE_ERROR_FIELDS) {
    const value = e[key]
    if (typeof value === 'string' || typeof value === 'number') out[key] = value
  }
  if (depth < 3) {
    if (e.cause !== undefined) out.cause = safeError(e.cause, depth + 1)
    // AggregateError: Node's "connect ECONNREFUSED" over IPv4 and IPv6, for one.
    if (Array.isArray(e.errors)) out.errors = e.errors.slice(0, 5).map((inner) => safeError(inner, depth + 1))
  }
  return out
}

/** A URL fit to print: its password, and query parameters that look secret, masked. */
export function maskUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return '[unparsable URL]'
  }
  if (parsed.password) parsed.password = '***'
  for (const key of [...parsed.searchParams.keys()]) {
    if (/pass|secret|token|key/i.test(key)) parsed.searchParams.set(key, '***')
  }
  return parsed.toString()
}

/**
 * pino's isoTime, its text made once per millisecond: under load many lines share one (a Date and its
 * ISO text per line cost more than the rest of a request line).
 */
let timeMs = Number.NaN
let timeText = ''
function isoTime(): string {
  const now = Date.now()
  if (now !== timeMs) {
    timeMs = now
    timeText = `,"time":"${new Date(now).toISOString()}"`
  }
  return timeText
}

export interface LoggerOptions {
  level?: LogLevel
  /** Where lines go; stdout by default (tests pass a stream and read it). */
  destination?: DestinationStream
}

export function createLogger({ level = 'info', destination }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: safeError, error: safeError },
      timestamp: isoTime,
    },
    // Asynchronous, and never a reason for the process to stay (server/log/stdoutLog.ts).
    destination ?? stdoutLog(),
  )
}

export interface ProcessLogger {
  logger: Logger
  /** Before process.exit: resolves once the lines logged so far are out, or after `withinMs` (stdout full, slow or gone). */
  flushWithin: (withinMs: number) => Promise<void>
}

/**
 * The server's logger: JSON lines, or pino-pretty when stdout is a terminal (loaded only then, so a
 * production process never imports it).
 */
export async function createProcessLogger(level: LogLevel = 'info'): Promise<ProcessLogger> {
  if (!process.stdout.isTTY) {
    const destination = stdoutLog()
    return { logger: createLogger({ level, destination }), flushWithin: (ms) => destination.flushWithin(ms) }
  }
  const { default: pretty } = await import('pino-pretty')
  const logger = createLogger({ level, destination: pretty({ sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) })
  // Written as they are logged: nothing waits.
  return { logger, flushWithin: () => Promise.resolve() }
}

/** Used by code that runs outside server/http/app.ts's middleware (the API alone in tests and benchmarks). */
let fallback: Logger | undefined

/** The request's logger, or a stderr logger of errors when no app middleware set one. */
export function logOf(c: Context): Logger {
  const log = c.get('log') as Logger | undefined
  if (log) return log
  const base = c.get('baseLog') as Logger | undefined
  if (base) {
    const child = base.child({ reqId: c.get('requestId') })
    c.set('log', child)
    return child
  }
  // Through console.error: whoever runs the API alone (a test, a benchmark) sees it, and can silence it.
  fallback ??= createLogger({ level: 'error', destination: { write: (line: string) => console.error(line.trimEnd()) } })
  return fallback
}
