/**
 * Path coverage of machines/voiceCall.ts at the UI level, on the scripted voice build: a visitor clicks
 * Start, End Call, Mute; the test answers the microphone prompt, settles the scripted SDK's start()
 * and stop(), and has it report listening, speech, captions, errors and the end of the call. The
 * checks look only at what a visitor sees.
 *
 * The unconfigured state needs the build without voice settings: its one path (the initial state) runs
 * on the default build's server (E2E_ORIGIN), which this config always starts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { UNKNOWN_ERROR, voiceCallMachine } from '../../../machines/voiceCall'
import { MICROPHONE_MESSAGES, NOT_CONFIGURED } from '../../../core/voiceErrors'
import { VOICE_CONSENT_KEY } from '../../../src/lib/voice/consent'
import { E2E_ORIGIN } from '../../e2e/env'
import { createMachineModel, walkedBy, type ModelPath } from '../support/machineModel'
import { writePathResult } from '../support/report'
import { describeUiPaths } from '../support/uiLevel'
import { voiceCallModelOptions } from '../voiceCall.model'
import { drive, fakeLog, openVoicePanel } from '../../support/pages/voicePanel'
import { holdMicrophoneAndStart, microphonePending, mutedSinceStart, settleMicrophone } from './support/voice'

const NOTICE = 'Calls are answered by an AI assistant and may be recorded.'

interface Sut {
  page: Page
  widget: Locator
  /** What the visitor did and what the call reported, for the checks. */
  agreed: boolean
  expectedError: string
  speaking: boolean
  captions: string[]
}

const mainButton = (sut: Sut) => sut.widget.getByRole('button', { name: /^(Start a call|Retry Call)$/ })

/** While connecting the main button is disabled; a second button ends the call (DESIGN §5). */
async function expectConnecting(sut: Sut) {
  await expect(sut.widget.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
  await expect(sut.widget.getByRole('button', { name: 'End Call' })).toBeEnabled()
}

/** Settles a start() the scripted SDK still holds. */
async function settleHeldStart(sut: Sut, ok: boolean) {
  if ((await fakeLog(sut.page))?.pendingStart) await drive(sut.page, { type: 'settle-start', ok })
}

describeUiPaths(
  'voiceCall',
  voiceCallMachine,
  async (page): Promise<Sut> => {
    await holdMicrophoneAndStart(page)
    await page.clock.install()
    await page.goto('/')
    const widget = await openVoicePanel(page)
    return { page, widget, agreed: false, expectedError: '', speaking: false, captions: [] }
  },
  {
    ...voiceCallModelOptions,
    input: { configured: true },
    events: {
      START: async (sut) => {
        Object.assign(sut, { agreed: true, speaking: false, captions: [] })
        await mainButton(sut).click()
      },
      PREFETCH: async (sut) => {
        await mainButton(sut).hover()
      },
      // A returning visitor: agreed on an earlier visit, the page loads again.
      CONSENT_RESTORED: async (sut) => {
        sut.agreed = true
        await sut.page.evaluate((key) => localStorage.setItem(key, 'agreed'), VOICE_CONSENT_KEY)
        await sut.page.reload()
        sut.widget = await openVoicePanel(sut.page)
      },
      END_CALL: async (sut) => {
        await sut.widget.getByRole('button', { name: 'End Call' }).click()
      },
      TOGGLE_MUTE: async (sut) => {
        await sut.widget.getByRole('button', { name: 'Mute' }).click()
      },
      'CALL.LISTENING': async (sut) => {
        await settleHeldStart(sut, true)
        await drive(sut.page, { type: 'listening' })
      },
      'CALL.START_SETTLED': async (sut, event) => {
        if (!event.ok) sut.expectedError = UNKNOWN_ERROR
        await drive(sut.page, { type: 'settle-start', ok: event.ok })
      },
      'CALL.ENDED': async (sut) => {
        // Ending: the SDK's stop() finishes; otherwise the call ends by itself (the assistant hangs up).
        if ((await fakeLog(sut.page)).pendingStop) await drive(sut.page, { type: 'finish-stop' })
        else await drive(sut.page, { type: 'call-end' })
        await settleHeldStart(sut, false)
      },
      'CALL.ERROR': async (sut, event) => {
        sut.expectedError = event.message
        await drive(sut.page, { type: 'error', payload: { type: 'daily-error', error: { message: event.message } } })
        await expect(sut.widget.getByRole('alert')).toBeVisible()
        // What the SDK does next: a failing start settles, a stop under way finishes.
        await settleHeldStart(sut, false)
        if ((await fakeLog(sut.page)).pendingStop) await drive(sut.page, { type: 'finish-stop' })
      },
      'CALL.SPEECH_STARTED': async (sut) => {
        sut.speaking = true
        await drive(sut.page, { type: 'speech-start' })
      },
      'CALL.SPEECH_ENDED': async (sut) => {
        sut.speaking = false
        await drive(sut.page, { type: 'speech-end' })
      },
      'CALL.VOLUME': async (sut, event) => {
        await drive(sut.page, { type: 'volume', level: event.level })
      },
      'CALL.TRANSCRIPT': async (sut, event) => {
        sut.captions.push(`${event.role === 'assistant' ? 'Assistant' : 'You'}: ${event.text}`)
        await drive(sut.page, { type: 'transcript', role: event.role, transcriptType: event.final ? 'final' : 'partial', transcript: event.text })
      },
    },
    internal: {
      advance: async (sut, ms) => {
        const time = sut.widget.getByText(/^\d\d:\d\d$/)
        const before = await time.textContent()
        await sut.page.clock.runFor(ms)
        await expect(time).not.toHaveText(before!)
      },
      done: { requestMicrophone: (sut) => settleMicrophone(sut.page, true) },
      error: {
        requestMicrophone: async (sut) => {
          sut.expectedError = MICROPHONE_MESSAGES.denied
          await settleMicrophone(sut.page, false)
        },
      },
    },
    states: {
      unconfigured: () => {
        throw new Error('The scripted voice build is configured: never unconfigured.')
      },
      idle: async (sut) => {
        await expect(sut.widget.getByRole('button', { name: 'Start a call' })).toBeEnabled()
        await expect(sut.widget.getByRole('alert')).toHaveCount(0)
        await expect(sut.widget.getByRole('button', { name: 'Mute' })).toHaveCount(0)
        await expect(sut.widget.getByText(NOTICE, { exact: false })).toHaveCount(sut.agreed ? 0 : 1)
      },
      connecting: async (sut) => {
        await expect(sut.widget.getByRole('button', { name: 'Mute' })).toHaveCount(0)
        await expect(sut.widget.getByRole('alert')).toHaveCount(0)
        await expect(sut.widget.getByText(NOTICE, { exact: false })).toHaveCount(0)
      },
      'connecting.microphone': async (sut) => {
        await expectConnecting(sut)
        await expect.poll(() => microphonePending(sut.page)).toBe(true)
        expect((await fakeLog(sut.page))?.pendingStart ?? false).toBe(false)
      },
      'connecting.starting': async (sut) => {
        await expectConnecting(sut)
        await expect.poll(async () => (await fakeLog(sut.page))?.pendingStart).toBe(true)
        expect(await microphonePending(sut.page)).toBe(false)
      },
      'connecting.endRequested': async (sut) => {
        // Seen as ending at once; the SDK is told to stop only when its start has settled.
        await expect(sut.widget.getByRole('button', { name: 'Ending...' })).toBeDisabled()
        await expect(sut.widget.getByRole('button', { name: 'End Call' })).toHaveCount(0)
        const log = await fakeLog(sut.page)
        expect(log.pendingStart).toBe(true)
        expect(log.calls.at(-1)).toMatch(/^start:/)
      },
      active: async (sut) => {
        await expect(sut.widget.getByRole('button', { name: 'End Call' })).toBeEnabled()
        const muted = mutedSinceStart((await fakeLog(sut.page)).calls)
        await expect(sut.widget.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', String(muted))
        await expect(sut.widget.getByText(sut.speaking ? 'Assistant is speaking' : 'Assistant is listening')).toBeVisible()
        const captions = sut.widget.getByRole('log', { name: 'Live captions' })
        await expect(captions.getByRole('paragraph')).toHaveText(sut.captions)
      },
      'active.counting': async (sut) => {
        await expect(sut.widget.getByText(/^\d\d:\d\d$/)).toBeVisible()
      },
      ending: async (sut) => {
        await expect(sut.widget.getByRole('button', { name: 'Ending...' })).toBeDisabled()
        await expect(sut.widget.getByRole('button', { name: 'Mute' })).toHaveCount(0)
        expect((await fakeLog(sut.page)).calls.at(-1)).toBe('stop')
      },
      error: async (sut) => {
        await expect(sut.widget.getByRole('alert')).toHaveText(sut.expectedError)
        await expect(sut.widget.getByRole('button', { name: 'Retry Call' })).toBeEnabled()
        await expect(sut.widget.getByRole('button', { name: 'Mute' })).toHaveCount(0)
        await expect(sut.widget.getByText(NOTICE, { exact: false })).toHaveCount(0)
      },
    },
  },
)

test.describe('voiceCall: UI paths (unconfigured build)', () => {
  const [path] = createMachineModel(voiceCallMachine, { ...voiceCallModelOptions, input: { configured: false } }).getShortestPaths() as unknown as [ModelPath]

  test('no voice settings: the widget says so plainly and offers no button', async ({ page }) => {
    expect(path.steps).toHaveLength(1)
    expect(path.state.value).toBe('unconfigured')
    await page.goto(`${E2E_ORIGIN}/`)
    const widget = await openVoicePanel(page)
    await expect(widget.getByText(NOT_CONFIGURED)).toBeVisible()
    await expect(widget.getByRole('button')).toHaveCount(0)
    writePathResult({ machine: 'voiceCall', level: 'ui', title: 'unconfigured build: initial state', ...walkedBy(voiceCallMachine, [path]) })
  })
})
