import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, ensureChromium } from './scripts/chromium'
import { builtSiteServer } from './tests/support/webServer'
import { E2E_ORIGIN, e2eEnv } from './tests/e2e/env'
import {
  fakeMediaArgs,
  VOICE_SCRIPTED_ORIGIN,
  VOICE_SDK_ORIGIN,
  voiceScriptedEnv,
  voiceSdkEnv,
} from './tests/e2e/support/voice/voiceEnv'

const executablePath = ensureChromium()

// The voice build variants have their own projects and servers (tests/e2e/support/voice/voiceEnv.ts).
const VOICE_SDK_SPECS = /voice-sdk\.spec\.ts$/
const VOICE_SCRIPTED_SPECS = /voice-scripted\.spec\.ts$/

/** Options of `playwright test` that take a value (so the value is not read as a file filter). */
const VALUED_OPTIONS = new Set(['--project', '--grep', '-g', '--grep-invert', '--workers', '-j', '--config', '-c', '--reporter', '--retries', '--timeout', '--repeat-each', '--shard', '--max-failures', '--output', '--trace'])

/**
 * Each variant is a separate build: start its server only when the run can include its spec file
 * (no file filter, or one that matches it, and no --project that leaves the variant out).
 */
function runMayInclude(project: string, specFile: string): boolean {
  const testAt = process.argv.indexOf('test')
  if (testAt < 0) return false // a worker process: servers are the main process's business
  const args = process.argv.slice(testAt + 1)
  const projects: string[] = []
  const filters: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length))
    else if (arg === '--project' && args[i + 1]) projects.push(args[++i]!)
    else if (VALUED_OPTIONS.has(arg)) i++
    else if (!arg.startsWith('-')) filters.push(arg.replace(/^\.\//, ''))
  }
  if (projects.length > 0 && !projects.includes(project)) return false
  const matches = (filter: string) => {
    if (specFile.includes(filter)) return true
    try {
      return new RegExp(filter).test(specFile)
    } catch {
      return false
    }
  }
  return filters.length === 0 || filters.some(matches)
}

const withSdk = runMayInclude('voice-sdk', 'tests/e2e/voice-sdk.spec.ts')
const withScripted = runMayInclude('voice-scripted', 'tests/e2e/voice-scripted.spec.ts')

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Generous: a 2-core machine builds three sites and runs two browsers at once.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_ORIGIN,
    // A trace records every action's snapshot and the screen as it goes, which costs a slow CI machine a tenth of
    // the run; CI's output is all anyone reads there, so it records none (a failure's call log is in the output).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The particle background animates a canvas without a GPU and would load two cores for nothing:
    // pages open with reduced motion, and the specs about motion (particles, smoke) ask for it.
    reducedMotion: 'reduce',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [VOICE_SDK_SPECS, VOICE_SCRIPTED_SPECS],
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: chromiumArgs } },
    },
    {
      name: 'voice-sdk',
      testMatch: VOICE_SDK_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: VOICE_SDK_ORIGIN, launchOptions: { executablePath, args: [...chromiumArgs, ...fakeMediaArgs] } },
    },
    {
      name: 'voice-scripted',
      testMatch: VOICE_SCRIPTED_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: VOICE_SCRIPTED_ORIGIN, launchOptions: { executablePath, args: [...chromiumArgs, ...fakeMediaArgs] } },
    },
  ],
  webServer: [
    builtSiteServer(e2eEnv, E2E_ORIGIN),
    ...(withSdk ? [builtSiteServer(voiceSdkEnv, VOICE_SDK_ORIGIN)] : []),
    ...(withScripted ? [builtSiteServer(voiceScriptedEnv, VOICE_SCRIPTED_ORIGIN)] : []),
  ],
})
