/**
 * Results of the path tests. Every path that passes writes what it walked into
 * .tmp/path-coverage/<level>/<machine>/; `npm run test:paths` adds them up per machine and level
 * (tests/paths/support/printCoverage.ts). One file per path, because Playwright runs paths in
 * several worker processes.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Walked } from './machineModel'

export const reportDir = join(import.meta.dirname, '../../../.tmp/path-coverage')

export type PathLevel = 'machine' | 'ui'

export interface PathResult extends Walked {
  machine: string
  level: PathLevel
  title: string
}

export function writePathResult(result: PathResult): void {
  const dir = join(reportDir, result.level, result.machine)
  mkdirSync(dir, { recursive: true })
  const id = createHash('sha1').update(result.title).digest('hex').slice(0, 12)
  writeFileSync(join(dir, `${id}.json`), JSON.stringify(result))
}

export function clearPathResults(level: PathLevel): void {
  rmSync(join(reportDir, level), { recursive: true, force: true })
}

export function readPathResults(): PathResult[] {
  const results: PathResult[] = []
  for (const level of ['machine', 'ui'] as const) {
    let machines: string[] = []
    try {
      machines = readdirSync(join(reportDir, level))
    } catch {
      continue
    }
    for (const machine of machines) {
      for (const file of readdirSync(join(reportDir, level, machine))) {
        results.push(JSON.parse(readFileSync(join(reportDir, level, machine, file), 'utf8')) as PathResult)
      }
    }
  }
  return results
}
