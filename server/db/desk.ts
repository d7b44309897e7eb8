/**
 * The agency's desk in the database (docs/desk.md), tables of migration 016: sign-in links and sessions, kept only
 * as SHA-256 digests; the host's time off; and the no-shows the host marks on bookings, written with their mail and
 * webhook event in one transaction (the outbox).
 */
import type { Temporal } from 'temporal-polyfill'
import { announceChange } from './changeFeed'
import { writeMailJobs } from './bookingChanges'
import type { NewMailJob } from './mailMessage'
import type { BookingRow } from './rows'
import { SELECT_BOOKING, type Backend } from './sql'
import { writeWebhookEvents, type NewWebhookEvent } from './webhookOutbox'
import { refuse, type Refusal } from '../refusals'

/** An advisory lock (the two-key form; bookingChanges.ts and emailCodes.ts have 11 to 15): the site's hour of sign-in mails. */
const LOCK_LINK_MAILS = 16

/** How long a used or expired link's row is kept: the hour the mail cap reads, and some. */
const KEEP_LINK_HOURS = 24

/** A booking as the desk reads it: what the host recorded, and what its voice call left. */
export type DeskRow = BookingRow & {
  noShow: boolean
  /** Booked on a voice call (book_call recorded the call on it). */
  byVoiceCall: boolean
  /** The voice call's summary, once its report came. */
  callSummary: string | null
}

/** An entry of time off: days (YYYY-MM-DD, the host's zone), both included. */
export interface TimeOffRow {
  id: string
  from: string
  to: string
  label: string | null
}

export interface NewLink {
  tokenHash: string
  email: string
  now: Temporal.Instant
  expiresAt: Temporal.Instant
  /** DESK_LINK_MAILS_PER_HOUR: past it nothing is written. */
  perHour: number
  mail: NewMailJob
}

/** What marking a no-show writes besides the mark, made from the row as it is: the mail (if any) and the webhook event. */
export interface NoShowJobs {
  jobs: NewMailJob[]
  events: NewWebhookEvent[]
}

export type NoShowResult = { ok: true; booking: DeskRow; changed: boolean } | Refusal<'notFound'> | { ok: false; code: 'notStarted' }

export interface SessionLimits {
  now: Temporal.Instant
  /** Unused since before this: over. */
  idleSince: Temporal.Instant
  /** Begun before this: over. */
  startedSince: Temporal.Instant
}

export interface DeskStore {
  /** Writes a link and its mail, unless the hour's sign-in mails are used up ('capped': nothing written). */
  issueLink(link: NewLink): Promise<'written' | 'capped'>
  /** Uses the link of `tokenHash` if unused and unexpired, in one statement: its address, or undefined. */
  useLink(tokenHash: string, now: Temporal.Instant): Promise<string | undefined>
  startSession(idHash: string, email: string, now: Temporal.Instant): Promise<void>
  /** The address of a live session, its last-seen moment moved to now; undefined when unknown, ended or over. */
  touchSession(idHash: string, limits: SessionLimits): Promise<string | undefined>
  endSession(idHash: string, now: Temporal.Instant): Promise<void>
  /** Accepted bookings ending after `since`, by start. */
  calls(since: Temporal.Instant): Promise<DeskRow[]>
  /**
   * Marks (or unmarks) the visitor of `uid` as not having come, once the call has started at `now`, writing `made`'s
   * jobs and events with it when the mark changes.
   */
  markNoShow(uid: string, noShow: boolean, now: Temporal.Instant, made: (row: DeskRow) => NoShowJobs): Promise<NoShowResult>
  /** Time off ending on or after `fromDay`, by first day. */
  timeOff(fromDay: string): Promise<TimeOffRow[]>
  /** Adds time off; every instance's slots hear of it (the change feed). */
  addTimeOff(entry: { from: string; to: string; label: string | undefined; now: Temporal.Instant }): Promise<void>
  /** Removes time off; false when there was none of `id`. */
  removeTimeOff(id: string): Promise<boolean>
}

const SELECT_DESK_ROW = SELECT_BOOKING.replace(
  ' FROM bookings',
  `, voice_call_id IS NOT NULL AS "byVoiceCall", call_summary AS "callSummary" FROM bookings`,
)
const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`

/** `changed`: tells this instance's listeners once a time-off change has committed (the other instances hear NOTIFY). */
export function deskStore(backend: Backend, changed: () => void): DeskStore {
  return {
    issueLink: (link) =>
      backend.transaction(async (sql) => {
        await sql.query('SELECT pg_advisory_xact_lock($1::int, 0)', [LOCK_LINK_MAILS])
        const [sent] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM desk_links WHERE created_at > $1::timestamptz', [
          link.now.subtract({ hours: 1 }).toString(),
        ])
        if ((sent?.n ?? 0) >= link.perHour) return 'capped'
        await sql.query('DELETE FROM desk_links WHERE created_at < $1::timestamptz', [link.now.subtract({ hours: KEEP_LINK_HOURS }).toString()])
        await sql.query('INSERT INTO desk_links (token_hash, email, created_at, expires_at) VALUES ($1, $2, $3::timestamptz, $4::timestamptz)', [
          link.tokenHash,
          link.email,
          link.now.toString(),
          link.expiresAt.toString(),
        ])
        await writeMailJobs(sql, null, [link.mail], link.now)
        return 'written'
      }),

    async useLink(tokenHash, now) {
      // One statement decides: of two requests with one link, only one finds used_at still NULL.
      const [row] = await backend.query<{ email: string }>(
        `UPDATE desk_links SET used_at = $2::timestamptz WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING email`,
        [tokenHash, now.toString()],
      )
      return row?.email
    },

    async startSession(idHash, email, now) {
      await backend.query('INSERT INTO desk_sessions (id_hash, email, created_at, last_seen_at) VALUES ($1, $2, $3::timestamptz, $3::timestamptz)', [
        idHash,
        email,
        now.toString(),
      ])
    },

    async touchSession(idHash, { now, idleSince, startedSince }) {
      const [row] = await backend.query<{ email: string }>(
        `UPDATE desk_sessions SET last_seen_at = $2::timestamptz
          WHERE id_hash = $1 AND ended_at IS NULL AND last_seen_at > $3::timestamptz AND created_at > $4::timestamptz
          RETURNING email`,
        [idHash, now.toString(), idleSince.toString(), startedSince.toString()],
      )
      return row?.email
    },

    async endSession(idHash, now) {
      await backend.query('UPDATE desk_sessions SET ended_at = $2::timestamptz WHERE id_hash = $1 AND ended_at IS NULL', [idHash, now.toString()])
    },

    calls(since) {
      return backend.query<DeskRow>(`${SELECT_DESK_ROW} WHERE status = 'ACCEPTED' AND end_at > $1::timestamptz ORDER BY start_at LIMIT 2000`, [
        since.toString(),
      ])
    },

    markNoShow: (uid, noShow, now, made) =>
      backend.transaction(async (sql): Promise<NoShowResult> => {
        const [row] = await sql.query<DeskRow>(`${SELECT_DESK_ROW} WHERE uid = $1 AND status = 'ACCEPTED' FOR UPDATE`, [uid])
        if (!row) return refuse('notFound')
        if (Date.parse(row.startTime) > now.epochMilliseconds) return { ok: false, code: 'notStarted' }
        if (row.noShow === noShow) return { ok: true, booking: row, changed: false }
        await sql.query('UPDATE bookings SET no_show = $2 WHERE id = $1', [row.id, noShow])
        const booking = { ...row, noShow }
        const { jobs, events } = made(booking)
        await writeMailJobs(sql, booking, jobs, now)
        await writeWebhookEvents(sql, booking.id, events, now)
        return { ok: true, booking, changed: true }
      }),

    timeOff(fromDay) {
      return backend.query<TimeOffRow>(
        `SELECT id::text AS id, ${day('from_day')} AS "from", ${day('to_day')} AS "to", label FROM time_off
          WHERE to_day >= $1::date ORDER BY from_day, id`,
        [fromDay],
      )
    },

    async addTimeOff({ from, to, label, now }) {
      await backend.transaction(async (sql) => {
        await sql.query('INSERT INTO time_off (from_day, to_day, label, created_at) VALUES ($1::date, $2::date, $3, $4::timestamptz)', [
          from,
          to,
          label || null,
          now.toString(),
        ])
        await announceChange(sql, 'time-off')
      })
      changed()
    },

    async removeTimeOff(id) {
      if (!/^\d{1,9}$/.test(id)) return false
      const removed = await backend.transaction(async (sql) => {
        const rows = await sql.query('DELETE FROM time_off WHERE id = $1 RETURNING id', [Number(id)])
        if (rows.length > 0) await announceChange(sql, 'time-off')
        return rows.length > 0
      })
      if (removed) changed()
      return removed
    },
  }
}
