/**
 * One question to the voice assistant by text (docs/design.md#voice, "Type or talk"): `POST {base}/chat/web` with the
 * public key, answered as server-sent events. Each event's data is a JSON chunk, `{ id, sessionId, path:
 * 'chat.output[0].content', delta }` (or `{ output }`), and the answer ends with `[DONE]`. The parsing
 * of the event stream itself is eventsource-parser's; this file only reads the platform's chunks.
 *
 * No retries here: a failed answer is reported once, as a sentence, and the machine offers Retry.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream'
import { CHAT_ERRORS, chatStatusError } from '../../../core/chatErrors'
import type { VoiceConfig } from '../../config'

/** The platform's API when VITE_VAPI_BASE_URL is not set (the call SDK's default too). */
export const DEFAULT_CHAT_API = 'https://api.vapi.ai'

/** The streamed text's place in a chunk: the first output message's content. */
const CONTENT_PATH = 'chat.output[0].content'
const END_MARKER = '[DONE]'

export interface ChatQuestion {
  input: string
  /** The session the platform named in its first answer; absent on the first question. */
  sessionId: string | null
}

export interface ChatReplyListener {
  /** The platform named the conversation's session (reported once per answer). */
  session(sessionId: string): void
  /** More of the answer's text. */
  delta(text: string): void
  /** The answer is complete. */
  done(): void
  /** The answer will not come (or not all of it): a sentence for the visitor. */
  failed(message: string): void
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** The text a chunk adds to the answer ('' for chunks that carry none). */
export function chunkText(chunk: unknown): string {
  if (!isRecord(chunk)) return ''
  if (typeof chunk.delta === 'string' && chunk.path === CONTENT_PATH) return chunk.delta
  if (typeof chunk.output === 'string') return chunk.output
  return ''
}

function parseChunk(data: string): unknown {
  try {
    return JSON.parse(data)
  } catch {
    return undefined // not the platform's JSON: nothing of the answer in it
  }
}

/**
 * Asks one question and reports the answer to `listener` as it streams in. Settles when the answer is
 * complete, failed or aborted (`signal`: the machine left the state that asked; nothing is reported then).
 */
export async function streamReply(
  config: VoiceConfig,
  question: ChatQuestion,
  listener: ChatReplyListener,
  signal: AbortSignal,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<void> {
  let response: Response
  try {
    response = await fetchImpl(`${config.baseUrl ?? DEFAULT_CHAT_API}/chat/web`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${config.publicKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        assistantId: config.assistantId,
        input: question.input,
        ...(question.sessionId ? { sessionId: question.sessionId } : {}),
        stream: true,
      }),
      signal,
    })
  } catch {
    if (!signal.aborted) listener.failed(CHAT_ERRORS.unreachable)
    return
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {})
    listener.failed(chatStatusError(response.status))
    return
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader()
  let sessionReported = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (value.data.trim() === END_MARKER) {
        await reader.cancel().catch(() => {})
        listener.done()
        return
      }
      const chunk = parseChunk(value.data)
      if (!sessionReported && isRecord(chunk) && typeof chunk.sessionId === 'string' && chunk.sessionId) {
        sessionReported = true
        listener.session(chunk.sessionId)
      }
      const text = chunkText(chunk)
      if (text) listener.delta(text)
    }
  } catch {
    // The connection broke mid-answer (or was aborted: then nothing is reported).
  }
  // The stream ended without the platform's end marker: the answer is incomplete.
  if (!signal.aborted) listener.failed(CHAT_ERRORS.cutOff)
}
