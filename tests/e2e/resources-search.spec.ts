import { expect, test } from '@playwright/test'
import { holdAppScripts, waitForHydration } from './support/hydration'
import { collectPageProblems } from './support/pageProblems'
import { typeInto } from '../support/typing'

const results = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Search results' }).getByRole('article')

test('typing filters the articles by title, description and category', async ({ page }) => {
  await page.goto('/resources')
  await waitForHydration(page)
  const box = page.getByRole('searchbox', { name: 'Search articles' })
  await typeInto(box, 'chatbot')
  await expect(page).toHaveURL(/\/resources\?q=chatbot$/)
  await expect(results(page)).toHaveCount(1)
  await expect(results(page).getByRole('link')).toHaveText('Build a Personalised AI Chatbot for Your Business')
  await expect(page.getByRole('status').filter({ hasText: '1 article matches “chatbot”.' })).toBeAttached()

  // A category matches too.
  await typeInto(box, 'case studies')
  await expect(results(page)).toHaveCount(1)
  await expect(results(page).getByRole('link')).toHaveText('How to Find and Keep Your Perfect Client')

  // Typed key by key, the box keeps every character.
  await typeInto(box, '')
  await expect(page.getByRole('region', { name: 'All articles' }).getByRole('article')).toHaveCount(4)
  await box.pressSequentially('marketing', { delay: 30 })
  await expect(box).toHaveValue('marketing')
  await expect(page).toHaveURL(/\?q=marketing$/)
  await expect(results(page).getByRole('link')).toHaveText(["Why Mass Marketing Doesn't Work Anymore"])
})

test('no match shows a clear message, and Clear search brings every article back', async ({ page }) => {
  await page.goto('/resources')
  await waitForHydration(page)
  await typeInto(page.getByRole('searchbox', { name: 'Search articles' }), 'blockchain')
  await expect(page.getByText('No articles match your search.')).toBeVisible()
  await expect(results(page)).toHaveCount(0)
  await expect(page.getByRole('status').filter({ hasText: 'No articles match “blockchain”.' })).toBeAttached()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page).toHaveURL(/\/resources$/)
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('')
  await expect(page.getByRole('region', { name: 'All articles' }).getByRole('article')).toHaveCount(4)
})

test('the query survives a reload and a shared link, without hydration errors', async ({ page }) => {
  const problems = collectPageProblems(page)

  await page.goto('/resources')
  await waitForHydration(page)
  await typeInto(page.getByRole('searchbox', { name: 'Search articles' }), 'marketing')
  await expect(results(page)).toHaveCount(1)
  await page.reload()
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('marketing')
  await expect(results(page)).toHaveCount(1)

  await page.goto('/resources?q=automation')
  await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('automation')
  await expect(results(page).first()).toBeVisible()
  expect(problems).toEqual([])
})

test('text typed before the app runs is kept and filters once it does', async ({ page }) => {
  const release = await holdAppScripts(page)
  await page.goto('/resources')
  const box = page.getByRole('searchbox', { name: 'Search articles' })
  await box.pressSequentially('chatbot')
  await release()
  await expect(box).toHaveValue('chatbot')
  await expect(page).toHaveURL(/\/resources\?q=chatbot$/)
  await expect(results(page).getByRole('link')).toHaveText('Build a Personalised AI Chatbot for Your Business')
})
