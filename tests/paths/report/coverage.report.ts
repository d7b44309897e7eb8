import { expect, it } from 'vitest'
import { coverageTable } from '../support/coverageTable'
import type { PathLevel } from '../support/report'

// PATH_LEVELS=machine checks the machine level alone (`npm run test:paths -- machine`).
const levels = (process.env.PATH_LEVELS || 'machine,ui,first-touch').split(',') as PathLevel[]

it('walks every state and every transition of every machine', async () => {
  const { table, gaps } = await coverageTable(levels)
  console.log(`\n${table}\n`)
  expect(gaps, `Below 100%:\n${gaps.join('\n')}`).toEqual([])
})
