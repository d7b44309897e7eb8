/** The text conversation's client: the platform's /chat/web request and its streamed chunks (docs/design.md#voice). */
import { describe, expect, it } from 'vitest'
import { CHAT_ERRORS } from '../../../core/chatErrors'
import { chunkText, DEFAULT_CHAT_API, streamReply, type ChatReplyListener } from '../../../src/lib/chat/chatClient'

const config = { publicKey: 'pk-test', assistantId: 'assistant-1', baseUrl: 'https://voice.example.com' }

/** A chunk in the platform's shape, as one server-sent event. */
const event = (chunk: object) => `data: ${JSON.stringify(chunk)}\n\n`
const delta = (text: string, sessionId = 'session-1') => event({ id: 'r1', sessionId, path: 'chat.output[0].content', delta: text })

/** A body that sends `parts` as they are (split anywhere), then ends, or breaks with `error`. */
function body(parts: string[], error?: Error): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const queue = [...parts]
  // One part per pull, so what came before a break is read before it (an error discards queued chunks).
  return new ReadableStream({
    pull(controller) {
      const part = queue.shift()
      if (part !== undefined) controller.enqueue(encoder.encode(part))
      else if (error) controller.error(error)
      else controller.close()
    },
  })
}

function record() {
  const seen: string[] = []
  const listener: ChatReplyListener = {
    session: (id) => seen.push(`session:${id}`),
    delta: (text) => seen.push(`delta:${text}`),
    done: () => seen.push('done'),
    failed: (message) => seen.push(`failed:${message}`),
  }
  return { seen, listener }
}

async function ask(response: Response | Error, options: { sessionId?: string | null; signal?: AbortSignal; baseUrl?: string } = {}) {
  const requests: Array<{ url: string; init: RequestInit }> = []
  const fetchImpl = (async (url: string, init: RequestInit) => {
    requests.push({ url, init })
    if (response instanceof Error) throw response
    return response
  }) as unknown as typeof fetch
  const { seen, listener } = record()
  const signal = options.signal ?? new AbortController().signal
  await streamReply({ ...config, baseUrl: 'baseUrl' in options ? options.baseUrl : config.baseUrl }, { input: 'Hello', sessionId: options.sessionId ?? null }, listener, signal, fetchImpl)
  return { seen, requests }
}

const stream = (parts: string[], error?: Error) => new Response(body(parts, error), { headers: { 'content-type': 'text/event-stream' } })

describe('streamReply', () => {
  it('posts the question with the public key and streams the answer: session once, each delta, then done', async () => {
    const whole = delta('Kia ora') + delta(', how can I help?') + 'data: [DONE]\n\n'
    // Split in awkward places: inside the JSON and between the two newlines.
    const { seen, requests } = await ask(stream([whole.slice(0, 17), whole.slice(17, 90), whole.slice(90)]))
    expect(seen).toEqual(['session:session-1', 'delta:Kia ora', 'delta:, how can I help?', 'done'])
    expect(requests).toHaveLength(1)
    const { url, init } = requests[0]!
    expect(url).toBe('https://voice.example.com/chat/web')
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({ Authorization: 'Bearer pk-test', 'Content-Type': 'application/json' })
    // The first question has no sessionId.
    expect(JSON.parse(init.body as string)).toEqual({ assistantId: 'assistant-1', input: 'Hello', stream: true })
  })

  it('sends the session id it is given, to the default API without a base URL', async () => {
    const { requests } = await ask(stream(['data: [DONE]\n\n']), { sessionId: 'session-9', baseUrl: undefined })
    expect(requests[0]!.url).toBe(`${DEFAULT_CHAT_API}/chat/web`)
    expect(JSON.parse(requests[0]!.init.body as string)).toEqual({ assistantId: 'assistant-1', input: 'Hello', sessionId: 'session-9', stream: true })
  })

  it('takes `output` chunks as text and skips chunks without any', async () => {
    const { seen } = await ask(stream([event({ id: 'x', sessionId: 's', path: 'chat.output[0].role', delta: 'assistant' }), event({ output: 'Done.' }), ': comment\n\n', 'data: not json\n\n', 'data: [DONE]\n\n']))
    expect(seen).toEqual(['session:s', 'delta:Done.', 'done'])
  })

  it.each([
    [401, CHAT_ERRORS.refused],
    [403, CHAT_ERRORS.refused],
    [429, CHAT_ERRORS.busy],
    [400, CHAT_ERRORS.failed],
    [500, CHAT_ERRORS.failed],
  ])('answers %i with a sentence, never the body', async (status, sentence) => {
    const response = new Response(JSON.stringify({ message: 'Invalid Key. Hot tip…', error: 'Unauthorized', statusCode: status }), { status })
    expect((await ask(response)).seen).toEqual([`failed:${sentence}`])
  })

  it('a network failure says the assistant could not be reached', async () => {
    expect((await ask(new TypeError('Failed to fetch'))).seen).toEqual([`failed:${CHAT_ERRORS.unreachable}`])
  })

  it('a stream that ends, or breaks, before [DONE] is cut off, after what did arrive', async () => {
    expect((await ask(stream([delta('Kia')]))).seen).toEqual(['session:session-1', 'delta:Kia', `failed:${CHAT_ERRORS.cutOff}`])
    expect((await ask(stream([delta('Kia')], new TypeError('network error')))).seen).toEqual(['session:session-1', 'delta:Kia', `failed:${CHAT_ERRORS.cutOff}`])
  })

  it('reports nothing once aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const aborted = Object.assign(new Error('aborted'), { name: 'AbortError' })
    expect((await ask(aborted, { signal: controller.signal })).seen).toEqual([])
    expect((await ask(stream([delta('Kia')], aborted), { signal: controller.signal })).seen).toEqual(['session:session-1', 'delta:Kia'])
  })
})

describe('chunkText', () => {
  it('reads the delta at the content path, or output', () => {
    expect(chunkText({ path: 'chat.output[0].content', delta: 'a' })).toBe('a')
    expect(chunkText({ path: 'chat.output[0].role', delta: 'assistant' })).toBe('')
    expect(chunkText({ output: 'b' })).toBe('b')
    expect(chunkText(null)).toBe('')
  })
})
