import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { waitForHydration } from './support/hydration'

const modal = (page: Page) => page.getByRole('dialog', { name: 'Book a Call' })
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow)
// The hero's button: the first 'Book a Call' in the page content.
const heroBookCall = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Book a Call' }).first()

async function openModal(page: Page) {
  await page.goto('/')
  await waitForHydration(page)
  const opener = heroBookCall(page)
  await opener.click()
  await expect(modal(page)).toBeVisible()
  return opener
}

test('Book a Call opens a labelled modal dialog, moves focus into it and locks page scrolling', async ({ page }) => {
  await openModal(page)
  await expect(modal(page)).toHaveAttribute('aria-modal', 'true')
  expect(await modal(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
  expect(await bodyOverflow(page)).toBe('hidden')
  const before = await page.evaluate(() => window.scrollY)
  await page.mouse.move(20, 20)
  await page.mouse.wheel(0, 900)
  expect(await page.evaluate(() => window.scrollY)).toBe(before)
  await expect(modal(page).getByLabel('Full Name')).toBeVisible()
})

test('Escape closes the modal and focus returns to the opener', async ({ page }) => {
  const opener = await openModal(page)
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  await expect(opener).toBeFocused()
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test('the close button closes the modal and focus returns to the opener', async ({ page }) => {
  const opener = await openModal(page)
  await modal(page).getByRole('button', { name: 'Close' }).click()
  await expect(modal(page)).toBeHidden()
  await expect(opener).toBeFocused()
})

test('a click on the backdrop closes the modal; a click inside does not', async ({ page }) => {
  const opener = await openModal(page)
  await modal(page).getByRole('heading', { name: 'Book a Call' }).click()
  await expect(modal(page)).toBeVisible()
  await page.mouse.click(8, 8)
  await expect(modal(page)).toBeHidden()
  await expect(opener).toBeFocused()
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test('the header and the service cards open the same modal', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const headerButton = page.getByRole('banner').getByRole('button', { name: 'Book a Call' })
  await headerButton.click()
  await expect(modal(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(headerButton).toBeFocused()
  const serviceButton = page.getByRole('main').getByRole('button', { name: 'Book a Call' }).nth(1)
  await serviceButton.click()
  await expect(modal(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(serviceButton).toBeFocused()
})

test('each open shows a fresh form', async ({ page }) => {
  await openModal(page)
  await modal(page).getByLabel('Full Name').fill('Aroha Ngata')
  await page.keyboard.press('Escape')
  await heroBookCall(page).click()
  await expect(modal(page).getByLabel('Full Name')).toHaveValue('')
})

test('the modal is at most 3xl wide and 90% of the viewport high, and scrolls inside', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await openModal(page)
  const box = (await modal(page).boundingBox())!
  expect(box.width).toBeLessThanOrEqual(768)
  expect(box.height).toBeLessThanOrEqual(600 * 0.9 + 1)
  expect(await modal(page).evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto')
})

test('focus stays inside the open modal', async ({ page }) => {
  await openModal(page)
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await modal(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
})

test('the open modal has no WCAG 2.1 AA violations', async ({ page }) => {
  await openModal(page)
  await expect(modal(page).getByLabel('Full Name')).toBeVisible()
  await expectNoAxeViolations(page, { include: '#booking-modal' })
})
