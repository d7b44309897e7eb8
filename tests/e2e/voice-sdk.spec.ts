/**
 * The widget with the real @vapi-ai/web (the voice-sdk build), the voice platform answered by page.route.
 */
import { expect, test, type Page, type Request } from '@playwright/test'
import { SDK_CHUNK_MARKER, VOICE_API_ORIGIN, VOICE_ASSISTANT_ID, VOICE_PUBLIC_KEY } from './support/voice/voiceEnv'
import { callButton, openVoiceWidget } from '../support/pages/voicePanel'

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
  await expect(alert).toHaveText(/^The voice assistant refused this site's key \(Invalid Key\. .+\)\. Please try again later\.$/, { timeout: 15_000 })
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
