import type { Page } from '@playwright/test'

/**
 * Waits until React has hydrated the prerendered page. Before that, links are plain links (a click
 * on 'Pricing' would load /#faq the old way), so behaviour tests must not click too early.
 * React marks every hydrated element with its fiber; no hook in the production code is needed.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild
    return first != null && Object.keys(first).some((key) => key.startsWith('__reactFiber$'))
  })
}
