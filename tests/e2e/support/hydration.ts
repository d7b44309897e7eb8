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

/**
 * Holds back the requests whose URL matches, as a slow connection would, until the returned `release` lets them
 * through. Call before the page asks for them.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Holds back the app's scripts, as a slow connection would: the page is its prerendered HTML with the
 * inline loader (src/boot/appLoader.ts) and nothing else, until the returned `release` lets them load.
 * Call before `page.goto`.
 */
export async function holdAppScripts(page: Page): Promise<() => Promise<void>> {
  const release = await holdRequests(page, '**/assets/*.js')
  return async () => {
    release()
    await waitForHydration(page)
  }
}
