/**
 * The widget with the real @vapi-ai/web (the voice-sdk build), the voice platform answered by page.route:
 * calls, and 'Type instead', the same assistant by text over POST /chat/web.
 */
import { expect, test, type Page, type Request, type TestInfo } from '@playwright/test'
import { CHAT_ERRORS } from '../../core/chatErrors'
import { bookingDialog } from '../support/pages/bookingForm'
import { expectNoAxeViolations } from './support/axe'
import { answerChat, chatAnswer } from './support/voice/chatStream'
import { SDK_CHUNK_MARKER, VOICE_API_ORIGIN, VOICE_ASSISTANT_ID, VOICE_PUBLIC_KEY } from './support/voice/voiceEnv'
import { callButton, chatLog, chatPanel, messageBox, openVoiceWidget, sendButton, typeInstead, voiceWidget } from '../support/pages/voicePanel'
import { typeInto } from '../support/typing'

const UNAUTHORIZED_BODY = {
  message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
  error: 'Unauthorized',
  statusCode: 401,
}

/** Answers the voice platform's POST /call/web with 401, recording what was sent. */
async function refuseCalls(page: Page) {
  const webCalls: Request[] = []
  await page.route(`${VOICE_API_ORIGIN}/**`, async (route) => {
    const request = route.request()
    const cors = {
      'access-control-allow-origin': new URL(page.url()).origin,
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-methods': 'POST, OPTIONS',
    }
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors })
    if (new URL(request.url()).pathname === '/call/web') webCalls.push(request)
    return route.fulfill({ status: 401, headers: cors, contentType: 'application/json', body: JSON.stringify(UNAUTHORIZED_BODY) })
  })
  return webCalls
}

/** JavaScript the page loaded that is the SDK's own code. */
function watchSdkChunk(page: Page) {
  const sdkChunks: string[] = []
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return
    const body = await response.text().catch(() => '')
    if (body.includes(SDK_CHUNK_MARKER)) sdkChunks.push(response.url())
  })
  return sdkChunks
}

test('a 401 from the voice platform shows a readable message in the red box and offers Retry Call', async ({ page }) => {
  const webCalls = await refuseCalls(page)
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) problems.push(msg.text())
  })
  await page.goto('/')
  const widget = await openVoiceWidget(page)
  await callButton(page).click()

  const alert = widget.getByRole('alert')
  await expect(alert).toHaveText("The voice assistant refused this site's key. Please try again later, or type instead.", { timeout: 15_000 })
  await expect(callButton(page)).toHaveText('Retry Call')
  await expect(callButton(page)).toBeEnabled()

  expect(webCalls).toHaveLength(1)
  const call = webCalls[0]!
  expect(call.method()).toBe('POST')
  expect(await call.headerValue('authorization')).toBe(`Bearer ${VOICE_PUBLIC_KEY}`)
  expect(call.postDataJSON()).toMatchObject({ assistantId: VOICE_ASSISTANT_ID })
  // The CSP of a configured site lets the page reach the voice platform.
  expect(problems).toEqual([])

  // Retry starts a new call (the SDK is not left "already started").
  await callButton(page).click()
  await expect.poll(() => webCalls.length).toBe(2)
  await expect(callButton(page)).toHaveText('Retry Call')
  await expect(callButton(page)).toBeEnabled()
})

test.describe('the platform failing, in words with a way on', () => {
  for (const [what, failing, sentence] of [
    ['unreachable (the browser would say "Failed to fetch")', 'abort', 'The voice assistant could not be reached. Check your connection, then press Retry Call, or type instead.'],
    ['answering 500 with its raw text', 'boom', 'The voice assistant is having trouble right now. Press Retry Call in a moment, or type instead.'],
  ] as const) {
    test(`the platform ${what}: the sentence, Retry Call, Type instead, Book a Call and Close`, async ({ page }) => {
      await page.route(`${VOICE_API_ORIGIN}/**`, async (route) => {
        const cors = { 'access-control-allow-origin': new URL(page.url()).origin, 'access-control-allow-headers': 'authorization, content-type' }
        if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors })
        if (failing === 'abort') return route.abort('internetdisconnected')
        return route.fulfill({ status: 500, headers: cors, contentType: 'application/json', body: JSON.stringify({ message: 'boom', statusCode: 500 }) })
      })
      await page.goto('/')
      const widget = await openVoiceWidget(page)
      await callButton(page).click()
      await expect(widget.getByRole('alert')).toHaveText(sentence, { timeout: 15_000 })
      await expect(widget.getByText(/Failed to fetch|boom/)).toHaveCount(0)
      await expect(callButton(page)).toHaveText('Retry Call')
      await expect(typeInstead(page)).toBeVisible()
      await expect(widget.getByRole('button', { name: 'Book a Call' })).toBeVisible()
      await widget.getByRole('button', { name: 'Close', exact: true }).click()
      await expect(widget.getByRole('alert')).toHaveCount(0)
      await expect(callButton(page)).toHaveText('Start a call')
    })
  }

  test('Book a Call in the error box opens the booking form', async ({ page }) => {
    await refuseCalls(page)
    await page.goto('/')
    const widget = await openVoiceWidget(page)
    await callButton(page).click()
    await expect(widget.getByRole('alert')).toBeVisible({ timeout: 15_000 })
    await widget.getByRole('button', { name: 'Book a Call' }).click()
    await expect(bookingDialog(page)).toBeVisible()
  })
})

test("the SDK's chunk is not loaded with the page, only after Start", async ({ page }) => {
  await refuseCalls(page)
  const sdkChunks = watchSdkChunk(page)
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  const html = await (await page.request.get('/')).text()
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!)
  for (const href of preloads) {
    expect(await (await page.request.get(href)).text(), `${href} is modulepreloaded`).not.toContain(SDK_CHUNK_MARKER)
  }
  await openVoiceWidget(page)
  expect(sdkChunks).toEqual([]) // not even with the call's code loaded at idle time

  await callButton(page).click()
  await expect.poll(() => sdkChunks.length).toBe(1)
  await expect(callButton(page)).toHaveText('Retry Call', { timeout: 15_000 })
})

test('the CSP allows the voice platform and Daily only because voice is configured', async ({ page }) => {
  const response = await page.goto('/')
  const csp = (await response!.headerValue('content-security-policy')) ?? ''
  const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src')) ?? ''
  const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
  expect(connect).toContain(VOICE_API_ORIGIN)
  expect(connect).toContain('wss://*.daily.co')
  expect(script).toContain('https://*.daily.co')
})

/** Types a question in the Message box and sends it with Enter. */
async function ask(page: Page, question: string) {
  await typeInto(messageBox(page), question)
  await messageBox(page).press('Enter')
}

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`type instead (${name}, ${width} px): the reply streams into the log, the session carries on, no call SDK is loaded`, async ({ page }, testInfo: TestInfo) => {
    test.setTimeout(90_000) // two axe scans, slow on a busy 2-core machine
    await page.setViewportSize({ width, height })
    const requests = await answerChat(page, [
      { status: 200, body: chatAnswer(['Kia ora! ', 'How can I ', 'help you today?'], 'session-42') },
      { status: 200, body: chatAnswer(['Thursday at 2:30 pm is free.'], 'session-42') },
    ])
    const sdkChunks = watchSdkChunk(page)
    await page.goto('/')
    await openVoiceWidget(page)
    await expect(typeInstead(page)).toHaveAttribute('aria-expanded', 'false')
    await typeInstead(page).click()
    await expect(typeInstead(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(messageBox(page)).toBeFocused()

    await ask(page, 'Hello')
    await expect(chatLog(page).getByRole('paragraph')).toHaveText(['You: Hello', 'Assistant: Kia ora! How can I help you today?'])
    await expect(messageBox(page)).toHaveValue('')
    expect(requests).toHaveLength(1)
    expect(await requests[0]!.headerValue('authorization')).toBe(`Bearer ${VOICE_PUBLIC_KEY}`)
    // The first question has no session; the platform names it in its answer.
    expect(requests[0]!.postDataJSON()).toEqual({ assistantId: VOICE_ASSISTANT_ID, input: 'Hello', stream: true })

    // Shift+Enter is a new line; Enter sends. The second question carries the first answer's session.
    await typeInto(messageBox(page), 'Can we talk')
    await messageBox(page).press('Shift+Enter')
    await messageBox(page).pressSequentially('on Thursday?')
    await expect(messageBox(page)).toHaveValue('Can we talk\non Thursday?')
    await messageBox(page).press('Enter')
    await expect(chatLog(page)).toContainText('Assistant: Thursday at 2:30 pm is free.')
    expect(requests[1]!.postDataJSON()).toEqual({ assistantId: VOICE_ASSISTANT_ID, input: 'Can we talk\non Thursday?', sessionId: 'session-42', stream: true })
    await expect(chatLog(page)).toHaveAttribute('aria-live', 'polite')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`chat-${width}.png`) })

    await chatPanel(page).getByRole('button', { name: 'Close' }).click()
    await expect(chatPanel(page)).toHaveCount(0)
    await expect(typeInstead(page)).toBeFocused()
    await expect(typeInstead(page)).toHaveAttribute('aria-expanded', 'false')
    // Reopened: the conversation is still there.
    await typeInstead(page).click()
    await expect(chatLog(page)).toContainText('You: Hello')
    await page.waitForLoadState('networkidle')
    expect(sdkChunks).toEqual([]) // typing never loads the call SDK
  })
}

test('a refused key and a reply cut off midway say so in a sentence, with Retry', async ({ page }, testInfo) => {
  const requests = await answerChat(page, [
    { status: 401, json: { message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.', error: 'Unauthorized', statusCode: 401 } },
    { status: 200, body: chatAnswer(['Kia ora! ', 'We build'], 'session-7', { cut: true }) },
    { status: 200, body: chatAnswer(['Kia ora! ', 'We build automations.'], 'session-7') },
  ])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await openVoiceWidget(page)
  await typeInstead(page).click()
  await ask(page, 'What do you do?')

  const alert = chatPanel(page).getByRole('alert')
  await expect(alert).toContainText(CHAT_ERRORS.refused)
  await expect(alert).not.toContainText('Invalid Key') // a sentence, never the platform's JSON
  await alert.getByRole('button', { name: 'Retry' }).click()
  // The cut stream: what arrived is taken away, and Retry asks the same question again.
  await expect(alert).toContainText(CHAT_ERRORS.cutOff)
  await expect(chatLog(page).getByRole('paragraph')).toHaveText(['You: What do you do?'])
  await expectNoAxeViolations(page)
  await page.screenshot({ path: testInfo.outputPath('chat-cut-off-390.png') })
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(chatLog(page).getByRole('paragraph')).toHaveText(['You: What do you do?', 'Assistant: Kia ora! We build automations.'])
  await expect(chatPanel(page).getByRole('alert')).toHaveCount(0)
  expect(requests.map((r) => r.postDataJSON().input)).toEqual(['What do you do?', 'What do you do?', 'What do you do?'])
  // The cut answer had named the session: the retry after it carries it.
  expect(requests.map((r) => r.postDataJSON().sessionId)).toEqual([undefined, undefined, 'session-7'])
})

test('keyboard alone: open the conversation, type, send, close', async ({ page }) => {
  await answerChat(page, [{ status: 200, body: chatAnswer(['Kia ora!'], 'session-1') }])
  await page.goto('/')
  await openVoiceWidget(page)
  // The widget is last on the page: from the top, Shift+Tab reaches the notice's link, the call button, then 'Type instead'.
  await page.keyboard.press('Shift+Tab')
  await expect(voiceWidget(page).getByRole('link', { name: 'How we handle calls and messages' })).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(callButton(page)).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(typeInstead(page)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(messageBox(page)).toBeFocused()
  await page.keyboard.type('Hello')
  await page.keyboard.press('Enter')
  await expect(chatLog(page)).toContainText('Assistant: Kia ora!')
  // Send, by Tab and Space, refuses an empty box (nothing sent, focus kept).
  await page.keyboard.press('Tab')
  await expect(sendButton(page)).toBeFocused()
  await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Escape')
  await expect(chatPanel(page)).toHaveCount(0)
  await expect(typeInstead(page)).toBeFocused()
  await expect(voiceWidget(page)).toBeVisible()
})
