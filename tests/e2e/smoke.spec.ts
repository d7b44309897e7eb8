import { expect, test } from '@playwright/test'
import { waitForHydration } from './support/hydration'

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

for (const path of ['/', '/about', '/faqs', '/services/email']) {
  test(`${path} asks for its own route's files with the app's, before the app has run`, async ({ page }) => {
    const requested: string[] = []
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The app's entry is held: what is asked for meanwhile, the loader asked for, not the app's router.
    await page.route('**/assets/*.js', async (route) => {
      const file = new URL(route.request().url()).pathname
      requested.push(file)
      if (/^\/assets\/app-[\w-]+\.js$/.test(file)) await held
      await route.continue()
    })
    await page.goto(path)
    const routeFiles = ((await page.locator('meta[name="app-route-files"]').getAttribute('content')) ?? '').split(' ').filter(Boolean)
    expect(routeFiles.length).toBeGreaterThan(0)
    await expect.poll(() => routeFiles.filter((file) => !requested.includes(file))).toEqual([])
    release()
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
}
