/** `npm start`: build when the sources or build settings changed since the last build, then serve. */
import { spawnSync } from 'node:child_process'
import { buildIsCurrent } from './buildStamp.ts'

if (!(await buildIsCurrent())) {
  console.log('Building the site…')
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import('../server/main.ts')
