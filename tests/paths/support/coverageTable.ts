/**
 * The path-coverage table of `npm run test:paths`: per machine in machines/ and per level, the paths
 * that passed and the states and transitions they walked (docs/design.md#path-tests). Run under vitest (see
 * tests/paths/report/coverage.report.ts), since machines may read Vite's import.meta.env.
 */
import { readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { machineStates, machineTransitions } from './machineModel'
import { levelLabel, readExemption, readPathResults, type PathLevel } from './report'

const machinesDir = join(import.meta.dirname, '../../../machines')

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'getTransitionData' in value

/** Every machine exported from machines/, named as the report names it (its file's name). */
export async function findMachines(): Promise<Array<{ name: string; machine: AnyStateMachine }>> {
  const machines: Array<{ name: string; machine: AnyStateMachine }> = []
  for (const file of readdirSync(machinesDir).filter((f) => f.endsWith('.ts')).sort()) {
    const mod = (await import(pathToFileURL(join(machinesDir, file)).href)) as Record<string, unknown>
    const found = Object.values(mod).filter(isMachine)
    for (const machine of found) machines.push({ name: found.length === 1 ? basename(file, '.ts') : `${basename(file, '.ts')}.${machine.id}`, machine })
  }
  return machines
}

export async function coverageTable(levels: PathLevel[]): Promise<{ table: string; gaps: string[] }> {
const machines = await findMachines()

const results = readPathResults()
const rows: string[][] = [['machine', 'level', 'paths', 'states', 'transitions', 'guards']]
const gaps: string[] = []
const exemptions: string[] = []
for (const { name, machine } of machines) {
  const allStates = machineStates(machine)
  const allTransitions = machineTransitions(machine)
  for (const level of levels) {
    const exempt = readExemption(level, name)
    if (exempt !== undefined) {
      rows.push([name, levelLabel(level), '—', '—', '—', '—'])
      exemptions.push(`${name} (${levelLabel(level)}): ${exempt}`)
      continue
    }
    const mine = results.filter((r) => r.machine === name && r.level === level)
    // A level's results name what it must walk: the whole machine, or (first touch) what the first events walk, over
    // every run of the machine (the voice widget's two builds have first events of their own).
    const levelStates = mine.length ? [...new Set(mine.flatMap((r) => r.allStates))] : allStates
    const levelTransitions = [...new Set(mine.flatMap((r) => r.allTransitions))]
    const states = new Set(mine.flatMap((r) => r.states))
    const transitions = new Set(mine.flatMap((r) => r.transitions))
    const transitionTotal = mine.length ? levelTransitions.length : allTransitions.length
    // Both outcomes of every guard, at the machine level: only there are the events a guard refuses sent.
    const guardsChecked = level === 'machine'
    const allGuards = mine[0]?.allGuards ?? []
    const guards = new Set(mine.flatMap((r) => r.guards ?? []))
    const missingGuards = guardsChecked ? allGuards.filter((g) => !guards.has(g)) : []
    rows.push([
      name,
      levelLabel(level),
      String(mine.length),
      `${states.size}/${levelStates.length}`,
      `${transitions.size}/${transitionTotal}`,
      guardsChecked ? `${guards.size}/${allGuards.length}` : '—',
    ])
    if (states.size < levelStates.length || transitions.size < transitionTotal || missingGuards.length) {
      const missingStates = levelStates.filter((s) => !states.has(s))
      const missingTransitions = levelTransitions.filter((t) => !transitions.has(t))
      gaps.push(
        `${name} (${levelLabel(level)}): ${mine.length === 0 ? 'no path ran' : ''}` +
          (missingStates.length ? `\n    states not reached: ${missingStates.join(', ')}` : '') +
          (missingTransitions.length ? `\n    transitions not taken: ${missingTransitions.join(', ')}` : '') +
          (missingGuards.length ? `\n    guard outcomes not walked: ${missingGuards.join(', ')}` : ''),
      )
    }
  }
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
const line = (r: string[]) => r.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
const table = [
  `Path coverage (${levels.map(levelLabel).join(' and ')} level)`,
  '',
  line(rows[0]!),
  widths.map((w) => '-'.repeat(w)).join('  '),
  ...rows.slice(1).map(line),
  ...(exemptions.length ? ['', 'Not run at that level, and why:', ...exemptions.map((e) => `  ${e}`)] : []),
].join('\n')
return { table, gaps }
}
