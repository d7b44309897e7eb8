import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../server/db/store'
import { defineBookingSuite } from './support/bookingSuite'

defineBookingSuite('PGlite in a temporary directory', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'bookings-pglite-'))
  return {
    open: () => openStore({ dataDir: dir }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
})
