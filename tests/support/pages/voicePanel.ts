/**
 * The voice widget as a visitor finds it, shared by the e2e specs and the UI path specs, and the
 * commands the scripted voice build's fake (tests/e2e/support/voice-fake) takes from a test.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { waitForHydration } from '../../e2e/support/hydration'
import { VOICE_FAKE_COMMAND, type VoiceFakeCommand, type VoiceFakeLog } from '../../e2e/support/voice-fake/fakeVapi'

export const CONSENT_TEXT = "You'll talk or type with an AI assistant; calls may be recorded and messages stored. Our team gets a summary of each call."

/** The floating widget: the call button and whatever stands beside it. */
export const voiceWidget = (page: Page) => page.getByRole('region', { name: 'Voice assistant' })

/** The one floating call button, whatever its label (docs/design.md#states). */
export const callButton = (page: Page) =>
  voiceWidget(page).getByRole('button', { name: /^(Start a call|Connecting\.\.\.|End Call|Ending\.\.\.|Retry Call)$/ })

export const consentNotice = (page: Page) => voiceWidget(page).getByText(CONSENT_TEXT)

/**
 * Waits until the page has hydrated and the widget's interactive part has replaced the first-load
 * shell (it loads at idle time); that part announces the call's progress in a status line.
 */
export async function openVoiceWidget(page: Page): Promise<Locator> {
  await waitForHydration(page)
  const widget = voiceWidget(page)
  await expect(widget.getByRole('status')).toBeAttached()
  return widget
}

/** What the scripted fake has recorded so far. */
export const fakeLog = (page: Page) => page.evaluate(() => window.__voiceFake as VoiceFakeLog)

/** Has the scripted fake act as the SDK would: report listening, speech, captions, errors, the end of a call. */
export async function drive(page: Page, command: VoiceFakeCommand): Promise<void> {
  await page.evaluate(({ name, detail }) => window.dispatchEvent(new CustomEvent(name, { detail })), { name: VOICE_FAKE_COMMAND, detail: command })
}

/** 'Type instead': beside the call button, or in the error box after a failed call. */
export const typeInstead = (page: Page) => voiceWidget(page).getByRole('button', { name: 'Type instead' })

/** The text conversation's panel, its log, its Message box and Send. */
export const chatPanel = (page: Page) => voiceWidget(page).getByRole('region', { name: 'Message the assistant' })
export const chatLog = (page: Page) => chatPanel(page).getByRole('log', { name: 'Conversation' })
export const messageBox = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Message' })
export const sendButton = (page: Page) => chatPanel(page).getByRole('button', { name: 'Send' })
