import { expect, test, type Page } from '@playwright/test'
import { allFaqs } from '../../src/content/allFaqs'
import { pricingFaqs } from '../../src/content/faqs'
import { holdRequests, waitForHydration } from './support/hydration'

const item = (page: Page, question: string) => page.getByRole('button', { name: question })
const answer = (page: Page, question: string) => page.getByRole('region', { name: question })

for (const [path, items] of [
  ['/faqs', allFaqs],
  ['/', pricingFaqs],
] as const) {
  test(`the FAQ on ${path} keeps at most one item open, and a click on the open item closes it`, async ({ page }) => {
    const [first, second] = [items[0]!.question, items[1]!.question]
    await page.goto(path)
    await waitForHydration(page)
    await expect(item(page, first)).toHaveAttribute('aria-expanded', 'false')
    await expect(answer(page, first)).toBeHidden()

    await item(page, first).click()
    await expect(item(page, first)).toHaveAttribute('aria-expanded', 'true')
    await expect(answer(page, first)).toBeVisible()
    await expect(answer(page, first)).toContainText(items[0]!.answer)

    await item(page, second).click()
    await expect(item(page, second)).toHaveAttribute('aria-expanded', 'true')
    await expect(item(page, first)).toHaveAttribute('aria-expanded', 'false')
    await expect(answer(page, first)).toBeHidden()
    await expect(page.getByRole('button', { expanded: true })).toHaveCount(1)

    await item(page, second).click()
    await expect(item(page, second)).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('button', { expanded: true })).toHaveCount(0)
  })
}

test('the FAQ works by keyboard', async ({ page }) => {
  const first = allFaqs[0]!.question
  await page.goto('/faqs')
  await waitForHydration(page)
  await item(page, first).focus()
  await page.keyboard.press('Enter')
  await expect(item(page, first)).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Space')
  await expect(item(page, first)).toHaveAttribute('aria-expanded', 'false')
})

test('a question pressed before the app has run opens once the app runs', async ({ page }) => {
  const first = allFaqs[0]!.question
  // Hold the app's code back, as a slow connection would, until the question has been pressed.
  const release = await holdRequests(page, /\/assets\/app-[\w-]+\.js$/)
  await page.goto('/faqs')
  await item(page, first).click()
  await expect(item(page, first)).toHaveAttribute('aria-expanded', 'false')

  release()
  await expect(item(page, first)).toHaveAttribute('aria-expanded', 'true')
  await expect(answer(page, first)).toContainText(allFaqs[0]!.answer)
})
