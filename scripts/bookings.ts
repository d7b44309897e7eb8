/**
 * `npm run bookings` (or `node dist/server/bookings.js` in production): the bookings of the last RECENT_DAYS days
 * and the upcoming ones in the configured database (PGlite in DATA_DIR, or DATABASE_URL), start time in the host's
 * zone; the recent ones show who did not show up (marked on the desk, docs/desk.md#actions). PGlite's files are
 * opened only when no other process holds them (server/runtime/dataDirLock.ts).
 */
import { Temporal } from 'temporal-polyfill'
import { bookingsTableFrom } from '../server/db/bookingsTable'
import { runOnStore } from './commandStore'

/** How far back the table reaches: the week's calls, no-shows included. */
const RECENT_DAYS = 7

// `npm run bookings | head -1`: the table is cut, the database still closed, the lock released.
runOnStore('bookings command', async (store, config, source) => {
  const from = Temporal.Now.instant().subtract({ hours: 24 * RECENT_DAYS })
  const { count, verified, text } = bookingsTableFrom(await store.list(from, 10_000), config.SCHEDULE_TIME_ZONE, from)
  if (count === 0) console.log(`No bookings in the last ${RECENT_DAYS} days or to come (${source}).`)
  else {
    // How many were booked with an email code, asked for while bookings came fast (docs/design.md#email-codes).
    const withCode = `${verified} of them with an email code`
    console.log(`${text}\n\n${count} booking${count === 1 ? '' : 's'} of the last ${RECENT_DAYS} days and to come, ${withCode} (${source}).`)
  }
})
