import { expect, test, type Locator, type Page } from '@playwright/test'
import { mobileMenuMachine } from '../../../machines/mobileMenu'
import { appReady, describeUiPaths } from '../support/uiLevel'
import { menuToggle, mobileMenu } from '../../support/pages/mobileMenu'
import { scrollY } from '../../support/pages/window'

/** The slide-in menu on a phone-sized window (390 px), on /about. */
test.use({ viewport: { width: 390, height: 844 } })

interface Sut {
  page: Page
  toggle: Locator
  menu: Locator
  /** Whether the step just taken must give focus back to the toggle (Escape, the close button). */
  focusBack: boolean
}

/** Over the strip of backdrop left of the panel (when the menu is open) or the page (when it is not). */
const wheelOverPage = async (page: Page) => {
  await page.mouse.move(20, 600)
  await page.mouse.wheel(0, 400)
}
/** Two frames: a wheel that is going to scroll has scrolled by then. */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))

describeUiPaths(
  'mobileMenu',
  mobileMenuMachine,
  async (page): Promise<Sut> => {
    await page.goto('/about')
    await appReady(page)
    return {
      page,
      toggle: menuToggle(page),
      menu: mobileMenu(page),
      focusBack: false,
    }
  },
  {
    serializeState: (s) => JSON.stringify(s.value),
    events: {
      TOGGLE: async (sut) => {
        sut.focusBack = false
        await sut.toggle.click()
      },
      CLOSE_CLICKED: async (sut) => {
        sut.focusBack = true
        await sut.menu.getByRole('button', { name: 'Close menu' }).click()
      },
      ESCAPE_PRESSED: async (sut) => {
        sut.focusBack = true
        await sut.page.keyboard.press('Escape')
      },
      // The panel slides in from the right; the strip on the left is the backdrop.
      OUTSIDE_CLICKED: (sut) => sut.page.mouse.click(20, 420),
      ITEM_SELECTED: async (sut) => {
        await sut.menu.getByRole('link', { name: 'Tutorials' }).click()
        await expect(sut.page).toHaveURL('/resources')
        // The URL changes before the page's code has loaded: the short pending page cannot scroll yet.
        await expect(sut.page.getByRole('heading', { level: 1, name: 'Guides and Insights on AI Automation' })).toBeVisible()
      },
      VIEWPORT_WIDENED: (sut) => sut.page.setViewportSize({ width: 1280, height: 844 }),
    },
    internal: { advance: () => {}, done: {}, error: {} },
    states: {
      // The page scrolls again (and is put back where it was for the next step).
      closed: async (sut) => {
        await expect(sut.menu).toBeHidden()
        await expect(sut.toggle).toHaveAttribute('aria-expanded', 'false')
        if (sut.focusBack) await expect(sut.toggle).toBeFocused()
        const before = await scrollY(sut.page)
        await wheelOverPage(sut.page)
        await expect.poll(() => scrollY(sut.page)).toBeGreaterThan(before)
        await sut.page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), before)
      },
      // Page scrolling is locked: a wheel over the backdrop moves nothing.
      open: async (sut) => {
        await expect(sut.menu).toBeVisible()
        await expect(sut.toggle).toHaveAttribute('aria-expanded', 'true')
        await expect(sut.menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About Us' })).toBeVisible()
        const before = await scrollY(sut.page)
        await wheelOverPage(sut.page)
        await frames(sut.page)
        await frames(sut.page)
        expect(await scrollY(sut.page)).toBe(before)
      },
    },
  },
)
