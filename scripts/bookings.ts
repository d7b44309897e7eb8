/**
 * `npm run bookings`: the upcoming bookings in the configured database (PGlite in DATA_DIR, or
 * DATABASE_URL), start time in the host's zone.
 */
import { resolve } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { upcomingBookingsTable } from '../server/db/bookingsTable'
import { ConfigError, loadConfig } from '../server/config'
import { openStore } from '../server/db/store'

async function main() {
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(import.meta.dirname, '..', config.DATA_DIR),
  })
  try {
    const now = Temporal.Now.instant()
    const { count, text } = upcomingBookingsTable(await store.list(now, 10_000), config.SCHEDULE_TIME_ZONE, now)
    const source = config.DATABASE_URL ? 'DATABASE_URL' : `PGlite in ${config.DATA_DIR}`
    if (count === 0) console.log(`No upcoming bookings (${source}).`)
    else console.log(`${text}\n\n${count} upcoming booking${count === 1 ? '' : 's'} (${source}).`)
  } finally {
    await store.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
