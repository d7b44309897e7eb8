/**
 * The per-machine mutation table, from Stryker's JSON report (reports/mutation/mutation.json): how many
 * mutants of each machine file the machine-level path tests noticed. Timeouts count as killed (the broken
 * machine hung a path), as in Stryker's own score; ignored mutants (tests/paths/equivalent-mutants.md) are
 * not counted.
 */
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'

interface Mutant {
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending'
  mutatorName: string
  replacement?: string
  location: { start: { line: number; column: number } }
}

/** As stryker.config.mjs sets them: its JSON report, and `thresholds.break`, here per machine. */
const reportFile = join(import.meta.dirname, '../../../reports/mutation/mutation.json')
export const BREAK_BELOW = 90
/**
 * Machines still below the goal, held at the score they have (a ratchet: raise it as survivors are killed
 * or listed in tests/paths/equivalent-mutants.md, and drop the entry at 90).
 */
const FLOORS: Record<string, number> = {}

export function mutationTable(file = reportFile): { table: string; below: string[] } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, { mutants: Mutant[] }> }
  const rows = [['machine', 'mutants', 'killed', 'survived', 'ignored', 'score']]
  const below: string[] = []
  const survivors: string[] = []
  for (const [path, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const count = (...statuses: Mutant['status'][]) => mutants.filter((m) => statuses.includes(m.status)).length
    const killed = count('Killed', 'Timeout')
    const survived = count('Survived', 'NoCoverage')
    const valid = killed + survived
    const score = valid ? (100 * killed) / valid : 100
    const machine = basename(path, '.ts')
    rows.push([machine, String(valid), String(killed), String(survived), String(count('Ignored')), `${score.toFixed(1)} %`])
    const floor = FLOORS[machine] ?? BREAK_BELOW
    if (score < floor) below.push(`${machine}: ${score.toFixed(1)} % < ${floor} %`)
    for (const m of mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')) {
      survivors.push(`${path}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} → ${JSON.stringify(m.replacement ?? '').slice(0, 70)}`)
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  const table = [
    'Mutation score of the machines (machine-level path tests)',
    '',
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
    ...(survivors.length ? ['', 'Survivors (kill them with a sharper check, or list them in tests/paths/equivalent-mutants.md):', ...survivors.map((s) => `  ${s}`)] : []),
  ].join('\n')
  return { table, below }
}
