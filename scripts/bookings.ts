/**
 * `npm run bookings` (or `node dist/server/bookings.js` in production): the upcoming bookings in the
 * configured database (PGlite in DATA_DIR, or DATABASE_URL), start time in the host's zone. PGlite's
 * files are opened only when no other process holds them (server/runtime/dataDirLock.ts).
 */
import { resolve } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { dropOutputWhenReaderGoes } from '../server/log/cliOutput'
import { upcomingBookingsTable } from '../server/db/bookingsTable'
import { ConfigError, loadConfig } from '../server/config'
import { DataDirLockedError, lockDataDir } from '../server/runtime/dataDirLock'
import { openStore } from '../server/db/store'

async function main() {
  // `npm run bookings | head -1`: the table is cut, the database still closed, the lock released.
  dropOutputWhenReaderGoes()
  const config = loadConfig()
  // Relative to the working directory, as the server resolves it (the project folder under npm).
  const dataDir = resolve(config.DATA_DIR)
  const lock = config.DATABASE_URL ? undefined : lockDataDir(dataDir, 'bookings command')
  try {
    const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir })
    try {
      const now = Temporal.Now.instant()
      const { count, verified, text } = upcomingBookingsTable(await store.list(now, 10_000), config.SCHEDULE_TIME_ZONE, now)
      const source = config.DATABASE_URL ? 'DATABASE_URL' : `PGlite in ${config.DATA_DIR}`
      if (count === 0) console.log(`No upcoming bookings (${source}).`)
      else {
        // How many were booked with an email code, asked for while bookings came fast (docs/design.md#email-codes).
        const withCode = `${verified} of them with an email code`
        console.log(`${text}\n\n${count} upcoming booking${count === 1 ? '' : 's'}, ${withCode} (${source}).`)
      }
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
