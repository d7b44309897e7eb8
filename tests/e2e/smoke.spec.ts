import { expect, test } from '@playwright/test'

// A visitor who allows motion: the particle background loads too, and must not warn either.
test.use({ reducedMotion: 'no-preference' })

test('the home page hydrates its prerendered HTML without warnings', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.text()} ${msg.location().url}`)
  })
  page.on('pageerror', (err) => problems.push(err.message))
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Building Automations to 10X Business' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(problems.filter((p) => !p.includes('external-script'))).toEqual([])
})

test('an unknown path answers 404 with the error view', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
  await expect(page.getByText('404 Not Found: no page matches "/no-such-page"', { exact: true })).toBeVisible()
})
