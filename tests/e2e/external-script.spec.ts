import { expect, test, type Page } from '@playwright/test'
import { waitForHydration } from './support/hydration'

/** Counts the requests for the external script bundle (VITE_EXTERNAL_SCRIPT_URL of the e2e build). */
async function countExternalScript(page: Page) {
  const requests: string[] = []
  await page.route('**/__e2e/external-script.js', async (route) => {
    requests.push(route.request().url())
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__externalScriptRuns = (window.__externalScriptRuns || 0) + 1' })
  })
  return requests
}

const runs = (page: Page) => page.evaluate(() => (window as { __externalScriptRuns?: number }).__externalScriptRuns ?? 0)

test('the external script is loaded, async, on /', async ({ page }) => {
  const requests = await countExternalScript(page)
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => requests.length).toBe(1)
  await expect.poll(() => runs(page)).toBe(1)
})

test('the external script is not loaded on /faqs', async ({ page }) => {
  const requests = await countExternalScript(page)
  await page.goto('/faqs')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  expect(requests).toEqual([])
})

test('the external script loads once, however the visitor moves between pages', async ({ page }) => {
  const requests = await countExternalScript(page)
  await page.goto('/')
  await waitForHydration(page)
  await expect.poll(() => requests.length).toBe(1)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL('/about')
  await page.getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'FAQs' }).click()
  await expect(page).toHaveURL('/faqs')
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL('/about')
  await page.waitForLoadState('networkidle')
  expect(requests).toHaveLength(1)
  expect(await runs(page)).toBe(1)
})

test('a first visit to /faqs loads it only once the visitor reaches a main-layout page', async ({ page }) => {
  const requests = await countExternalScript(page)
  await page.goto('/faqs')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  expect(requests).toHaveLength(0)
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page).toHaveURL('/')
  await expect.poll(() => requests.length).toBe(1)
})
