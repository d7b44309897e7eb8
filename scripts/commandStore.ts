/**
 * A command-line program on the configured database (`npm run bookings`, `npm run webhooks`): the settings read, the
 * store opened (PGlite's files only when no other process holds them, server/runtime/dataDirLock.ts), and, however
 * `run` ends, the store closed and the lock released. A bad setting or a held directory prints its message and exits 1;
 * a reader that goes away (`| head -1`) cuts the output only.
 */
import { resolve } from 'node:path'
import { ConfigError, loadConfig, type ServerConfig } from '../server/config'
import { openStore, type BookingStore } from '../server/db/store'
import { dropOutputWhenReaderGoes } from '../server/log/cliOutput'
import { DataDirLockedError, lockDataDir } from '../server/runtime/dataDirLock'

export function runOnStore(command: string, run: (store: BookingStore, config: ServerConfig, source: string) => Promise<void>): void {
  const main = async () => {
    dropOutputWhenReaderGoes()
    const config = loadConfig()
    // Relative to the working directory, as the server resolves it (the project folder under npm).
    const dataDir = resolve(config.DATA_DIR)
    const lock = config.DATABASE_URL ? undefined : lockDataDir(dataDir, command)
    try {
      const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir })
      try {
        await run(store, config, config.DATABASE_URL ? 'DATABASE_URL' : `PGlite in ${config.DATA_DIR}`)
      } finally {
        await store.close()
      }
    } finally {
      lock?.release()
    }
  }
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error)
    process.exit(1)
  })
}
