/**
 * The voice platform's POST /chat/web as the browser tests answer it: server-sent events whose data are
 * the platform's chunks (`{ id, sessionId, path: 'chat.output[0].content', delta }`), ending with
 * `data: [DONE]`, as its own web widget reads them.
 */
import type { Page, Request, Route } from '@playwright/test'
import { VOICE_API_ORIGIN } from './voiceEnv'

export const CHAT_URL = `${VOICE_API_ORIGIN}/chat/web`

/** One chunk of the answer as a server-sent event. */
export const chatChunk = (delta: string, sessionId: string) =>
  `id: ${sessionId}-${delta.length}\ndata: ${JSON.stringify({ id: `chunk-${delta.length}`, sessionId, path: 'chat.output[0].content', delta })}\n\n`

export const CHAT_DONE = 'data: [DONE]\n\n'

/** A whole answer: its words as chunks, then the end marker (unless `cut`, a stream that stops midway). */
export function chatAnswer(words: string[], sessionId: string, { cut = false } = {}): string {
  return words.map((word) => chatChunk(word, sessionId)).join('') + (cut ? '' : CHAT_DONE)
}

const cors = (page: Page) => ({
  'access-control-allow-origin': new URL(page.url()).origin,
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
})

export type ChatReply = { status: 200; body: string } | { status: number; json: unknown }

/**
 * Answers each POST /chat/web with the next of `replies` (the last one again when they run out) and
 * records the requests; the CORS preflight is answered as the platform does.
 */
export async function answerChat(page: Page, replies: ChatReply[]): Promise<Request[]> {
  const requests: Request[] = []
  await page.route(CHAT_URL, async (route: Route) => {
    const request = route.request()
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors(page) })
    const reply = replies[Math.min(requests.length, replies.length - 1)]!
    requests.push(request)
    if ('body' in reply) return route.fulfill({ status: 200, headers: { ...cors(page), 'content-type': 'text/event-stream' }, body: reply.body })
    return route.fulfill({ status: reply.status, headers: cors(page), contentType: 'application/json', body: JSON.stringify(reply.json) })
  })
  return requests
}
