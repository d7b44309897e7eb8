import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../server/db/store'
import { defineBookingSuite, type StoreBackend } from './support/bookingSuite'
import { defineManageSuite } from './support/manageSuite'

const pglite = async (): Promise<StoreBackend> => {
  const dir = await mkdtemp(join(tmpdir(), 'bookings-pglite-'))
  return {
    open: () => openStore({ dataDir: dir }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  }
}

defineBookingSuite('PGlite in a temporary directory', pglite)
defineManageSuite('PGlite in a temporary directory', pglite)
