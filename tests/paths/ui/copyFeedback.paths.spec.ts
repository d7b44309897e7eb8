import { expect } from '@playwright/test'
import { copyFeedbackMachine } from '../../../machines/copyFeedback'
import { appReady, describeUiPaths } from '../support/uiLevel'

/** When the page's clock starts; it runs in real time until the clipboard first answers. */
const CLOCK_START = Date.parse('2026-03-02T09:00:00Z')

/** The /docs Copy button, driven the way a visitor drives it; the clipboard is granted or refused. */
describeUiPaths(
  'copyFeedback',
  copyFeedbackMachine,
  async (page) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    // Whether the write succeeds is decided when it happens: the first invocation waits for the test.
    await page.addInitScript(() => {
      const original = navigator.clipboard.writeText.bind(navigator.clipboard)
      const w = window as unknown as { __settleCopy?: (ok: boolean) => void }
      navigator.clipboard.writeText = (text: string) =>
        new Promise<void>((resolve, reject) => {
          w.__settleCopy = (ok) => (ok ? original(text).then(resolve, reject) : reject(new DOMException('Denied', 'NotAllowedError')))
        })
    })
    await page.clock.install({ time: CLOCK_START })
    await page.goto('/docs')
    const button = page.getByRole('button', { name: /^(Copy|Copied!|Copy failed) / }).first()
    await expect(button).toBeVisible()
    await appReady(page)
    let paused = false
    return {
      page,
      button,
      settle: async (ok: boolean) => {
        // From the first answer on, time moves only when the path advances it: on a slow machine the confirmation's
        // delay must not run out before its state is checked.
        if (!paused) await page.clock.pauseAt(CLOCK_START + 10 * 60_000)
        paused = true
        await page.evaluate((ok) => (window as unknown as { __settleCopy: (ok: boolean) => void }).__settleCopy(ok), ok)
      },
    }
  },
  {
    input: { text: '' },
    events: {
      COPY: async (sut) => {
        await sut.button.click()
      },
    },
    internal: {
      advance: async (sut, ms) => {
        await sut.page.clock.runFor(ms)
      },
      done: { writeClipboard: (sut) => sut.settle(true) },
      error: { writeClipboard: (sut) => sut.settle(false) },
    },
    states: {
      idle: async (sut) => expect(sut.button).toHaveAccessibleName(/^Copy (?!failed)/),
      copying: async (sut) => expect(sut.button).toHaveAccessibleName(/^Copy (?!failed)/),
      copied: async (sut) => {
        await expect(sut.button).toHaveAccessibleName(/^Copied!/)
        await expect(sut.page.getByRole('status').filter({ hasText: 'copied to the clipboard' })).toHaveCount(1)
      },
      failed: async (sut) => {
        await expect(sut.button).toHaveAccessibleName(/^Copy failed/)
        await expect(sut.page.getByText('Copying failed: select the code and copy it by hand')).toBeAttached()
      },
    },
  },
)
