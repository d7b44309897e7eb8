import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The house's dependency rule (docs/design.md#layers), as `npm run lint` enforces it: a violation is an error. */
const eslint = new ESLint({ cwd: process.cwd() })

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('no-restricted')).map((m) => m.ruleId as string)
}

describe('dependencies point down only: core ← machines ← src, core ← server', () => {
  it.each([
    ['core/x.ts', "import { a } from '../machines/bookingForm'\nexport const b = a"],
    ['core/x.ts', "import { a } from '../src/lib/time/format'\nexport const b = a"],
    ['core/x.ts', "import { a } from '../server/config'\nexport const b = a"],
    ['core/x.ts', "import { readFileSync } from 'node:fs'\nexport const b = readFileSync"],
    ['core/x.ts', 'export const b = () => document.title'],
    ['machines/x.ts', "import { a } from '../src/lib/dom/focus'\nexport const b = a"],
    ['machines/x.ts', "import { useState } from 'react'\nexport const b = useState"],
    ['machines/x.ts', "export const b = () => localStorage.getItem('k')"],
    ['machines/x.ts', "export type Focus = typeof import('../src/lib/dom/focus')"],
    ['src/lib/x.ts', "import { a } from '../../server/config'\nexport const b = a"],
    ['src/lib/x.ts', "import { a } from '../../tests/support/webServer'\nexport const b = a"],
    ['server/x.ts', "import { a } from '../src/lib/bookingWire'\nexport const b = a"],
    ['server/http/api/x.ts', "import { a } from '../../../machines/bookingForm'\nexport const b = a"],
    ['server/x.ts', "export type Render = typeof import('../src/entry-server')"],
    ['scripts/x.ts', "import { a } from '../tests/support/webServer'\nexport const b = a"],
    ['vite.config.ts', "import { a } from './tests/e2e/support/voice-fake/fakeVapi'\nexport const b = a"],
    ['vite.config.ts', "export type Fake = typeof import('./tests/e2e/support/voice-fake/fakeVapi')"],
  ])('%s may not: %s', async (file, code) => {
    expect(await problems(file, code)).not.toEqual([])
  })

  it.each([
    ['machines/x.ts', "import { a } from '../core/slotWindow'\nexport const b = a"],
    ['src/lib/x.ts', "import { a } from '../../machines/bookingForm'\nimport { c } from '../../core/settings'\nexport const b = [a, c]"],
    ['server/x.ts', "import { a } from '../core/bookingWire'\nexport const b = a"],
    ['server/x.ts', "export type Render = typeof import('../core/renderContract')"],
    ['core/x.ts', "import * as v from 'valibot'\nimport { a } from './settings'\nexport const b = [v, a]"],
    // The test runners' configs are part of the tests.
    ['playwright.config.ts', "import { a } from './tests/e2e/env'\nexport const b = a"],
  ])('%s may: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([])
  })
})
