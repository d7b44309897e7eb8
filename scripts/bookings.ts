/**
 * `npm run bookings` (or `node dist/server/bookings.js` in production): the upcoming bookings in the
 * configured database (PGlite in DATA_DIR, or DATABASE_URL), start time in the host's zone. PGlite's
 * files are opened only when no other process holds them (server/runtime/dataDirLock.ts).
 */
import { Temporal } from 'temporal-polyfill'
import { upcomingBookingsTable } from '../server/db/bookingsTable'
import { runOnStore } from './commandStore'

// `npm run bookings | head -1`: the table is cut, the database still closed, the lock released.
runOnStore('bookings command', async (store, config, source) => {
  const now = Temporal.Now.instant()
  const { count, verified, text } = upcomingBookingsTable(await store.list(now, 10_000), config.SCHEDULE_TIME_ZONE, now)
  if (count === 0) console.log(`No upcoming bookings (${source}).`)
  else {
    // How many were booked with an email code, asked for while bookings came fast (docs/design.md#email-codes).
    const withCode = `${verified} of them with an email code`
    console.log(`${text}\n\n${count} upcoming booking${count === 1 ? '' : 's'}, ${withCode} (${source}).`)
  }
})
