import { test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'

const routes = [
  '/',
  '/use-cases',
  '/resources',
  '/resources?q=nothing-matches-this',
  '/about',
  '/services/sms',
  '/services/email',
  '/services/automation',
  '/docs',
  '/sms-info',
  '/articles/more-time-on-moneymaking-operations',
  '/articles/mass-marketing-doesnt-work',
  '/articles/build-a-personalized-ai-chatbot',
  '/articles/perfect-client',
  '/faqs',
]

for (const width of [390, 1280]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } })
    for (const route of routes) {
      test(`${route} has no WCAG 2.1 AA violation`, async ({ page }) => {
        await page.goto(route)
        await page.waitForLoadState('networkidle')
        await expectNoAxeViolations(page)
      })
    }
  })
}
