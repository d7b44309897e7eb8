/** Moving through a page by keyboard alone, as the browser tests do (docs/design.md#pages). */
import { expect, type Locator, type Page } from '@playwright/test'

/** Presses Tab until `target` has the focus (keyboard only), failing after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target, `reached by Tab within ${max} presses`).toBeFocused()
}

/**
 * A time of a day's grid by keyboard alone: Tab to the grid (one stop), then the arrow keys to the time
 * (docs/design.md#pages: the grid of times is one Tab stop).
 */
export async function keyboardToTime(page: Page, slots: Locator, target: Locator, max = 60): Promise<void> {
  const inGrid = () => slots.evaluateAll((buttons) => buttons.includes(document.activeElement as HTMLElement))
  for (let i = 0; i < max && !(await inGrid()); i++) await page.keyboard.press('Tab')
  expect(await inGrid(), `the grid of times reached by Tab within ${max} presses`).toBe(true)
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('ArrowRight')
  }
  await expect(target, `reached by the arrow keys within ${max} presses`).toBeFocused()
}
