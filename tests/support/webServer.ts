/** A Playwright web server for one build variant: tests/e2e/serve.ts builds it when needed and serves it. */
export const builtSiteServer = (env: Record<string, string>, origin: string) => ({
  command: 'npx tsx tests/e2e/serve.ts',
  url: `${origin}/robots.txt`,
  // Warnings and errors only: a request line per asset would bury the test report.
  env: { LOG_LEVEL: 'warn', ...env },
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
})
