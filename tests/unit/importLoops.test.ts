import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

/** The loop and direction rules of `npm run lint` (.dependency-cruiser.mjs, docs/design.md#server), run on a small server/ of its own. */
const run = promisify(execFile)
const depcruise = resolve('node_modules/.bin/depcruise')
const config = resolve('.dependency-cruiser.mjs')
const dirs: string[] = []

async function lintServer(files: Record<string, string>, root: 'server' | 'src' = 'server'): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'import-loops-'))
  dirs.push(dir)
  await mkdir(join(dir, root))
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }))
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, root, name)), { recursive: true })
    await writeFile(join(dir, root, name), text)
  }
  try {
    const { stdout } = await run(depcruise, [root, '--config', config], { cwd: dir })
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string }
    return { code: failed.code, output: failed.stdout }
  }
}

afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

describe('server/ imports in one direction only', () => {
  it('fails on a loop, even one closed by a type import', async () => {
    const { code, output } = await lintServer({
      'scheduler/scheduler.ts': "import { builtIn } from './builtIn'\nexport interface Scheduler { name: string }\nexport const chosen = builtIn",
      'scheduler/builtIn.ts': "import type { Scheduler } from './scheduler'\nexport const builtIn: Scheduler = { name: 'built-in' }",
    })
    expect(code).not.toBe(0)
    expect(output).toContain('no-import-loop-in-server')
  })

  it('passes a tree: the interface, the implementation and the chooser in their own modules', async () => {
    const { code } = await lintServer({
      'scheduler/scheduler.ts': 'export interface Scheduler { name: string }',
      'scheduler/builtIn.ts': "import type { Scheduler } from './scheduler'\nexport const builtIn: Scheduler = { name: 'built-in' }",
      'scheduler/chooseScheduler.ts': "import { builtIn } from './builtIn'\nexport const chosen = builtIn",
    })
    expect(code).toBe(0)
  })
})

describe("server/'s folders in one direction", () => {
  it.each([
    ['the store importing the routes', 'db/store.ts', "import { app } from '../http/app'\nexport const store = app", 'server-one-way-db'],
    ['the scheduler importing a type of the routes', 'scheduler/builtIn.ts', "import type { Body } from '../http/body'\nexport type Answer = Body", 'server-one-way-scheduler'],
    ['config importing a parser of calendar/', 'config.ts', "import { parse } from './calendar/parse'\nexport const config = parse", 'server-one-way-config'],
  ])('fails on an upward import: %s', async (_, name, text, rule) => {
    const { code, output } = await lintServer({
      [name]: text,
      'http/app.ts': 'export const app = 1',
      'http/body.ts': 'export interface Body { json: string }',
      'calendar/parse.ts': 'export const parse = 1',
    })
    expect(code).not.toBe(0)
    expect(output).toContain(rule)
  })

  it('passes the same arrows downward, and fails a folder that has no place in the layers', async () => {
    const down = await lintServer({
      'http/app.ts': "import { store } from '../db/store'\nexport const app = store",
      'db/store.ts': "import { parse } from '../settings/parse'\nexport const store = parse",
      'settings/parse.ts': 'export const parse = 1',
    })
    expect(down.code).toBe(0)
    const stray = await lintServer({ 'extras/thing.ts': "import { parse } from '../settings/parse'\nexport const thing = parse", 'settings/parse.ts': 'export const parse = 1' })
    expect(stray.code).not.toBe(0)
    expect(stray.output).toContain('server-module-outside-the-layers')
  })
})

describe("src/'s folders in one direction (docs/design.md#site)", () => {
  const lintSite = (files: Record<string, string>) => lintServer(files, 'src')
  it.each([
    ['a helper of src/lib/ importing the loader', 'lib/api/calendarApi.ts', "import { load } from '../../boot/loader'\nexport const api = load", 'site-one-way-lib'],
    ['the loader importing a view', 'boot/loader.ts', "import { View } from '../components/View'\nexport const load = View", 'site-one-way-boot'],
    ['an effect of src/logic/ importing a view', 'logic/form.ts', "import { View } from '../components/View'\nexport const form = View", 'site-one-way-logic'],
    ['a view importing a route', 'components/View.tsx', "import { Route } from '../routes/index'\nexport const View = Route", 'site-one-way-components'],
    ['the copy importing a helper', 'content/words.ts', "import { api } from '../lib/api/calendarApi'\nexport const words = api", 'site-one-way-config'],
  ])('fails on an upward import: %s', async (_, name, text, rule) => {
    const { code, output } = await lintSite({
      'boot/loader.ts': 'export const load = 1',
      'components/View.tsx': 'export const View = 1',
      'routes/index.tsx': 'export const Route = 1',
      'lib/api/calendarApi.ts': 'export const api = 1',
      [name]: text,
    })
    expect(code).not.toBe(0)
    expect(output).toContain(rule)
  })

  it('passes the same arrows downward, and fails a folder that has no place in the layers', async () => {
    const down = await lintSite({
      'routes/index.tsx': "import { View } from '../components/View'\nexport const Route = View",
      'components/View.tsx': "import { load } from '../boot/loader'\nimport { words } from '../content/words'\nexport const View = [load, words]",
      'boot/loader.ts': "import { api } from '../lib/api/calendarApi'\nexport const load = api",
      'lib/api/calendarApi.ts': "import { words } from '../../content/words'\nexport const api = words",
      'content/words.ts': 'export const words = 1',
    })
    expect(down.code).toBe(0)
    const stray = await lintSite({ 'helpers/thing.ts': "import { words } from '../content/words'\nexport const thing = words", 'content/words.ts': 'export const words = 1' })
    expect(stray.code).not.toBe(0)
    expect(stray.output).toContain('site-module-outside-the-layers')
  })

  it("allows the form's loader to name the form, and nothing else to, nor the loader anything else above it", async () => {
    const form = { 'components/booking/BookingForm.tsx': 'export const Form = 1', 'components/View.tsx': 'export const View = 1' }
    const loader = (target: string) => `export const load = () => import('../${target}')`
    const named = await lintSite({ ...form, 'boot/loadBookingForm.ts': loader('components/booking/BookingForm') })
    expect(named.code).toBe(0)
    const otherTarget = await lintSite({ ...form, 'boot/loadBookingForm.ts': loader('components/View') })
    expect(otherTarget.code).not.toBe(0)
    expect(otherTarget.output).toContain('site-one-way-boot-but-BookingForm')
    const otherSource = await lintSite({ ...form, 'boot/loader.ts': loader('components/booking/BookingForm') })
    expect(otherSource.code).not.toBe(0)
    expect(otherSource.output).toContain('site-one-way-boot')
  })
})
