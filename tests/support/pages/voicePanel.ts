/**
 * The voice widget as a visitor finds it, shared by the e2e specs and the UI path specs, and the
 * commands the scripted voice build's fake (tests/e2e/support/voice-fake) takes from a test.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { waitForHydration } from '../../e2e/support/hydration'
import { VOICE_FAKE_COMMAND, type VoiceFakeCommand, type VoiceFakeLog } from '../../e2e/support/voice-fake/fakeVapi'

export const voiceLauncher = (page: Page) => page.getByText('Talk to our AI', { exact: true })

export const voicePanel = (page: Page) => page.getByRole('region', { name: 'Voice assistant' })

/** Opens the widget's panel the way a visitor does, once the page has hydrated, and waits for its controls. */
export async function openVoicePanel(page: Page): Promise<Locator> {
  await waitForHydration(page)
  await voiceLauncher(page).click()
  const panel = voicePanel(page)
  await expect(panel).not.toHaveAttribute('aria-busy')
  return panel
}

/** What the scripted fake has recorded so far. */
export const fakeLog = (page: Page) => page.evaluate(() => window.__voiceFake as VoiceFakeLog)

/** Has the scripted fake act as the SDK would: report listening, speech, captions, errors, the end of a call. */
export const drive = (page: Page, command: VoiceFakeCommand) =>
  page.evaluate(({ name, detail }) => window.dispatchEvent(new CustomEvent(name, { detail })), { name: VOICE_FAKE_COMMAND, detail: command })
