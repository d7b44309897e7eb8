/**
 * `npm run bookings`: the upcoming bookings in the configured database (PGlite in DATA_DIR, or
 * DATABASE_URL), start time in the host's zone.
 */
import { resolve } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { ConfigError, loadConfig } from '../server/config'
import { openStore } from '../server/db/store'

// Terminal-safe: no control characters (escape sequences) from stored text reach the screen.
// eslint-disable-next-line no-control-regex
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')

async function main() {
  const config = loadConfig()
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(import.meta.dirname, '..', config.DATA_DIR),
  })
  try {
    const now = Temporal.Now.instant()
    const rows = (await store.list(now, 10_000)).filter(
      (row) => Temporal.Instant.compare(Temporal.Instant.from(row.startTime), now) >= 0,
    )
    const source = config.DATABASE_URL ? 'DATABASE_URL' : `PGlite in ${config.DATA_DIR}`
    if (rows.length === 0) {
      console.log(`No upcoming bookings (${source}).`)
      return
    }
    const zone = config.SCHEDULE_TIME_ZONE
    const table = rows.map((row) => {
      const start = Temporal.Instant.from(row.startTime).toZonedDateTimeISO(zone)
      const weekday = start.toLocaleString('en-NZ', { weekday: 'short' })
      return [
        `${weekday} ${start.toPlainDate().toString()} ${start.toPlainTime().toString().slice(0, 5)} ${start.offset}`,
        clean(row.name),
        clean(row.email),
      ]
    })
    const header = [`Start (${zone})`, 'Name', 'Email']
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] as string).length)))
    const line = (cells: string[]) =>
      cells
        .map((c, i) => c.padEnd(widths[i] as number))
        .join('  ')
        .trimEnd()
    console.log(line(header))
    console.log(line(widths.map((w) => '-'.repeat(w))))
    for (const row of table) console.log(line(row))
    console.log(`\n${rows.length} upcoming booking${rows.length === 1 ? '' : 's'} (${source}).`)
  } finally {
    await store.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
