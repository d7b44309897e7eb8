import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, ensureChromium } from './tests/support/chromium'
import { E2E_ORIGIN, e2eEnv } from './tests/e2e/env'

const executablePath = ensureChromium()

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } } }],
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    url: `${E2E_ORIGIN}/robots.txt`,
    env: e2eEnv,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
