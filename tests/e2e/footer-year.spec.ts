/** The copyright year is the visitor's current year (docs/design.md#constants), not the year the site was built. */
import { expect, test } from '@playwright/test'
import { waitForHydration } from './support/hydration'
import { collectPageProblems } from './support/pageProblems'

const copyright = (year: number) => new RegExp(`^© ${year} Kiwi Automate Ltd\\. All rights reserved\\.$`)

test("the footer shows the visitor's year after hydration, without a hydration error", async ({ page }) => {
  const problems = collectPageProblems(page)

  // The prerendered page carries the build's year (this run's); the visitor's clock says a later one.
  const buildYear = new Date().getFullYear()
  const laterYear = buildYear + 5
  const html = await (await page.request.get('/about')).text()
  expect(html).toContain(`© <!-- -->${buildYear}<!-- --> <!-- -->Kiwi Automate Ltd`)
  await page.clock.install({ time: new Date(`${laterYear}-03-01T09:00:00`) })

  await page.goto('/about')
  await waitForHydration(page)
  await expect(page.getByRole('contentinfo').getByText(copyright(laterYear))).toBeVisible()
  // Also after moving to another page of the app.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Resources' }).click()
  await expect(page).toHaveURL(/\/resources$/)
  await expect(page.getByRole('contentinfo').getByText(copyright(laterYear))).toBeVisible()
  expect(problems).toEqual([])
})

test("in the build's own year the text is what was prerendered", async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('contentinfo').getByText(copyright(new Date().getFullYear()))).toBeVisible()
})
