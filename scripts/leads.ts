/**
 * `npm run leads` (or `node dist/server/leads.js` in production), `-- --days N` for another period: the bookings
 * made in the last 30 days in the configured database, counted per source, per campaign and per landing page, with
 * their cancellations and no-shows (docs/booking.md#what-works). PGlite's files are opened only when no other process
 * holds them (server/runtime/dataDirLock.ts).
 */
import { resolve } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { dropOutputWhenReaderGoes } from '../server/log/cliOutput'
import { leadsTables } from '../server/db/leadsTable'
import { ConfigError, loadConfig } from '../server/config'
import { DataDirLockedError, lockDataDir } from '../server/runtime/dataDirLock'
import { openStore } from '../server/db/store'

const DEFAULT_DAYS = 30
/** Ten years: more is no question a small agency asks. */
const MAX_DAYS = 3650

class UsageError extends Error {}

/** The period asked for: `--days N` or `--days=N`, a whole number of days; 30 when not given. */
function daysAsked(args: readonly string[]): number {
  const usage = `Usage: npm run leads [-- --days N], N a whole number of days from 1 to ${MAX_DAYS} (default ${DEFAULT_DAYS}).`
  let days: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '--days') days = args[++i] ?? ''
    else if (arg.startsWith('--days=')) days = arg.slice('--days='.length)
    else throw new UsageError(`Unknown argument ${JSON.stringify(arg)}. ${usage}`)
  }
  if (days === undefined) return DEFAULT_DAYS
  const n = /^\d{1,5}$/.test(days) ? Number(days) : NaN
  if (!(n >= 1 && n <= MAX_DAYS)) throw new UsageError(`--days ${JSON.stringify(days)} is not a number of days from 1 to ${MAX_DAYS}. ${usage}`)
  return n
}

async function main() {
  dropOutputWhenReaderGoes()
  const days = daysAsked(process.argv.slice(2))
  const config = loadConfig()
  const dataDir = resolve(config.DATA_DIR)
  const lock = config.DATABASE_URL ? undefined : lockDataDir(dataDir, 'leads command')
  try {
    const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir })
    try {
      const now = Temporal.Now.instant()
      const since = now.subtract({ hours: 24 * days })
      const leads = await store.leads.since(since)
      const database = config.DATABASE_URL ? 'DATABASE_URL' : `PGlite in ${config.DATA_DIR}`
      const period = `the last ${days} day${days === 1 ? '' : 's'}`
      const from = since.toZonedDateTimeISO(config.SCHEDULE_TIME_ZONE)
      const count = leads.length
      if (count === 0) {
        console.log(`No bookings made in ${period} (${database}).`)
        return
      }
      const lines = [
        `${count} booking${count === 1 ? '' : 's'} made in ${period}, since ${from.toPlainDate().toString()} ${from.toPlainTime().toString().slice(0, 5)} ${config.SCHEDULE_TIME_ZONE} (${database}).`,
        // Why a source is what it is, in a line: docs/booking.md#what-works.
        'Source: the campaign (utm_source), else the referring site, else voice or chat for the assistant, else direct.',
        '',
        leadsTables(leads),
      ]
      console.log(lines.join('\n'))
    } finally {
      await store.close()
    }
  } finally {
    lock?.release()
  }
}

main().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError
  console.error(known ? error.message : error)
  process.exit(1)
})
