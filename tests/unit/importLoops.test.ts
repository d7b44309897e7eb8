import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

/** The loop rule of `npm run lint` (.dependency-cruiser.mjs, docs/design.md#server), run on a small server/ of its own. */
const run = promisify(execFile)
const depcruise = resolve('node_modules/.bin/depcruise')
const config = resolve('.dependency-cruiser.mjs')
const dirs: string[] = []

async function lintServer(files: Record<string, string>): Promise<{ code: number; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'import-loops-'))
  dirs.push(dir)
  await mkdir(join(dir, 'server'))
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }))
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, 'server', name), text)
  try {
    const { stdout } = await run(depcruise, ['server', '--config', config], { cwd: dir })
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
      'scheduler.ts': "import { builtIn } from './builtIn'\nexport interface Scheduler { name: string }\nexport const chosen = builtIn",
      'builtIn.ts': "import type { Scheduler } from './scheduler'\nexport const builtIn: Scheduler = { name: 'built-in' }",
    })
    expect(code).not.toBe(0)
    expect(output).toContain('no-import-loop-in-server')
  })

  it('passes a tree: the interface, the implementation and the chooser in their own modules', async () => {
    const { code } = await lintServer({
      'scheduler.ts': 'export interface Scheduler { name: string }',
      'builtIn.ts': "import type { Scheduler } from './scheduler'\nexport const builtIn: Scheduler = { name: 'built-in' }",
      'chooseScheduler.ts': "import { builtIn } from './builtIn'\nexport const chosen = builtIn",
    })
    expect(code).toBe(0)
  })
})
