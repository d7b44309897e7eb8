/**
 * Page helpers for the textChat UI paths: the platform's POST /chat/web held open by the test, which
 * sends the answer's server-sent events one by one (page.route can only answer with a whole body, and
 * the paths need to stop while a reply is under way). Everything else — the request, the event-stream
 * parsing, the machine, the view — is the site's own code.
 */
import type { Page } from '@playwright/test'
import { CHAT_URL } from '../../../e2e/support/voice/chatStream'

interface HeldChat {
  requests: Array<{ body: { input: string; sessionId?: string }; open: boolean }>
  push(text: string): void
  end(): void
}

/** Before any page script: fetch of /chat/web answers 200 with an event stream the test writes. */
export async function holdChatReplies(page: Page): Promise<void> {
  await page.addInitScript((chatUrl) => {
    const w = window as unknown as { __chat: HeldChat }
    const original = window.fetch.bind(window)
    const encoder = new TextEncoder()
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined
    w.__chat = {
      requests: [],
      push: (text) => stream?.enqueue(encoder.encode(text)),
      end: () => {
        stream?.close()
        w.__chat.requests.at(-1)!.open = false
      },
    }
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (url !== chatUrl) return original(input, init)
      const request = { body: JSON.parse(String(init?.body)), open: true }
      w.__chat.requests.push(request)
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void (stream = controller) })
      init?.signal?.addEventListener('abort', () => void (request.open = false))
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }))
    }
  }, CHAT_URL)
}

export const chatRequests = (page: Page) => page.evaluate(() => (window as unknown as { __chat: HeldChat }).__chat.requests)

/** One server-sent event of the answer under way (its data a chunk in the platform's shape, or [DONE]). */
export const pushEvent = (page: Page, data: string) => page.evaluate((text) => (window as unknown as { __chat: HeldChat }).__chat.push(text), `data: ${data}\n\n`)

/** The answer's stream ends here (without [DONE]: cut off). */
export const endStream = (page: Page) => page.evaluate(() => (window as unknown as { __chat: HeldChat }).__chat.end())
