/**
 * Turns what the voice SDK, Daily and the browser report into sentences a visitor can act on
 * (docs/design.md#errors: the error's message, else 'An unknown error occurred.'). A message that is a
 * sentence already is shown as it is; the browser's own words ("Failed to fetch") and the platform's raw
 * text ("boom", a status's body) never are: they become one of the sentences below, each with a way on.
 */

export const UNKNOWN_ERROR = 'An unknown error occurred.'
export const NO_CALL_OBJECT = 'Call object is not available.'
export const NOT_CONFIGURED = 'The voice assistant is not set up on this site yet.'
export const SDK_LOAD_FAILED = 'The voice assistant could not be loaded. Check your connection, then press Retry Call.'
export const ALREADY_STARTED = 'A call is already under way. End it before starting another.'

/** What the platform said in status codes, or that it could not be reached, in words. */
export const PLATFORM_MESSAGES = {
  refused: "The voice assistant refused this site's key. Please try again later, or type instead.",
  unreachable: 'The voice assistant could not be reached. Check your connection, then press Retry Call, or type instead.',
  busy: 'The voice assistant is busy right now. Wait a minute, then press Retry Call, or type instead.',
  down: 'The voice assistant is having trouble right now. Press Retry Call in a moment, or type instead.',
  failed: 'The call could not go ahead. Press Retry Call, or type instead.',
} as const

export const MICROPHONE_MESSAGES = {
  denied: 'Microphone access is blocked. Allow the microphone for this site in your browser settings, then press Retry Call.',
  notFound: 'No microphone was found. Connect a microphone or headset, then press Retry Call.',
  inUse: 'Your microphone is in use by another app or could not be started. Close the other app, then press Retry Call.',
  unsupported: 'This browser cannot use a microphone on this page. Open the site over HTTPS in an up-to-date browser.',
} as const

export type MicrophoneProblem = keyof typeof MICROPHONE_MESSAGES

/** The getUserMedia failure named by a DOMException's name (NotAllowedError, NotFoundError, NotReadableError…). */
export function microphoneProblem(error: unknown): MicrophoneProblem | undefined {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : ''
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied'
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound'
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse'
    default:
      return undefined
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * The first readable text in a nested error payload. The SDK wraps errors as
 * `{ type, error: { message, error } }`, where `message` may itself be an object
 * (a Daily event, or the JSON body of a failed HTTP response).
 */
export function findErrorText(payload: unknown, depth = 0): string | undefined {
  if (depth > 5 || payload === null || payload === undefined) return undefined
  if (typeof payload === 'string') return payload.trim() || undefined
  if (payload instanceof Error) return payload.message.trim() || undefined
  if (!isRecord(payload)) return undefined
  for (const key of ['message', 'errorMsg', 'msg', 'error', 'errorDetail']) {
    const found = findErrorText(payload[key], depth + 1)
    if (found && found !== '[object Object]') return found
  }
  return undefined
}

/** A status code carried anywhere in a nested payload (the voice platform's bodies have `statusCode`). */
function findStatus(payload: unknown, depth = 0): number | undefined {
  if (depth > 5 || !isRecord(payload)) return undefined
  for (const key of ['statusCode', 'status']) {
    const value = payload[key]
    if (typeof value === 'number') return value
  }
  for (const key of ['error', 'message', 'data']) {
    const found = findStatus(payload[key], depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/** The browser's words for a request that never reached a server (Chrome, Firefox, Safari, Node). */
const NETWORK_FAILURE = /^(failed to fetch|networkerror when attempting to fetch resource\.?|load failed|fetch failed|network error)$/i

/** A message written for people: a capital, at least two words, a full stop (the SDK's own are). */
const isSentence = (text: string) => /^[A-Z][^{}<>]*\s[^{}<>]*[.!?]$/.test(text)

/** A sentence for an SDK `error` payload: by its status code, a failed request, or its own text if that is a sentence. */
export function describeVoiceError(payload: unknown): string {
  const text = findErrorText(payload)
  const status = findStatus(payload)
  if (status === 401 || status === 403) return PLATFORM_MESSAGES.refused
  if (status === 429) return PLATFORM_MESSAGES.busy
  if (status !== undefined && status >= 500) return PLATFORM_MESSAGES.down
  if (status !== undefined && status >= 400) return PLATFORM_MESSAGES.failed
  if (text === undefined) return UNKNOWN_ERROR
  if (NETWORK_FAILURE.test(text)) return PLATFORM_MESSAGES.unreachable
  return isSentence(text) ? text : PLATFORM_MESSAGES.failed
}

/** Type names anywhere in a nested payload (Daily puts `type` on its inner error). */
function collectTypes(payload: unknown, depth = 0, found: string[] = []): string[] {
  if (depth > 5 || !isRecord(payload)) return found
  if (typeof payload.type === 'string') found.push(payload.type)
  for (const key of ['error', 'message', 'errorMsg']) collectTypes(payload[key], depth + 1, found)
  return found
}

/** Daily's "ejected" / "Meeting has ended", which arrives around call-end when the assistant hangs up. */
export function isMeetingEnded(payload: unknown): boolean {
  if (collectTypes(payload).includes('ejected')) return true
  const text = findErrorText(payload) ?? ''
  return /meeting has ended|ejected/i.test(text)
}

/** Errors the SDK reports while the call carries on (noise cancellation, level observers, recording). */
const NONFATAL_TYPES = new Set([
  'audio-processing-setup-error',
  'audio-processor-recovery-error',
  'audio-observer-setup-error',
  'video-recording-setup-error',
  'local-audio-level-observer-error',
])

export function isNonFatal(payload: unknown): boolean {
  return isRecord(payload) && typeof payload.type === 'string' && NONFATAL_TYPES.has(payload.type)
}

/** Daily's camera-error (it covers the microphone too), by its inner `type`. */
export function describeCameraError(payload: unknown): string {
  const types = collectTypes(payload)
  if (types.includes('permissions')) return MICROPHONE_MESSAGES.denied
  if (types.includes('not-found')) return MICROPHONE_MESSAGES.notFound
  if (types.some((t) => t.endsWith('in-use'))) return MICROPHONE_MESSAGES.inUse
  if (types.includes('undefined-mediadevices')) return MICROPHONE_MESSAGES.unsupported
  return findErrorText(payload) ?? MICROPHONE_MESSAGES.inUse
}
