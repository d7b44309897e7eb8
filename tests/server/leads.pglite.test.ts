/**
 * `npm run leads` (docs/booking.md#what-works) on a seeded PGlite database: bookings made through the API with their
 * leads, one cancelled; the store's rows, the tables, and the command itself, before and after a no-show is marked.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BookingResponse } from '../../core/bookingWire'
import { openPGlite } from '../../server/db/backends'
import { leadsTables } from '../../server/db/leadsTable'
import { openStore } from '../../server/db/store'
import { bookingBody, MONDAY_0830, postBooking, startServer, testClock, testConfig } from './support/harness'

const ROOT = join(import.meta.dirname, '../..')

const campaign = (utm_campaign: string) => ({ utm_source: 'linkedin', utm_medium: 'paid', utm_campaign })
/** Seven bookings made on Monday: three from LinkedIn's campaigns (one cancelled), two referred, one direct, one by voice. */
const SEEDED = [
  { start: '2026-11-24T10:00', tracking: campaign('spring'), metadata: { landingPath: '/', bookedOnPage: '/', bookedFrom: 'hero' } },
  { start: '2026-11-24T10:15', tracking: campaign('spring'), metadata: { landingPath: '/use-cases', bookedOnPage: '/', bookedFrom: 'service:automation' }, cancel: true },
  { start: '2026-11-24T10:30', tracking: campaign('autumn'), metadata: { landingPath: '/use-cases', bookedOnPage: '/use-cases', bookedFrom: 'hero' } },
  { start: '2026-11-24T10:45', metadata: { referrerHost: 'www.google.com', landingPath: '/', bookedOnPage: '/', bookedFrom: 'inline' } },
  { start: '2026-11-24T11:00', metadata: { referrerHost: 'www.google.com', landingPath: '/services/sms', bookedOnPage: '/services/sms', bookedFrom: 'hero' } },
  { start: '2026-11-24T11:15', metadata: { landingPath: '/about', bookedOnPage: '/about', bookedFrom: 'header' } },
  { start: '2026-11-24T11:30', metadata: { bookedFrom: 'voice' } },
]

const BY_SOURCE = [
  'By source       Bookings  Cancelled  No-shows',
  '--------------  --------  ---------  --------',
  'linkedin               3          1         0',
  'www.google.com         2          0         0',
  'direct                 1          0         0',
  'voice                  1          0         0',
  'Total                  7          1         0',
]

function leads(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  })
}

describe('npm run leads', () => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'leads-'))
    const store = await openStore({ dataDir: dir })
    const clock = testClock()
    const server = await startServer({ config: testConfig(), store, clock })
    try {
      for (const { start, tracking, metadata, cancel } of SEEDED) {
        const response = await postBooking(server.url, { ...bookingBody(start), ...(tracking ? { tracking } : {}), metadata })
        expect(response.status).toBe(200)
        const { uid } = (await response.json()) as BookingResponse
        if (cancel) expect((await fetch(`${server.url}/api/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ uid }) })).status).toBe(200)
      }
      // One more, made a day later.
      clock.now = MONDAY_0830.add({ hours: 24 })
      expect((await postBooking(server.url, { ...bookingBody('2026-11-30T10:00'), tracking: campaign('winter') })).status).toBe(200)
    } finally {
      await server.close()
      await store.close()
    }
  }, 60_000)

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('counts per source, campaign and landing page, with the cancellations and no-shows beside them', async () => {
    const store = await openStore({ dataDir: dir })
    try {
      const made = await store.leads.since(MONDAY_0830)
      expect(made).toHaveLength(8)
      // Only what was made from the moment asked: the last one was booked a day later.
      expect(await store.leads.since(MONDAY_0830.add({ hours: 1 }))).toHaveLength(1)
      const tables = leadsTables(made.slice(0, 7)).split('\n\n')
      expect(tables[0]?.split('\n')).toEqual(BY_SOURCE)
      expect(tables[1]?.split('\n')).toEqual([
        'By campaign  Bookings  Cancelled  No-shows',
        '-----------  --------  ---------  --------',
        '(none)              4          0         0',
        'spring              2          1         0',
        'autumn              1          0         0',
        'Total               7          1         0',
      ])
      expect(tables[2]?.split('\n')).toEqual([
        'By landing page  Bookings  Cancelled  No-shows',
        '---------------  --------  ---------  --------',
        '/                       2          0         0',
        '/use-cases              2          1         0',
        '(none)                  1          0         0',
        '/about                  1          0         0',
        '/services/sms           1          0         0',
        'Total                   7          1         0',
      ])
    } finally {
      await store.close()
    }
  })

  it('prints the tables for the period asked, and refuses a period that is not a number of days', () => {
    // The bookings were made on the test clock's days: ten years reach them from any day this runs on.
    const printed = leads(dir, '--days', '3650')
    expect(printed.stderr).toBe('')
    expect(printed.status).toBe(0)
    expect(printed.stdout).toMatch(/^8 bookings made in the last 3650 days, since \d{4}-\d\d-\d\d \d\d:\d\d Pacific\/Auckland \(PGlite in .*\)\.$/m)
    expect(printed.stdout).toContain('linkedin               4          1         0')
    expect(printed.stdout).toContain('winter              1          0         0')

    for (const args of [['--days', '0'], ['--days', 'ten'], ['--days'], ['--days=99999'], ['--weeks', '2']]) {
      const refused = leads(dir, ...args)
      expect(refused.status).toBe(1)
      expect(refused.stdout).toBe('')
      expect(refused.stderr).toMatch(/^(--days .* is not a number of days from 1 to 3650|Unknown argument "--weeks")\. Usage: npm run leads \[-- --days N\]/)
    }
  }, 120_000) // the command itself, six times: a process of its own each, slow on a loaded CI machine

  it('counts the no-shows the desk marked', async () => {
    const backend = await openPGlite(dir)
    try {
      await backend.query(`UPDATE bookings SET no_show = true WHERE start_at = $1::timestamptz`, [
        Temporal.ZonedDateTime.from('2026-11-24T10:30[Pacific/Auckland]').toInstant().toString(),
      ])
    } finally {
      await backend.close()
    }
    const printed = leads(dir, '--days=3650')
    expect(printed.status).toBe(0)
    expect(printed.stdout).toContain('linkedin               4          1         1')
    expect(printed.stdout).toContain('www.google.com         2          0         0')
  }, 60_000) // the command itself, once more
})
