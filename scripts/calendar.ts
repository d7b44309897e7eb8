/**
 * `npm run calendar` (or `node dist/server/calendar.js` in production): each of the host's calendar
 * sources with its state, and the next 7 days' busy blocks as the scheduler sees them (docs/calendars.md).
 * Reads the sources now; shows the database's stored copies when it can open the database (with PGlite, not
 * while the server holds it). Exits 1 when a source cannot be read.
 */
import { resolve } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { calendarReport } from '../server/calendar/calendarReport'
import { calendarSources } from '../server/calendar/fromConfig'
import { publicHolidays } from '../server/calendar/holidays'
import { ConfigError, loadConfig } from '../server/config'
import { DataDirLockedError, lockDataDir } from '../server/runtime/dataDirLock'
import { openStore, type BookingStore } from '../server/db/store'

async function main() {
  const config = loadConfig()
  const sources = calendarSources(config)
  if (sources.length === 0) {
    console.log('No calendar is configured: set HOST_CALENDAR_URLS (see README, "Your calendar").')
    return
  }
  const dataDir = resolve(config.DATA_DIR)
  let lock: ReturnType<typeof lockDataDir> | undefined
  let store: BookingStore | undefined
  try {
    lock = config.DATABASE_URL ? undefined : lockDataDir(dataDir, 'calendar command')
    store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir })
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
  }
  try {
    const { text, ok } = await calendarReport({
      sources,
      hostZone: config.SCHEDULE_TIME_ZONE,
      now: Temporal.Now.instant(),
      daysAhead: config.SCHEDULE_DAYS_AHEAD,
      maxStaleMs: config.HOST_CALENDAR_MAX_STALE_HOURS * 3_600_000,
      isHoliday: publicHolidays(config.SCHEDULE_HOLIDAYS),
      bufferBeforeMinutes: config.SCHEDULE_BUFFER_BEFORE_MINUTES,
      bufferAfterMinutes: config.SCHEDULE_BUFFER_AFTER_MINUTES,
      copies: store?.calendarCopies,
    })
    console.log(text)
    if (!ok) process.exitCode = 1
  } finally {
    await store?.close()
    lock?.release()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error)
  process.exit(1)
})
