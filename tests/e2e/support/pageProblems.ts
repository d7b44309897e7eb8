import type { Page } from '@playwright/test'

/**
 * Collects the page's console errors and uncaught exceptions (React's hydration errors among them) from
 * now on. The test build points the external script at a path that does not exist (tests/e2e/env.ts):
 * its failed load is not a problem.
 */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (msg) => {
    const about = `${msg.text()} ${msg.location().url}`
    if (msg.type() === 'error' && !about.includes('external-script')) problems.push(about)
  })
  page.on('pageerror', (err) => problems.push(err.message))
  return problems
}
