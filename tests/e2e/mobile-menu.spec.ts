import { expect, test, type Page } from '@playwright/test'
import { waitForHydration } from './support/hydration'
import { bookingDialog } from '../support/pages/bookingForm'
import { menuToggle, mobileMenu } from '../support/pages/mobileMenu'
import { bodyOverflow, scrollY } from '../support/pages/window'

test.use({ viewport: { width: 390, height: 844 } })

async function openMenu(page: Page, path = '/') {
  await page.goto(path)
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await menuToggle(page).click()
  await expect(mobileMenu(page)).toBeVisible()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true')
}

test('the menu opens from the toggle and locks page scrolling while open', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }))
  await menuToggle(page).click()
  await expect(mobileMenu(page)).toBeVisible()
  expect(await bodyOverflow(page)).toBe('hidden')
  const before = await scrollY(page)
  await page.mouse.move(40, 500) // over the backdrop, outside the panel
  await page.mouse.wheel(0, 800)
  await page.keyboard.press('PageDown')
  expect(await scrollY(page)).toBe(before)
  await mobileMenu(page).getByRole('button', { name: 'Close menu' }).click()
  await expect(mobileMenu(page)).toBeHidden()
  expect(await bodyOverflow(page)).not.toBe('hidden')
  await page.mouse.wheel(0, 400)
  await expect.poll(() => scrollY(page)).toBeGreaterThan(before)
})

test('an outside click closes the menu', async ({ page }) => {
  await openMenu(page)
  // The panel slides in from the right; the strip on the left is the backdrop.
  await page.mouse.click(20, 420)
  await expect(mobileMenu(page)).toBeHidden()
  await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false')
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test('Escape closes the menu and focus goes back to the toggle', async ({ page }) => {
  await openMenu(page)
  await page.keyboard.press('Escape')
  await expect(mobileMenu(page)).toBeHidden()
  await expect(menuToggle(page)).toBeFocused()
})

test('choosing an item closes the menu and follows it', async ({ page }) => {
  await openMenu(page)
  await mobileMenu(page).getByRole('link', { name: 'About Us' }).click()
  await expect(mobileMenu(page)).toBeHidden()
  await expect(page).toHaveURL('/about')
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test("a section item from another page closes the menu and scrolls there on /", async ({ page }) => {
  await openMenu(page, '/about')
  await mobileMenu(page).getByRole('link', { name: 'Process' }).click()
  await expect(mobileMenu(page)).toBeHidden()
  await expect(page).toHaveURL('/')
  await expect(page.locator('section#process')).toBeInViewport()
})

test('focus stays inside the open menu', async ({ page }) => {
  await openMenu(page)
  const panel = mobileMenu(page)
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab')
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
})

test("the menu's 'Book a Call' closes the menu and opens the booking modal", async ({ page }) => {
  await openMenu(page)
  await mobileMenu(page).getByRole('button', { name: 'Book a Call' }).click()
  await expect(mobileMenu(page)).toBeHidden()
  const modal = bookingDialog(page)
  await expect(modal).toBeVisible()
  expect(await bodyOverflow(page)).toBe('hidden')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  // The button that opened it is gone with the menu: focus goes back to the menu's toggle.
  await expect(menuToggle(page)).toBeFocused()
  expect(await bodyOverflow(page)).not.toBe('hidden')
})
