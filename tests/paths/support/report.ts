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

/** `first-touch`: the UI paths with their first event taken before the app runs (tests/paths/support/uiLevel.ts). */
export type PathLevel = 'machine' | 'ui' | 'first-touch'

export const PATH_LEVELS: ReadonlyArray<PathLevel> = ['machine', 'ui', 'first-touch']

/** A level as the coverage table names it. */
export const levelLabel = (level: PathLevel) => (level === 'first-touch' ? 'ui, first touch' : level)

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

/** A machine whose first events cannot come before the app runs, and why (the table shows it instead of a gap). */
export interface PathLevelExemption {
  machine: string
  level: PathLevel
  exempt: string
}

const exemptionFile = (level: PathLevel, machine: string) => join(reportDir, level, machine, 'exempt.txt')

export function writeExemption({ machine, level, exempt }: PathLevelExemption): void {
  mkdirSync(join(reportDir, level, machine), { recursive: true })
  writeFileSync(exemptionFile(level, machine), exempt)
}

export function readExemption(level: PathLevel, machine: string): string | undefined {
  try {
    return readFileSync(exemptionFile(level, machine), 'utf8')
  } catch {
    return undefined
  }
}

export function clearPathResults(level: PathLevel): void {
  rmSync(join(reportDir, level), { recursive: true, force: true })
}

export function readPathResults(): PathResult[] {
  const results: PathResult[] = []
  for (const level of PATH_LEVELS) {
    let machines: string[] = []
    try {
      machines = readdirSync(join(reportDir, level))
    } catch {
      continue
    }
    for (const machine of machines) {
      for (const file of readdirSync(join(reportDir, level, machine)).filter((f) => f.endsWith('.json'))) {
        results.push(JSON.parse(readFileSync(join(reportDir, level, machine, file), 'utf8')) as PathResult)
      }
    }
  }
  return results
}
