/**
 * The host's calendar sources' last good copies (table calendar_copies), and the lease that
 * lets one instance at a time read the sources. Saving a copy tells every instance (the change feed's
 * NOTIFY), so each one loads it and drops its cached slots.
 */
import { randomUUID } from 'node:crypto'
import { announceChange } from './changeFeed'
import type { Backend } from './sql'

/** [start, end) in epoch milliseconds. */
export type BusyPair = [number, number]

/** A source's last good copy. */
export interface SourceCopy {
  intervals: { start: number; end: number }[]
  events: number
  /** When it was read, epoch ms. */
  readAt: number
}

export interface CopyStore {
  /** The copies of `ids` read after `newerThan` (epoch ms per id): only those are fetched whole. */
  load(ids: string[], newerThan?: ReadonlyMap<string, number>): Promise<Map<string, SourceCopy>>
  /** Keeps `copy` unless a newer one is stored; tells every instance. */
  save(id: string, copy: SourceCopy): Promise<void>
  /**
   * Whether this instance may read the sources now: it holds (or takes over) the lease until
   * `now + leaseMs`. Another instance holding an unexpired lease: false.
   */
  takeLease(now: number, leaseMs: number): Promise<boolean>
  /** Gives the lease up (the server is stopping), so another instance reads the sources at its next refresh. */
  releaseLease(): Promise<void>
}

export function calendarCopyStore(backend: Backend): CopyStore {
  const holder = randomUUID()
  return {
    async load(ids, newerThan = new Map()) {
      if (ids.length === 0) return new Map()
      const stamps = await backend.query<{ id: string; readAt: number }>(
        `SELECT source_id AS id, (extract(epoch FROM read_at) * 1000)::float8 AS "readAt"
           FROM calendar_copies WHERE source_id = ANY($1::text[])`,
        [ids],
      )
      const wanted = stamps.filter((row) => Number(row.readAt) > (newerThan.get(row.id) ?? -Infinity)).map((row) => row.id)
      if (wanted.length === 0) return new Map()
      const rows = await backend.query<{ id: string; busy: BusyPair[]; events: number; readAt: number }>(
        `SELECT source_id AS id, busy, events, (extract(epoch FROM read_at) * 1000)::float8 AS "readAt"
           FROM calendar_copies WHERE source_id = ANY($1::text[])`,
        [wanted],
      )
      return new Map(
        rows.map((row) => [
          row.id,
          { intervals: row.busy.map(([start, end]) => ({ start, end })), events: row.events, readAt: Number(row.readAt) },
        ]),
      )
    },
    async save(id, copy) {
      const busy = JSON.stringify(copy.intervals.map((i): BusyPair => [i.start, i.end]))
      await backend.transaction(async (sql) => {
        await sql.query(
          `INSERT INTO calendar_copies (source_id, busy, events, read_at)
           VALUES ($1, $2::jsonb, $3, to_timestamp($4::float8 / 1000))
           ON CONFLICT (source_id) DO UPDATE SET busy = excluded.busy, events = excluded.events, read_at = excluded.read_at
            WHERE calendar_copies.read_at <= excluded.read_at`,
          [id, busy, copy.events, copy.readAt],
        )
        await announceChange(sql, 'calendar')
      })
    },
    async takeLease(now, leaseMs) {
      // PGlite is one process's own database: nobody to share the reading with.
      if (backend.kind === 'pglite') return true
      const rows = await backend.query<{ holder: string }>(
        `INSERT INTO calendar_refresh_lease (id, holder, until) VALUES (1, $1, to_timestamp($2::float8 / 1000))
         ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, until = excluded.until
          WHERE calendar_refresh_lease.holder = excluded.holder OR calendar_refresh_lease.until < to_timestamp($3::float8 / 1000)
         RETURNING holder`,
        [holder, now + leaseMs, now],
      )
      return rows.length === 1
    },
    async releaseLease() {
      await backend.query('DELETE FROM calendar_refresh_lease WHERE holder = $1', [holder])
    },
  }
}
