import { defineConfig, devices } from '@playwright/test'
import { E2E_ORIGIN, e2eEnv } from './tests/e2e/env'
import { fakeMediaArgs, VOICE_SCRIPTED_ORIGIN, voiceScriptedEnv } from './tests/e2e/support/voice/voiceEnv'
import { chromiumArgs, ensureChromium } from './scripts/chromium'
import { builtSiteServer } from './tests/support/webServer'

/**
 * The UI level of the path tests (`npm run test:paths`): paths generated from the machines, carried
 * out on the built site. The voice widget's paths (the call and the text conversation) run on the build with the scripted voice client.
 */
const executablePath = ensureChromium()
const VOICE_PATHS = /(voiceCall|textChat)\.paths\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/paths/ui',
  testMatch: /\.paths\.spec\.ts$/,
  outputDir: '.tmp/test-results-paths',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // A path is a whole visit, typed key by key: the longest walk a dozen steps of the form, over a minute on a slow
  // 2-core host running two browsers.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  // Reduced motion unless a spec asks for motion (the particle background), as in playwright.config.ts.
  use: { baseURL: E2E_ORIGIN, trace: process.env.CI ? 'off' : 'retain-on-failure', reducedMotion: 'reduce' },
  projects: [
    {
      name: 'paths',
      testIgnore: VOICE_PATHS,
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } },
    },
    {
      name: 'paths-voice',
      testMatch: VOICE_PATHS,
      use: { ...devices['Desktop Chrome'], baseURL: VOICE_SCRIPTED_ORIGIN, launchOptions: { executablePath, args: [...chromiumArgs, ...fakeMediaArgs] } },
    },
  ],
  webServer: [builtSiteServer(e2eEnv, E2E_ORIGIN), builtSiteServer(voiceScriptedEnv, VOICE_SCRIPTED_ORIGIN)],
})
