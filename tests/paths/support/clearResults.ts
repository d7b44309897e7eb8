/** Removes the previous run's path results, so the table only counts this run. */
import { clearPathResults, type PathLevel } from './report'

for (const level of process.argv.slice(2) as PathLevel[]) clearPathResults(level)
