/**
 * The widget through a whole call, with the SDK swapped for a scripted fake (the voice-scripted build):
 * one floating button that reads 'Start a call' → 'Connecting...' → 'End Call' → 'Ending...' → 'Start a
 * call', the consent notice beside it before the first call, and while connecting or in a call a panel
 * with both speakers, the levels, captions, the timer and Mute ↔ Unmute. At a phone's and a desktop's width.
 */
import { expectNoAxeViolations } from './support/axe'
import { holdRequests, waitForHydration } from './support/hydration'
import { chromium, expect, test, type Page, type TestInfo } from '@playwright/test'
import { MICROPHONE_MESSAGES } from '../../core/voiceErrors'
import { chromiumArgs, ensureChromium } from '../../scripts/chromium'
import { answerChat, chatAnswer } from './support/voice/chatStream'
import { VOICE_API_ORIGIN, VOICE_ASSISTANT_ID, VOICE_PUBLIC_KEY } from './support/voice/voiceEnv'
import { callButton, chatLog, chatPanel, consentNotice, drive, fakeLog, messageBox, openVoiceWidget, typeInstead, voiceWidget } from '../support/pages/voicePanel'
import { typeInto } from '../support/typing'

/** The fake's start() has been called (the SDK chunk loaded and the microphone granted). */
async function startCalled(page: Page) {
  await expect.poll(async () => (await fakeLog(page))?.calls ?? []).toContain(`start:${VOICE_ASSISTANT_ID}`)
}

async function openWidget(page: Page) {
  await page.goto('/')
  return openVoiceWidget(page)
}

/** A picture of the widget's corner for whoever reviews the run (kept with the test's results). */
async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) })
}

const mute = (page: Page) => voiceWidget(page).getByRole('button', { name: /^(Mute|Unmute)$/ })

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`a whole call on the one button (${name}, ${width} px): notice, connecting, both speakers, captions, mute, ending`, async ({ page }, testInfo) => {
    test.setTimeout(120_000) // a whole call plus four axe scans (slow on a busy 2-core machine)
    await page.setViewportSize({ width, height })
    await page.clock.install()
    const widget = await openWidget(page)
    const button = callButton(page)

    // Before the first call: the notice beside the button, with the privacy text's link; no panel.
    await expect(button).toHaveText('Start a call')
    await expect(consentNotice(page)).toBeVisible()
    await expect(widget.getByRole('link', { name: 'How we handle calls and messages' })).toHaveAttribute('href', '/sms-info#ai-calls')
    await expect(button).toHaveAccessibleDescription(/You'll talk or type with an AI assistant; calls may be recorded and messages stored\. Our team gets a summary of each call\./)
    await expect(mute(page)).toHaveCount(0)
    await expectNoAxeViolations(page)
    await snap(page, testInfo, `1-idle-${width}`)

    // One click starts the call: the microphone is asked, the SDK started; the button is disabled.
    await button.click()
    await expect(button).toHaveText('Connecting...')
    await expect(button).toBeDisabled()
    await expect(button).toBeFocused() // still on the button while its label changes
    await expect(consentNotice(page)).toHaveCount(0)
    await startCalled(page)
    const log = await fakeLog(page)
    expect(log.constructed).toEqual([{ apiToken: VOICE_PUBLIC_KEY, apiBaseUrl: VOICE_API_ORIGIN, dailyConfig: { avoidEval: true } }])
    expect(log.calls).toEqual([`start:${VOICE_ASSISTANT_ID}`])
    // Listeners for errors, start progress and both speakers were attached before start().
    expect(log.listenersAtStart[0]).toEqual(
      expect.arrayContaining(['error', 'camera-error', 'call-start-progress', 'call-start', 'call-end', 'message', 'volume-level', 'local-volume-level']),
    )
    await expect(mute(page)).toBeDisabled()
    await expect(widget.getByRole('status')).toHaveText('Connecting to the assistant')
    await expectNoAxeViolations(page)
    await snap(page, testInfo, `2-connecting-${width}`)

    await drive(page, { type: 'listening' })
    await expect(button).toHaveText('End Call')
    await expect(button).toBeEnabled()
    await expect(widget.getByText('Assistant is listening')).toBeVisible()
    await expect(widget.getByText('You are not speaking')).toBeVisible()

    // The call timer runs on the page's clock: paused, it stands still; a second later it reads one more.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    const timer = widget.getByText(/^\d\d:\d\d$/)
    const [minutes, seconds] = (await timer.textContent())!.split(':').map(Number)
    await page.clock.runFor(1000)
    const next = minutes! * 60 + seconds! + 1
    await expect(timer).toHaveText(`${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`)
    await page.clock.resume()

    // Both speakers: the assistant from the SDK's speech and volume events, the visitor from the
    // platform's speech-update message and the microphone's level.
    await drive(page, { type: 'speech-start' })
    await drive(page, { type: 'volume', level: 0.8 })
    await expect(widget.getByText('Assistant is speaking')).toBeVisible()
    await drive(page, { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Kia ora' })
    const captions = widget.getByRole('log', { name: 'Live captions' })
    await expect(captions).toHaveAttribute('aria-live', 'polite')
    await expect(captions).toContainText('Assistant: Kia ora')
    await drive(page, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Kia ora, how can I help you today?' })
    await drive(page, { type: 'speech-end' })
    await drive(page, { type: 'user-speech', status: 'started' })
    await drive(page, { type: 'local-volume', level: 0.1 })
    await expect(widget.getByText('You are speaking')).toBeVisible()
    await expect(widget.getByText('Assistant is listening')).toBeVisible()
    await drive(page, { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'I want to automate invoicing.' })
    await expect(captions.getByRole('paragraph')).toHaveText(['Assistant: Kia ora, how can I help you today?', 'You: I want to automate invoicing.'])
    await expectNoAxeViolations(page)
    await snap(page, testInfo, `3-active-${width}`)
    await drive(page, { type: 'user-speech', status: 'stopped' })
    await expect(widget.getByText('You are not speaking')).toBeVisible()

    // Mute: its label and aria-pressed follow the state.
    await expect(mute(page)).toHaveText('Mute')
    await expect(mute(page)).toHaveAttribute('aria-pressed', 'false')
    await mute(page).click()
    await expect(mute(page)).toHaveText('Unmute')
    await expect(mute(page)).toHaveAttribute('aria-pressed', 'true')
    await expect(widget.getByText('You are muted')).toBeVisible()
    await expectNoAxeViolations(page)
    await snap(page, testInfo, `4-muted-${width}`)
    await mute(page).click()
    await expect(mute(page)).toHaveText('Mute')
    await expect(mute(page)).toHaveAttribute('aria-pressed', 'false')
    expect((await fakeLog(page)).calls).toEqual([`start:${VOICE_ASSISTANT_ID}`, 'setMuted:true', 'setMuted:false'])

    await button.click()
    await expect(button).toHaveText('Ending...')
    await expect(button).toBeDisabled()
    await expect(mute(page)).toHaveCount(0)
    await drive(page, { type: 'finish-stop' })
    await expect(button).toHaveText('Start a call')
    await expect(button).toBeEnabled()
    // Agreed by starting: the notice is gone, also on the next visit.
    await expect(consentNotice(page)).toHaveCount(0)
    await page.reload()
    await openVoiceWidget(page)
    await expect(callButton(page)).toHaveText('Start a call')
    await expect(consentNotice(page)).toHaveCount(0)
  })
}

test('the assistant hanging up ends the call: back to Start a call, no error', async ({ page }) => {
  const widget = await openWidget(page)
  await callButton(page).click()
  await startCalled(page)
  await drive(page, { type: 'listening' })
  await expect(callButton(page)).toHaveText('End Call')
  // Daily's ejection around call-end is a normal end.
  await drive(page, { type: 'error', payload: { type: 'daily-error', error: { message: { type: 'ejected', msg: 'Meeting has ended' }, errorMsg: 'Meeting has ended' } } })
  await drive(page, { type: 'call-end' })
  await expect(callButton(page)).toHaveText('Start a call')
  await expect(widget.getByRole('alert')).toHaveCount(0)
})

test('an error during the call shows in the red box; Retry Call once the call is hung up', async ({ page }, testInfo) => {
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const widget = await openWidget(page)
  await callButton(page).click()
  await startCalled(page)
  await drive(page, { type: 'listening' })
  await drive(page, { type: 'error', payload: { type: 'daily-error', error: { message: 'The network connection was lost.' } } })
  await expect(widget.getByRole('alert')).toHaveText('The network connection was lost.')
  await expect(callButton(page)).toHaveText('Retry Call')
  await expect(callButton(page)).toBeDisabled() // hanging up the broken call first
  expect((await fakeLog(page)).calls.at(-1)).toBe('stop')
  await drive(page, { type: 'finish-stop' })
  await expect(callButton(page)).toBeEnabled()
  await expectNoAxeViolations(page)
  await snap(page, testInfo, 'error-390')
  await callButton(page).click()
  await expect(callButton(page)).toHaveText('Connecting...')
  await expect(widget.getByRole('alert')).toHaveCount(0)
})

test('at 320 px the button and its panel fit inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const widget = await openWidget(page)
  await callButton(page).click()
  await startCalled(page)
  await drive(page, { type: 'listening' })
  await expect(mute(page)).toBeVisible()
  for (const part of [callButton(page), widget.getByRole('log', { name: 'Live captions' }), mute(page)]) {
    const box = (await part.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(320)
    expect(box.y).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height).toBeLessThanOrEqual(640)
  }
})

/** Text only the widget's interactive chunk holds (a line of the call panel): how the tests recognise it. */
const PANEL_CHUNK_MARKER = 'You are not speaking'

/** Text only the text conversation's chunk holds (its request's path). */
const CHAT_CHUNK_MARKER = '/chat/web'

test("the call's code and the conversation's are not in the first load: they load after the load event, with no interaction", async ({ page }) => {
  const beforeLoad: string[] = []
  const afterLoad: string[] = []
  const chatBeforeLoad: string[] = []
  const chatAfterLoad: string[] = []
  let loaded = false
  page.once('load', () => void (loaded = true))
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const body = await response.text().catch(() => '')
    if (body.includes(PANEL_CHUNK_MARKER)) (loaded ? afterLoad : beforeLoad).push(response.url())
    if (body.includes(CHAT_CHUNK_MARKER)) (loaded ? chatAfterLoad : chatBeforeLoad).push(response.url())
  })
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => afterLoad.length, { timeout: 10_000 }).toBe(1)
  await expect.poll(() => chatAfterLoad.length, { timeout: 10_000 }).toBe(1)
  expect(beforeLoad).toEqual([])
  expect(chatBeforeLoad).toEqual([])
  const html = await (await page.request.get('/')).text()
  expect(html).not.toContain(PANEL_CHUNK_MARKER) // the prerendered shell holds only the button and the notice
  expect(html).toContain('Start a call')
})

test('a press on the button before the call code has loaded is not lost: the call starts once it has', async ({ page }) => {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes(PANEL_CHUNK_MARKER)) {
      held++
      await released
    }
    await route.fulfill({ response, body })
  })
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => held).toBe(1) // requested (at idle time) and held back
  const button = callButton(page)
  await button.click()
  await expect(button).toHaveText('Connecting...')
  await expect(button).toBeDisabled()
  await expect(button).toBeFocused()
  const shellBox = await button.boundingBox()
  release()
  await startCalled(page) // pressed once: started once
  await expect(button).toHaveText('Connecting...')
  await expect(button).toBeFocused() // the interactive part took the focus over
  expect(await button.boundingBox()).toEqual(shellBox) // and the button did not move
  await drive(page, { type: 'listening' })
  await expect(button).toHaveText('End Call')
  expect((await fakeLog(page)).calls).toEqual([`start:${VOICE_ASSISTANT_ID}`])
})

test('a call goes on while the visitor moves between pages, into /faqs too, with End Call in reach on each', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const widget = await openWidget(page)
  await callButton(page).click()
  await startCalled(page)
  await drive(page, { type: 'listening' })
  await expect(callButton(page)).toHaveText('End Call')
  // A mark on this document: a full load would lose it (and end the call).
  await page.evaluate(() => Object.assign(window, { __samePage: true }))

  await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(callButton(page)).toHaveText('End Call')
  await expect(widget.getByText('Assistant is listening')).toBeVisible()

  // /faqs has no widget of its own: while the call runs, the widget stays.
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs', exact: true }).click()
  await expect(page).toHaveURL(/\/faqs$/)
  await expect(callButton(page)).toBeVisible()
  await expect(callButton(page)).toHaveText('End Call')
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
  // The call was never stopped or started again on the way.
  expect((await fakeLog(page)).calls).toEqual([`start:${VOICE_ASSISTANT_ID}`])
  expect((await fakeLog(page)).constructed).toHaveLength(1)
  await snap(page, testInfo, 'call-on-faqs-1280')

  // End Call works there; once the call has ended, /faqs is without the widget again.
  await callButton(page).click()
  await expect(callButton(page)).toHaveText('Ending...')
  await drive(page, { type: 'finish-stop' })
  await expect(voiceWidget(page)).toHaveCount(0)
  expect((await fakeLog(page)).calls).toEqual([`start:${VOICE_ASSISTANT_ID}`, 'stop'])
})

test("a microphone blocked in Chromium: the error box offers 'Type instead', which opens the Message box with the focus in it", async ({ baseURL }, testInfo) => {
  // A browser of its own that answers the permission prompt with "Block" (this project's grants it).
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--deny-permission-prompts'] })
  try {
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const widget = await openWidget(page)
    await callButton(page).click()
    await expect(widget.getByRole('alert')).toHaveText(MICROPHONE_MESSAGES.denied)
    await expect(callButton(page)).toHaveText('Retry Call')
    expect((await fakeLog(page))?.calls ?? []).toEqual([]) // the SDK was never started
    const offer = typeInstead(page)
    await expect(offer).toHaveCount(1) // inside the error box, not beside the button as well
    await expectNoAxeViolations(page)
    await snap(page, testInfo, 'microphone-blocked-390')
    await offer.click()
    await expect(messageBox(page)).toBeFocused()
    await expect(chatPanel(page)).toBeVisible()
    await expectNoAxeViolations(page)
    await snap(page, testInfo, 'microphone-blocked-chat-390')
  } finally {
    await browser.close()
  }
})

test('the conversation goes along to /faqs, and closing it there puts the widget away', async ({ page }) => {
  await answerChat(page, [{ status: 200, body: chatAnswer(['Kia ora!'], 'session-3') }])
  await page.setViewportSize({ width: 1280, height: 800 })
  await openWidget(page)
  await typeInstead(page).click()
  await typeInto(messageBox(page), 'Hello')
  await messageBox(page).press('Enter')
  await expect(chatLog(page)).toContainText('Assistant: Kia ora!')
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs', exact: true }).click()
  await expect(page).toHaveURL(/\/faqs$/)
  await expect(chatLog(page).getByRole('paragraph')).toHaveText(['You: Hello', 'Assistant: Kia ora!'])
  await chatPanel(page).getByRole('button', { name: 'Close' }).click()
  await expect(voiceWidget(page)).toHaveCount(0)
})

test("a press on 'Type instead' before the conversation's code has loaded opens it once it has, with the focus in the Message box", async ({ page }) => {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let held = 0
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes(CHAT_CHUNK_MARKER)) {
      held++
      await released
    }
    await route.fulfill({ response, body })
  })
  await openWidget(page)
  await expect.poll(() => held).toBe(1) // requested at idle time and held back
  await typeInstead(page).click()
  await expect(chatPanel(page)).toHaveCount(0)
  release()
  await expect(chatPanel(page)).toBeVisible()
  await expect(messageBox(page)).toBeFocused()
  await expect(typeInstead(page)).toHaveAttribute('aria-expanded', 'true')
})

test("'Type instead' pressed before the app has run opens the conversation once the app runs; Close gives the focus back to it", async ({ page }) => {
  // Hold the app's code back, as a slow connection would, until 'Type instead' has been pressed.
  const release = await holdRequests(page, /\/assets\/app-[\w-]+\.js$/)
  await page.goto('/')
  await typeInstead(page).click() // the prerendered button
  await expect(chatPanel(page)).toHaveCount(0)
  release()
  await expect(chatPanel(page)).toBeVisible()
  await expect(messageBox(page)).toBeFocused()
  // The button pressed was the first-load shell's; the call part has drawn 'Type instead' anew since.
  await chatPanel(page).getByRole('button', { name: 'Close' }).click()
  await expect(chatPanel(page)).toHaveCount(0)
  await expect(typeInstead(page)).toBeFocused()
})
