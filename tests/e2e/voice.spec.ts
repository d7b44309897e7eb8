/** The voice widget in the default build, which has no voice settings (docs/design.md#pages, docs/design.md#voice). */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expectNoAxeViolations } from './support/axe'
import { expect, test, type Locator } from '@playwright/test'
import { E2E_ORIGIN, E2E_PORT } from './env'
import { VOICE_FAKE_MARKER } from './support/voice-fake/fakeVapi'
import { SDK_CHUNK_MARKER } from './support/voice/voiceEnv'
import { bookingDialog, heroBookCall } from '../support/pages/bookingForm'
import { menuToggle, mobileMenu } from '../support/pages/mobileMenu'
import { callButton, CONSENT_TEXT, openVoiceWidget, typeInstead } from '../support/pages/voicePanel'

for (const { name, width, height } of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`not configured (${name}, ${width} px): the button still shows; its panel says so plainly and offers 'Book a Call'`, async ({ page }, testInfo) => {
    test.setTimeout(90_000) // three axe scans, slow on a busy 2-core machine
    await page.setViewportSize({ width, height })
    const foreign: string[] = []
    const sdk: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin !== E2E_ORIGIN || /vapi|daily/i.test(url.href)) foreign.push(url.href)
    })
    page.on('response', async (response) => {
      if (response.url().endsWith('.js') && (await response.text().catch(() => '')).includes(SDK_CHUNK_MARKER)) sdk.push(response.url())
    })
    await page.goto('/')
    const widget = await openVoiceWidget(page)
    const button = callButton(page)
    await expect(button).toHaveText('Start a call')
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(widget.getByText(CONSENT_TEXT)).toHaveCount(0) // no call can be made, so nothing to agree to
    await expect(typeInstead(page)).toHaveCount(0) // nor typing: the panel's 'Book a Call' is the offer
    await expectNoAxeViolations(page)

    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(widget.getByText('The voice assistant is not set up on this site yet.')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: testInfo.outputPath(`not-set-up-${width}.png`) })

    // 'Book a Call' opens the booking modal; closing it gives the focus back to it.
    const book = widget.getByRole('button', { name: 'Book a Call' })
    await book.click()
    const modal = bookingDialog(page)
    await expect(modal).toBeVisible()
    await expectNoAxeViolations(page, { include: 'dialog' })
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
    await expect(book).toBeFocused()

    // Escape (or Close, or the button again) puts the panel away.
    await page.keyboard.press('Escape')
    await expect(widget.getByText('The voice assistant is not set up on this site yet.')).toHaveCount(0)
    await button.click()
    await widget.getByRole('button', { name: 'Close' }).click()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await button.click()
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'false')

    await page.waitForLoadState('networkidle')
    expect(foreign.filter((u) => !u.includes('/__e2e/'))).toEqual([])
    expect(sdk).toEqual([])
    const response = await page.request.get('/')
    const csp = response.headers()['content-security-policy'] ?? ''
    expect(csp).not.toMatch(/daily|vapi/)
  })
}

test('the built site holds no trace of the scripted voice fake', async () => {
  const client = join(import.meta.dirname, `../../.tmp/e2e-dist-${E2E_PORT}/client`)
  const files = await readdir(client, { recursive: true })
  const scripts = files.filter((f) => f.endsWith('.js') || f.endsWith('.html'))
  expect(scripts.length).toBeGreaterThan(0)
  for (const file of scripts) {
    const text = await readFile(join(client, file), 'utf8')
    expect(text.includes(VOICE_FAKE_MARKER) || text.includes('voice-fake:command'), `${file} holds the fake`).toBe(false)
  }
})

/** Whether a click at the middle of the element would reach it (nothing drawn over it). */
const onTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
    return hit !== null && el.contains(hit)
  })

test('the widget stays under the booking modal and the mobile menu', async ({ page }) => {
  test.setTimeout(60_000) // every visible control of the modal (a day of slots) is checked
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  // The call part replaces the first-load button at idle time: check the button that stays.
  await openVoiceWidget(page)
  const launcher = callButton(page)
  await expect(launcher).toBeVisible()
  expect(await onTop(launcher)).toBe(true)

  await menuToggle(page).click()
  await expect(mobileMenu(page)).toBeVisible()
  expect(await onTop(launcher)).toBe(false)
  await page.keyboard.press('Escape')
  await expect(mobileMenu(page)).toBeHidden()

  await heroBookCall(page).click()
  const modal = bookingDialog(page)
  await expect(modal).toBeVisible()
  expect(await onTop(launcher)).toBe(false)
  // The modal's own controls at the bottom right stay reachable (each scrolled into the modal's view first:
  // a tall modal scrolls, and that is not the widget's doing).
  for (const button of await modal.getByRole('button').all()) {
    if (!(await button.isVisible())) continue
    await button.scrollIntoViewIfNeeded()
    expect(await onTop(button), (await button.textContent()) ?? '').toBe(true)
  }
})
