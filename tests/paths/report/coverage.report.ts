import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { coverageTable, findMachines } from '../support/coverageTable'
import { coveragePage, mutationScores } from '../support/picture'
import { readPathResults, readExemption, type PathLevel } from '../support/report'

// PATH_LEVELS=machine checks the machine level alone (`npm run test:paths -- machine`).
const levels = (process.env.PATH_LEVELS || 'machine,ui,first-touch').split(',') as PathLevel[]
const root = join(import.meta.dirname, '../../..')

it('walks every state and every transition of every machine', async () => {
  const { table, gaps } = await coverageTable(levels)
  console.log(`\n${table}\n`)
  expect(gaps, `Below 100%:\n${gaps.join('\n')}`).toEqual([])
})

it('draws the coverage of every machine', { timeout: 120_000 }, async () => {
  const results = readPathResults()
  const scores = mutationScores(join(root, 'reports/mutation/mutation.json'))
  const machines = (await findMachines()).map(({ name, machine }) => ({
    name,
    machine,
    results: results.filter((r) => r.machine === name),
    // A level a machine is exempt from (and says why in the table) is not marked on its drawing.
    levels: levels.filter((level) => readExemption(level, name) === undefined),
    mutationScore: scores.get(name),
  }))
  mkdirSync(join(root, 'reports/paths'), { recursive: true })
  writeFileSync(join(root, 'reports/paths/index.html'), await coveragePage(machines))
  console.log('The picture: reports/paths/index.html')
})
