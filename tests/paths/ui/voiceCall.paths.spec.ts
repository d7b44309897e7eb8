/**
 * Path coverage of machines/voiceCall.ts at the UI level, on the scripted voice build: a visitor
 * presses the call button, Cancel, Mute; the test answers the microphone prompt, settles the scripted
 * SDK's start() and stop(), and has it report listening, speech (both sides), captions, errors and the
 * end of the call. The checks look only at what a visitor sees.
 *
 * The unconfigured run needs the build without voice settings: it runs on the default build's server
 * (E2E_ORIGIN), which this config always starts.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { UNKNOWN_ERROR, voiceCallMachine } from '../../../machines/voiceCall'
import { MICROPHONE_MESSAGES, NOT_CONFIGURED } from '../../../core/voiceErrors'
import { E2E_ORIGIN } from '../../e2e/env'
import { appReady, describeUiPaths } from '../support/uiLevel'
import { CALL_EVENT_TYPES, CALL_STATE_KEYS, CONFIGURED, impossible, UNCONFIGURED, UNCONFIGURED_STATE_KEYS, voiceCallModelOptions } from '../voiceCall.model'
import { callButton, CONSENT_TEXT, drive, fakeLog, openVoiceWidget, voiceWidget } from '../../support/pages/voicePanel'
import { holdMicrophoneAndStart, microphonePending, mutedSinceStart, settleMicrophone } from './support/voice'

interface Sut {
  page: Page
  widget: Locator
  /** What the visitor did and what the call reported, for the checks. */
  agreed: boolean
  expectedError: string
  speaking: boolean
  visitorSpeaking: boolean
  captions: string[]
}

const button = (sut: Sut, name: string) => sut.widget.getByRole('button', { name, exact: true })
const mute = (sut: Sut) => sut.widget.getByRole('button', { name: /^(Mute|Unmute)$/ })
const notice = (sut: Sut) => sut.widget.getByText(CONSENT_TEXT)

/** An error the visitor sees, unless one is already on screen for this attempt. */
const showError = (sut: Sut, message: string) => {
  if (!sut.expectedError) sut.expectedError = message
}

/** While connecting: the call button is disabled, the panel is there with Mute disabled and Cancel. */
async function expectConnecting(sut: Sut) {
  await expect(callButton(sut.page)).toHaveText('Connecting...')
  await expect(callButton(sut.page)).toBeDisabled()
  await expect(mute(sut)).toBeDisabled()
  await expect(button(sut, 'Cancel')).toBeEnabled()
  await expect(sut.widget.getByRole('alert')).toHaveCount(0)
  await expect(sut.widget.getByText('Assistant is listening')).toBeVisible()
}

/** The panel and the notice are gone: only the button (and perhaps the error box) stands. */
async function expectNoPanel(sut: Sut) {
  await expect(mute(sut)).toHaveCount(0)
  await expect(sut.widget.getByRole('log', { name: 'Live captions' })).toHaveCount(0)
}

describeUiPaths<typeof voiceCallMachine, Sut>(
  'voiceCall',
  voiceCallMachine,
  async (page): Promise<Sut> => {
    await holdMicrophoneAndStart(page)
    await page.clock.install()
    await page.goto('/')
    await appReady(page, openVoiceWidget)
    return { page, widget: voiceWidget(page), agreed: false, expectedError: '', speaking: false, visitorSpeaking: false, captions: [] }
  },
  {
    ...voiceCallModelOptions,
    input: CONFIGURED,
    events: {
      START: async (sut) => {
        Object.assign(sut, { agreed: true, expectedError: '', speaking: false, visitorSpeaking: false, captions: [] })
        await callButton(sut.page).click()
      },
      PREFETCH: async (sut) => {
        await callButton(sut.page).hover()
      },
      // The error box's Close: the box and its message go.
      DISMISS: async (sut) => {
        sut.expectedError = ''
        await button(sut, 'Close').click()
      },
      // Connecting: the panel's Cancel (the call button stays disabled); in a call: End Call.
      END_CALL: async (sut) => {
        if (await button(sut, 'Cancel').isVisible()) await button(sut, 'Cancel').click()
        else await button(sut, 'End Call').click()
      },
      TOGGLE_MUTE: async (sut) => {
        await mute(sut).click()
      },
      'CALL.LISTENING': (sut) => drive(sut.page, { type: 'listening' }),
      'CALL.ENDED': (sut) => drive(sut.page, { type: 'call-end' }),
      'CALL.ERROR': async (sut, event) => {
        showError(sut, event.message)
        await drive(sut.page, { type: 'error', payload: { type: 'daily-error', error: { message: event.message } } })
      },
      'CALL.SPEECH_STARTED': async (sut) => {
        sut.speaking = true
        await drive(sut.page, { type: 'speech-start' })
      },
      'CALL.SPEECH_ENDED': async (sut) => {
        sut.speaking = false
        await drive(sut.page, { type: 'speech-end' })
      },
      'CALL.VOLUME': (sut, event) => drive(sut.page, { type: 'volume', level: event.level }),
      'CALL.VISITOR_SPEECH_STARTED': async (sut) => {
        sut.visitorSpeaking = true
        await drive(sut.page, { type: 'user-speech', status: 'started' })
      },
      'CALL.VISITOR_SPEECH_ENDED': async (sut) => {
        sut.visitorSpeaking = false
        await drive(sut.page, { type: 'user-speech', status: 'stopped' })
      },
      'CALL.VISITOR_VOLUME': (sut, event) => drive(sut.page, { type: 'local-volume', level: event.level * 0.15 }),
      'CALL.TRANSCRIPT': async (sut, event) => {
        sut.captions.push(`${event.role === 'assistant' ? 'Assistant' : 'You'}: ${event.text}`)
        await drive(sut.page, { type: 'transcript', role: event.role, transcriptType: event.final ? 'final' : 'partial', transcript: event.text })
      },
    },
    internal: {
      advance: async (sut, ms) => {
        const time = sut.widget.locator('time')
        const before = await time.textContent()
        await sut.page.clock.runFor(ms)
        await expect(time).not.toHaveText(before!)
      },
      done: {
        requestMicrophone: (sut) => settleMicrophone(sut.page, true),
        startCall: async (sut, event) => {
          if (event.output !== true) showError(sut, UNKNOWN_ERROR)
          await drive(sut.page, { type: 'settle-start', ok: event.output === true })
        },
        stopCall: (sut) => drive(sut.page, { type: 'finish-stop' }),
      },
      error: {
        requestMicrophone: async (sut) => {
          showError(sut, MICROPHONE_MESSAGES.denied)
          await settleMicrophone(sut.page, false)
        },
        startCall: async (sut, event) => {
          const message = (event.error as Error).message
          showError(sut, message)
          await drive(sut.page, { type: 'settle-start', ok: false, error: message })
        },
        stopCall: (sut) => drive(sut.page, { type: 'fail-stop' }),
      },
    },
    states: {
      ...impossible(UNCONFIGURED_STATE_KEYS, 'the scripted voice build is configured'),
      idle: async (sut) => {
        await expect(callButton(sut.page)).toHaveText('Start a call')
        await expect(callButton(sut.page)).toBeEnabled()
        await expect(sut.widget.getByRole('alert')).toHaveCount(0)
        await expectNoPanel(sut)
        await expect(notice(sut)).toHaveCount(sut.agreed ? 0 : 1)
      },
      microphone: async (sut) => {
        await expectConnecting(sut)
        await expect(notice(sut)).toHaveCount(0)
        await expect.poll(() => microphonePending(sut.page)).toBe(true)
        expect((await fakeLog(sut.page))?.pendingStart ?? false).toBe(false)
      },
      // The SDK's start() is held by the scripted fake for as long as the machine is in `starting`.
      starting: async (sut) => {
        await expect.poll(async () => (await fakeLog(sut.page))?.pendingStart).toBe(true)
        expect(await microphonePending(sut.page)).toBe(false)
      },
      'starting.waiting': expectConnecting,
      'starting.heard': expectConnecting,
      'starting.failed': async (sut) => {
        // The error at once; Retry waits for the start to settle.
        await expect(sut.widget.getByRole('alert')).toHaveText(sut.expectedError)
        await expect(callButton(sut.page)).toHaveText('Retry Call')
        await expect(callButton(sut.page)).toBeDisabled()
        await expectNoPanel(sut)
      },
      'starting.endDeferred': async (sut) => {
        // Seen as ending at once; the SDK is told to stop only when its start has settled.
        await expect(callButton(sut.page)).toHaveText('Ending...')
        await expect(callButton(sut.page)).toBeDisabled()
        await expectNoPanel(sut)
        expect((await fakeLog(sut.page)).calls.at(-1)).toMatch(/^start:/)
      },
      joined: async (sut) => {
        await expectConnecting(sut)
        expect((await fakeLog(sut.page)).pendingStart).toBe(false)
      },
      active: async (sut) => {
        await expect(callButton(sut.page)).toHaveText('End Call')
        await expect(callButton(sut.page)).toBeEnabled()
        await expect(button(sut, 'Cancel')).toHaveCount(0)
        const muted = mutedSinceStart((await fakeLog(sut.page)).calls)
        await expect(mute(sut)).toHaveText(muted ? 'Unmute' : 'Mute')
        await expect(mute(sut)).toHaveAttribute('aria-pressed', String(muted))
        await expect(sut.widget.getByText(sut.speaking ? 'Assistant is speaking' : 'Assistant is listening')).toBeVisible()
        const visitor = muted ? 'You are muted' : sut.visitorSpeaking ? 'You are speaking' : 'You are not speaking'
        await expect(sut.widget.getByText(visitor)).toBeVisible()
        await expect(sut.widget.getByRole('log', { name: 'Live captions' }).getByRole('paragraph')).toHaveText(sut.captions)
      },
      'active.counting': async (sut) => {
        await expect(sut.widget.getByText(/^\d\d:\d\d$/)).toBeVisible()
      },
      ending: async (sut) => {
        await expect(callButton(sut.page)).toHaveText('Ending...')
        await expect(callButton(sut.page)).toBeDisabled()
        await expectNoPanel(sut)
        const log = await fakeLog(sut.page)
        expect([log.calls.at(-1), log.pendingStop]).toEqual(['stop', true])
      },
      error: async (sut) => {
        await expect(sut.widget.getByRole('alert')).toHaveText(sut.expectedError)
        await expect(callButton(sut.page)).toHaveText('Retry Call')
        await expectNoPanel(sut)
        await expect(notice(sut)).toHaveCount(0)
      },
      'error.hangingUp': async (sut) => {
        await expect(callButton(sut.page)).toBeDisabled()
        expect((await fakeLog(sut.page)).pendingStop).toBe(true)
      },
      'error.ready': async (sut) => {
        await expect(callButton(sut.page)).toBeEnabled()
        // A way on: by text, a booked call, or the box closed.
        await expect(button(sut, 'Book a Call')).toBeVisible()
        await expect(button(sut, 'Close')).toBeVisible()
      },
    },
  },
)

describeUiPaths(
  'voiceCall',
  voiceCallMachine,
  async (page): Promise<Sut> => {
    await page.goto(`${E2E_ORIGIN}/`)
    await appReady(page, openVoiceWidget)
    return { page, widget: voiceWidget(page), agreed: false, expectedError: '', speaking: false, visitorSpeaking: false, captions: [] }
  },
  {
    ...voiceCallModelOptions,
    input: UNCONFIGURED,
    label: 'unconfigured build',
    events: {
      START: async (sut) => {
        await callButton(sut.page).click()
      },
      DISMISS: async (sut) => {
        await button(sut, 'Close').click()
      },
      ...impossible(CALL_EVENT_TYPES, 'no call can be made in this build'),
    },
    internal: { ...impossible(['advance'], 'no timer runs in this build'), done: {}, error: {} },
    states: {
      unconfigured: async (sut) => {
        await expect(callButton(sut.page)).toHaveText('Start a call')
        await expect(callButton(sut.page)).toBeEnabled()
        await expect(notice(sut)).toHaveCount(0)
      },
      'unconfigured.closed': async (sut) => {
        await expect(callButton(sut.page)).toHaveAttribute('aria-expanded', 'false')
        await expect(sut.widget.getByText(NOT_CONFIGURED)).toHaveCount(0)
      },
      'unconfigured.explained': async (sut) => {
        await expect(callButton(sut.page)).toHaveAttribute('aria-expanded', 'true')
        await expect(sut.widget.getByText(NOT_CONFIGURED)).toBeVisible()
        await expect(button(sut, 'Book a Call')).toBeVisible()
      },
      ...impossible(CALL_STATE_KEYS, 'this build never reaches a call state'),
    },
  },
)
