import { expect, test, type Page } from '@playwright/test'
import { waitForHydration } from './support/hydration'

test.use({ viewport: { width: 390, height: 844 } })

const toggle = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true })
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' })
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow)
const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

async function openMenu(page: Page, path = '/') {
  await page.goto(path)
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await toggle(page).click()
  await expect(menu(page)).toBeVisible()
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
}

test('the menu opens from the toggle and locks page scrolling while open', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }))
  await toggle(page).click()
  await expect(menu(page)).toBeVisible()
  expect(await bodyOverflow(page)).toBe('hidden')
  const before = await scrollY(page)
  await page.mouse.move(40, 500) // over the backdrop, outside the panel
  await page.mouse.wheel(0, 800)
  await page.keyboard.press('PageDown')
  expect(await scrollY(page)).toBe(before)
  await menu(page).getByRole('button', { name: 'Close menu' }).click()
  await expect(menu(page)).toBeHidden()
  expect(await bodyOverflow(page)).not.toBe('hidden')
  await page.mouse.wheel(0, 400)
  await expect.poll(() => scrollY(page)).toBeGreaterThan(before)
})

test('an outside click closes the menu', async ({ page }) => {
  await openMenu(page)
  // The panel slides in from the right; the strip on the left is the backdrop.
  await page.mouse.click(20, 420)
  await expect(menu(page)).toBeHidden()
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test('Escape closes the menu and focus goes back to the toggle', async ({ page }) => {
  await openMenu(page)
  await page.keyboard.press('Escape')
  await expect(menu(page)).toBeHidden()
  await expect(toggle(page)).toBeFocused()
})

test('choosing an item closes the menu and follows it', async ({ page }) => {
  await openMenu(page)
  await menu(page).getByRole('link', { name: 'About Us' }).click()
  await expect(menu(page)).toBeHidden()
  await expect(page).toHaveURL('/about')
  expect(await bodyOverflow(page)).not.toBe('hidden')
})

test("a section item from another page closes the menu and scrolls there on /", async ({ page }) => {
  await openMenu(page, '/about')
  await menu(page).getByRole('link', { name: 'Process' }).click()
  await expect(menu(page)).toBeHidden()
  await expect(page).toHaveURL('/')
  await expect(page.locator('section#process')).toBeInViewport()
})

test('focus stays inside the open menu', async ({ page }) => {
  await openMenu(page)
  const panel = menu(page)
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
  await menu(page).getByRole('button', { name: 'Book a Call' }).click()
  await expect(menu(page)).toBeHidden()
  const modal = page.getByRole('dialog', { name: 'Book a Call' })
  await expect(modal).toBeVisible()
  expect(await bodyOverflow(page)).toBe('hidden')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  // The button that opened it is gone with the menu: focus goes back to the menu's toggle.
  await expect(toggle(page)).toBeFocused()
  expect(await bodyOverflow(page)).not.toBe('hidden')
})
