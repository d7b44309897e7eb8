/**
 * The widget through a whole call, with the SDK swapped for a scripted fake (the voice-scripted build):
 * Start → 'Connecting...' → 'End Call' with speaking indicator, mute and captions → 'Ending...' → 'Start a call'.
 */
import { expectNoAxeViolations } from './support/axe'
import { waitForHydration } from './support/hydration'
import { expect, test, type Page } from '@playwright/test'
import { VOICE_API_ORIGIN, VOICE_ASSISTANT_ID, VOICE_PUBLIC_KEY } from './support/voice/voiceEnv'
import { drive, fakeLog, openVoicePanel, voiceLauncher, voicePanel } from '../support/pages/voicePanel'

/** The fake's start() has been called (the SDK chunk loaded and the microphone granted). */
async function startCalled(page: Page) {
  await expect.poll(async () => (await fakeLog(page))?.calls ?? []).toContain(`start:${VOICE_ASSISTANT_ID}`)
}

async function openWidget(page: Page) {
  await page.goto('/')
  return openVoicePanel(page)
}

test('a whole call: connecting, listening, speaking, captions, mute, ending, back to start', async ({ page }) => {
  test.setTimeout(90_000) // a whole call plus an axe scan (which takes long on a busy 2-core machine)
  await page.clock.install()
  const widget = await openWidget(page)
  await expect(widget.getByText('Calls are answered by an AI assistant and may be recorded.', { exact: false })).toBeVisible()
  const call = widget.getByRole('button', { name: 'Start a call' })
  await call.click()

  await expect(widget.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
  await startCalled(page)
  const log = await fakeLog(page)
  expect(log.constructed).toEqual([{ apiToken: VOICE_PUBLIC_KEY, apiBaseUrl: VOICE_API_ORIGIN, dailyConfig: { avoidEval: true } }])
  expect(log.calls).toEqual([`start:${VOICE_ASSISTANT_ID}`])
  // Listeners for errors and start progress were attached before start().
  expect(log.listenersAtStart[0]).toEqual(expect.arrayContaining(['error', 'camera-error', 'call-start-progress', 'call-start', 'call-end']))
  await expect(widget.getByRole('button', { name: 'Mute' })).toHaveCount(0)

  await drive(page, { type: 'listening' })
  const end = widget.getByRole('button', { name: 'End Call' })
  await expect(end).toBeEnabled()
  await expect(widget.getByText('Assistant is listening')).toBeVisible()
  // The call timer runs on the page's clock: paused, it stands still; a second later it reads one more.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  const timer = widget.getByText(/^\d\d:\d\d$/)
  const [minutes, seconds] = (await timer.textContent())!.split(':').map(Number)
  await page.clock.runFor(1000)
  const next = minutes! * 60 + seconds! + 1
  await expect(timer).toHaveText(`${String(Math.floor(next / 60)).padStart(2, '0')}:${String(next % 60).padStart(2, '0')}`)
  await page.clock.resume()

  await drive(page, { type: 'speech-start' })
  await drive(page, { type: 'volume', level: 0.8 })
  await expect(widget.getByText('Assistant is speaking')).toBeVisible()
  await drive(page, { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Kia ora' })
  const captions = widget.getByRole('log', { name: 'Live captions' })
  await expect(captions).toHaveAttribute('aria-live', 'polite')
  await expect(captions).toContainText('Assistant: Kia ora')
  await drive(page, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Kia ora, how can I help you today?' })
  await drive(page, { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'I want to automate invoicing.' })
  await expect(captions.getByRole('paragraph')).toHaveText(['Assistant: Kia ora, how can I help you today?', 'You: I want to automate invoicing.'])
  await drive(page, { type: 'speech-end' })
  await expect(widget.getByText('Assistant is listening')).toBeVisible()
  await expectNoAxeViolations(page)

  const mute = widget.getByRole('button', { name: 'Mute' })
  await expect(mute).toHaveAttribute('aria-pressed', 'false')
  await mute.click()
  await expect(mute).toHaveAttribute('aria-pressed', 'true')
  await mute.click()
  await expect(mute).toHaveAttribute('aria-pressed', 'false')
  expect((await fakeLog(page)).calls).toEqual([`start:${VOICE_ASSISTANT_ID}`, 'setMuted:true', 'setMuted:false'])

  await end.click()
  await expect(widget.getByRole('button', { name: 'Ending...' })).toBeDisabled()
  await expect(widget.getByRole('button', { name: 'Mute' })).toHaveCount(0)
  await drive(page, { type: 'finish-stop' })
  await expect(widget.getByRole('button', { name: 'Start a call' })).toBeEnabled()
  // Agreed once: the notice is not shown again on this device.
  await expect(widget.getByText('may be recorded', { exact: false })).toHaveCount(0)
  await page.reload()
  await openVoicePanel(page)
  await expect(page.getByRole('button', { name: 'Start a call' })).toBeVisible()
  await expect(page.getByText('may be recorded', { exact: false })).toHaveCount(0)
})

test('the assistant hanging up ends the call: back to Start a call, no error', async ({ page }) => {
  const widget = await openWidget(page)
  await widget.getByRole('button', { name: 'Start a call' }).click()
  await startCalled(page)
  await drive(page, { type: 'listening' })
  await expect(widget.getByRole('button', { name: 'End Call' })).toBeVisible()
  // Daily's ejection around call-end is a normal end.
  await drive(page, { type: 'error', payload: { type: 'daily-error', error: { message: { type: 'ejected', msg: 'Meeting has ended' }, errorMsg: 'Meeting has ended' } } })
  await drive(page, { type: 'call-end' })
  await expect(widget.getByRole('button', { name: 'Start a call' })).toBeEnabled()
  await expect(widget.getByRole('alert')).toHaveCount(0)
})

test('an error during the call shows in the red box and offers Retry Call', async ({ page }) => {
  const widget = await openWidget(page)
  await widget.getByRole('button', { name: 'Start a call' }).click()
  await startCalled(page)
  await drive(page, { type: 'listening' })
  await drive(page, { type: 'error', payload: { type: 'daily-error', error: { message: 'The network connection was lost.' } } })
  await expect(widget.getByRole('alert')).toHaveText('The network connection was lost.')
  await expect(widget.getByRole('button', { name: 'Retry Call' })).toBeEnabled()
  await expectNoAxeViolations(page)
})

test('at 320 px the widget is a compact button that opens a usable panel inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const widget = await openWidget(page)
  const start = widget.getByRole('button', { name: 'Start a call' })
  await expect(start).toBeVisible()
  const box = await widget.boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(320)
  expect(box!.y).toBeGreaterThanOrEqual(0)
  await start.click()
  await expect(widget.getByRole('button', { name: 'Connecting...' })).toBeVisible()
})

/** Text only the widget's interactive chunk holds (the panel's notice): how the tests recognise it. */
const PANEL_CHUNK_MARKER = 'Calls are answered by an AI assistant and may be recorded.'

test("the call panel's code is not in the first load: it loads after the load event, with no interaction", async ({ page }) => {
  const beforeLoad: string[] = []
  const afterLoad: string[] = []
  let loaded = false
  page.once('load', () => void (loaded = true))
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return
    const list = loaded ? afterLoad : beforeLoad
    const body = await response.text().catch(() => '')
    if (body.includes(PANEL_CHUNK_MARKER)) list.push(response.url())
  })
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => afterLoad.length, { timeout: 10_000 }).toBe(1)
  expect(beforeLoad).toEqual([])
  const html = await (await page.request.get('/')).text()
  expect(html).not.toContain(PANEL_CHUNK_MARKER) // the prerendered shell holds only the launcher and the panel's title
})

test('a click on the launcher before the panel has loaded is not lost: the panel opens, its controls follow', async ({ page }) => {
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
  const launcher = voiceLauncher(page)
  const shellBox = await launcher.boundingBox()
  await launcher.click()
  const widget = voicePanel(page)
  await expect(widget).toBeVisible()
  await expect(widget).toHaveAttribute('aria-busy', 'true')
  await expect(widget.getByRole('button')).toHaveCount(0)
  release()
  await expect(widget.getByRole('button', { name: 'Start a call' })).toBeEnabled()
  await expect(widget).not.toHaveAttribute('aria-busy')
  // Opened once (the click was neither lost nor doubled), and the launcher did not move.
  await expect(widget).toBeVisible()
  expect(await launcher.boundingBox()).toEqual(shellBox)
})

