import { expect, test, type Page } from '@playwright/test'
import { pricingFaqs } from '../../src/content/faqs'
import { holdAppScripts, waitForHydration } from './support/hydration'

// The scroll intent's delays (docs/design.md#constants) run on Playwright's clock, so the tests prove them exactly.
const SCROLL_DELAY = 100
const FAQ_EXPAND_DELAY = 500

const firstQuestion = pricingFaqs[0]!.question
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const footerNav = (page: Page) => page.getByRole('navigation', { name: 'Company' })
const firstFaqItem = (page: Page) => page.getByRole('button', { name: firstQuestion })
// The spec names these sections by their anchors (#process, #services, #faq).
const section = (page: Page, id: 'process' | 'services' | 'faq') => page.locator(`section#${id}`)

/** Opens a page with the page's timers under the test's control (paused once hydrated). */
async function open(page: Page, path: string) {
  await page.clock.install()
  await page.goto(path)
  await waitForHydration(page)
  await page.clock.pauseAt(Date.now() + 1000)
}

/**
 * After a navigation the home page reports its arrival to the scroll intent once the router has
 * resolved it, a moment after the address changes: advance the paused clock in 100 ms steps until
 * the section is in view (the delay itself is proven on the home page, where there is no navigation).
 */
async function advanceUntilInView(page: Page, id: 'process' | 'services' | 'faq') {
  await expect(async () => {
    await page.clock.runFor(SCROLL_DELAY)
    await expect(section(page, id)).toBeInViewport({ timeout: 100 })
  }).toPass({ intervals: [0], timeout: 30_000 })
}

/** Where the section's top is, relative to the viewport. */
const sectionTop = async (page: Page, id: 'process' | 'services' | 'faq') => (await section(page, id).boundingBox())?.y ?? NaN

test("'Process' in the header from /about goes to / and scrolls to #process", async ({ page }) => {
  await open(page, '/about')
  await mainNav(page).getByRole('link', { name: 'Process' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Building Automations to 10X Business' })).toBeVisible()
  await advanceUntilInView(page, 'process')
  // It went there by script: no fragment in the address.
  expect(new URL(page.url()).hash).toBe('')
  // Keyboard users carry on from the section.
  await expect(section(page, 'process')).toBeFocused()
})

test("footer 'Pricing' from /about scrolls to the FAQ on / and opens its first item 500 ms later", async ({ page }) => {
  await open(page, '/about')
  await footerNav(page).getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL('/')
  await advanceUntilInView(page, 'faq')
  await expect(firstFaqItem(page)).toHaveAttribute('aria-expanded', 'false')
  await page.clock.runFor(FAQ_EXPAND_DELAY)
  await expect(firstFaqItem(page)).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('region', { name: firstQuestion })).toBeVisible()
})

test("'Pricing' on / leaves the first FAQ item open when it already is", async ({ page }) => {
  await open(page, '/')
  await firstFaqItem(page).click()
  await expect(firstFaqItem(page)).toHaveAttribute('aria-expanded', 'true')
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await footerNav(page).getByRole('link', { name: 'Pricing' }).click()
  await page.clock.runFor(SCROLL_DELAY)
  await expect(section(page, 'faq')).toBeInViewport()
  await page.clock.runFor(FAQ_EXPAND_DELAY + 100)
  await expect(firstFaqItem(page)).toHaveAttribute('aria-expanded', 'true')
})

test("footer 'Services' on / scrolls to the services section after 100 ms", async ({ page }) => {
  await open(page, '/')
  // Playwright scrolls the footer into view to click it; the page stays there until the delay ends.
  await footerNav(page).getByRole('link', { name: 'Services' }).click()
  const atFooter = await page.evaluate(() => window.scrollY)
  await page.clock.runFor(SCROLL_DELAY - 10)
  expect(await page.evaluate(() => window.scrollY)).toBe(atFooter)
  await page.clock.runFor(10)
  // Its top comes to rest just below the sticky header.
  await expect.poll(() => sectionTop(page, 'services')).toBeGreaterThan(40)
  await expect.poll(() => sectionTop(page, 'services')).toBeLessThan(120)
  await expect(page).toHaveURL('/')
})

test("the hero's 'Our Services' scrolls to the services section", async ({ page }) => {
  await open(page, '/')
  await page.getByRole('button', { name: 'Our Services' }).click()
  await page.clock.runFor(SCROLL_DELAY)
  await expect(section(page, 'services')).toBeInViewport()
})

test("by keyboard, 'Our Services' moves focus to the section: the next Tab is inside it", async ({ page }) => {
  await open(page, '/')
  await page.getByRole('button', { name: 'Our Services' }).focus()
  await page.keyboard.press('Enter')
  // The scroll intent's machine loads at the browser's first idle moment; on a loaded machine it can start after
  // the press (which it then takes), so its delay may begin after a first step of the paused clock. The delay itself
  // is proven by the pointer test above.
  await expect(async () => {
    await page.clock.runFor(SCROLL_DELAY)
    await expect(section(page, 'services')).toBeFocused({ timeout: 100 })
  }).toPass({ intervals: [0], timeout: 30_000 })
  await page.keyboard.press('Tab')
  expect(await section(page, 'services').evaluate((el) => el.contains(document.activeElement))).toBe(true)
})

test('a change of path starts the new page at the top', async ({ page }) => {
  await open(page, '/')
  await footerNav(page).scrollIntoViewIfNeeded()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await footerNav(page).getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL('/about')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('the Resources dropdown works by keyboard: Enter opens it, Escape closes it and returns focus', async ({ page }) => {
  await open(page, '/')
  const resources = mainNav(page).getByRole('button', { name: 'Resources' })
  await resources.focus()
  await expect(resources).toHaveAttribute('aria-expanded', 'false')
  await page.keyboard.press('Enter')
  await expect(resources).toHaveAttribute('aria-expanded', 'true')
  const gettingStarted = mainNav(page).getByRole('link', { name: 'Getting Started' })
  await expect(gettingStarted).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(gettingStarted).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(resources).toHaveAttribute('aria-expanded', 'false')
  await expect(gettingStarted).toBeHidden()
  await expect(resources).toBeFocused()
})

test('the Resources dropdown lists its links and closes on an outside click', async ({ page }) => {
  await open(page, '/')
  const resources = mainNav(page).getByRole('button', { name: 'Resources' })
  await resources.click()
  const nav = mainNav(page)
  await expect(nav.getByRole('link', { name: 'Getting Started' })).toHaveAttribute('href', '/resources')
  await expect(nav.getByRole('list', { name: 'Learning Center' }).getByRole('link')).toHaveText([
    /Tutorials/,
    /Case Studies/,
    /Pricing/,
  ])
  // A click on the page below the panel.
  await page.mouse.click(20, 650)
  await expect(resources).toHaveAttribute('aria-expanded', 'false')
})

test("the dropdown's 'Pricing' runs the FAQ scroll intent and closes the dropdown", async ({ page }) => {
  await open(page, '/about')
  await mainNav(page).getByRole('button', { name: 'Resources' }).click()
  await mainNav(page).getByRole('link', { name: 'Pricing' }).click()
  await expect(mainNav(page).getByRole('button', { name: 'Resources' })).toHaveAttribute('aria-expanded', 'false')
  await expect(page).toHaveURL('/')
  await advanceUntilInView(page, 'faq')
  await page.clock.runFor(FAQ_EXPAND_DELAY)
  await expect(firstFaqItem(page)).toHaveAttribute('aria-expanded', 'true')
})

test('the header and footer links lead where the spec says', async ({ page }) => {
  await open(page, '/resources')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kiwi Automate' })).toHaveAttribute('href', '/')
  await expect(mainNav(page).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about')
  await expect(footerNav(page).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about')
  await expect(footerNav(page).getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/resources')
  const consultation = footerNav(page).getByRole('link', { name: /1:1 Consultation/ })
  await expect(consultation).toHaveAttribute('target', '_blank')
  await expect(consultation).toHaveAttribute('rel', 'noopener')
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`)
  await expect(page.getByRole('contentinfo')).toContainText('Auckland, New Zealand')
})

test.describe('before the app runs, section links are plain links', () => {
  test("footer 'Pricing' pressed on /about: the load of /#faq scrolls to the FAQ and opens its first item, as the intent does", async ({ page }) => {
    await page.clock.install()
    const release = await holdAppScripts(page)
    await page.goto('/about')
    await footerNav(page).getByRole('link', { name: 'Pricing' }).click()
    await expect(page).toHaveURL('/#faq')
    await page.clock.pauseAt(Date.now() + 1000)
    await release()
    await expect(section(page, 'faq')).toBeInViewport()
    await expect(firstFaqItem(page)).toHaveAttribute('aria-expanded', 'false')
    // The intent starts once its machine has loaded, a moment after hydration: let the page's time pass in small
    // steps until it has run (short checks, a long limit: a loaded 2-core machine may take seconds to hydrate).
    await expect(async () => {
      await page.clock.runFor(SCROLL_DELAY)
      await expect(firstFaqItem(page)).toHaveAttribute('aria-expanded', 'true', { timeout: 100 })
    }).toPass({ intervals: [0], timeout: 30_000 })
    await expect(page.getByRole('region', { name: firstQuestion })).toBeVisible()
  })

  for (const [name, id] of [['Process', 'process'], ['Our Services', 'services']] as const) {
    test(`'${name}' pressed on /about: the load of /#${id} ends in that section, as its intent does`, async ({ page }) => {
      const release = await holdAppScripts(page)
      await page.goto('/about')
      await mainNav(page).getByRole('link', { name }).click()
      await expect(page).toHaveURL(`/#${id}`)
      await release()
      await expect(section(page, id)).toBeInViewport()
      // The intent takes keyboard users to the section, as it does after the app runs.
      await expect(section(page, id)).toBeFocused()
    })
  }
})
