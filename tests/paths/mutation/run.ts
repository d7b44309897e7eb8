/**
 * `npm run test:mutation [-- --mutate machines/x.ts]`: runs StrykerJS (stryker.config.mjs) and prints the
 * per-machine table from its JSON report. Fails when Stryker fails or a machine scores below the threshold.
 * A run of some machines only keeps its results apart, so the committed incremental file stays whole.
 */
import { spawnSync } from 'node:child_process'
import { mutationTable } from './table'

const args = process.argv.slice(2)
const partial = args.some((arg) => arg === '--mutate' || arg.startsWith('--mutate=') || arg === '-m')
const extra = partial && !args.includes('--incrementalFile') ? ['--incrementalFile', '.tmp/stryker-incremental.partial.json'] : []
const started = Date.now()
// The machine level runs its covering paths only (tests/paths/support/machineLevel.ts).
const env = { ...process.env, PATHS_COVERING_ONLY: '1' }
const stryker = spawnSync('npx', ['stryker', 'run', ...args, ...extra], { stdio: 'inherit', env })
const { table, below } = mutationTable()
console.log(`\n${table}\n\n(${Math.round((Date.now() - started) / 1000)} s)`)
if (below.length) console.error(`\nBelow the threshold:\n${below.map((line) => `  ${line}`).join('\n')}`)
process.exit(stryker.status === 0 && below.length === 0 ? 0 : 1)
