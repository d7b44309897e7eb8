/**
 * The first half of `npm start`: build when the sources or build settings changed since the last build.
 * package.json then runs the compiled server with plain `node` (no TypeScript loader at run time).
 */
import { spawnSync } from 'node:child_process'
import { buildIsCurrent } from './buildStamp.ts'

if (!(await buildIsCurrent())) {
  console.log('Building the site…')
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
