/**
 * Page helpers for the voiceCall UI paths (the scripted voice build): a microphone whose answer the
 * test gives, and the scripted SDK holding start() until the test settles it. The panel and the
 * fake's commands are the shared ones (tests/support/pages/voicePanel.ts).
 */
import type { Page } from '@playwright/test'
import { VOICE_FAKE_MARKER, type VoiceFakeLog } from '../../../e2e/support/voice-fake/fakeVapi'

interface MicrophoneFake {
  pending: boolean
  settle?: (granted: boolean) => void
}

/** Before any page script: getUserMedia waits for the test; the fake SDK's start() waits too. */
export async function holdMicrophoneAndStart(page: Page): Promise<void> {
  await page.addInitScript((marker) => {
    const w = window as unknown as { __microphone: MicrophoneFake; __voiceFake: VoiceFakeLog }
    const media = navigator.mediaDevices
    const original = media.getUserMedia.bind(media)
    w.__microphone = { pending: false }
    media.getUserMedia = (constraints) =>
      new Promise<MediaStream>((resolve, reject) => {
        w.__microphone.pending = true
        w.__microphone.settle = (granted) => {
          w.__microphone.pending = false
          if (granted) original(constraints).then(resolve, reject)
          else reject(new DOMException('Permission denied', 'NotAllowedError'))
        }
      })
    w.__voiceFake = { marker, constructed: [], listenersAtStart: [], calls: [], holdStart: true }
  }, VOICE_FAKE_MARKER)
}

export const settleMicrophone = (page: Page, granted: boolean) =>
  page.evaluate((granted) => (window as unknown as { __microphone: MicrophoneFake }).__microphone.settle!(granted), granted)

export const microphonePending = (page: Page) => page.evaluate(() => (window as unknown as { __microphone: MicrophoneFake }).__microphone.pending)

/** Whether the SDK was last told to mute, since the latest start (false before any). */
export function mutedSinceStart(calls: readonly string[]): boolean {
  const sinceStart = calls.slice(calls.findLastIndex((c) => c.startsWith('start:')))
  return sinceStart.filter((c) => c.startsWith('setMuted:')).at(-1) === 'setMuted:true'
}
