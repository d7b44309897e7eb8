/**
 * The writes that change bookings, each in one transaction with the mail jobs it causes (the
 * transactional outbox): a booking, a reschedule, a cancellation. A mail failure later can never
 * undo one of them, and no job exists for a change that did not happen.
 */
import type { Temporal } from 'temporal-polyfill'
import type { NewMailJob } from '../mail/message'
import { announceChange } from './changeFeed'
import { isUniqueViolation, SELECT_BOOKING, type Backend, type BookingRow, type NewBooking, type Sql } from './store'

/** The limits a new booking is checked against, inside its transaction. */
export interface BookingLimits {
  now: Temporal.Instant
  /** The email as compared: see server/limits/emailKey.ts. */
  emailKey: string
  maxUpcomingPerEmail: number
  /** Who asked: see server/limits/clientKey.ts. */
  clientKey: string
  maxPerClientPerDay: number
}

/** The mail jobs a change causes, made from the booking as it is after the change (and as it was before). */
export type MailsFor = (booking: BookingRow, previous: BookingRow | undefined) => NewMailJob[]

export type InsertResult =
  | { ok: true; booking: BookingRow }
  | { ok: false; reason: 'slot_taken' }
  | { ok: false; reason: 'email_limit' }
  | { ok: false; reason: 'client_limit'; retryAfterSeconds: number }

export type ChangeResult =
  | { ok: true; booking: BookingRow; previous: BookingRow }
  | { ok: false; reason: 'not_found' | 'cancelled' | 'past' | 'slot_taken' }

/** Advisory lock namespaces (the two-key form): one per limit, so concurrent requests queue per key. */
const LOCK_EMAIL = 11
const LOCK_CLIENT = 12

async function writeMailJobs(sql: Sql, booking: BookingRow, jobs: NewMailJob[], now: Temporal.Instant): Promise<void> {
  for (const job of jobs) {
    await sql.query(
      `INSERT INTO mail_jobs (booking_id, message_id, kind, recipient, message, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::timestamptz, $6::timestamptz)`,
      [booking.id, job.messageId, job.kind, job.recipient, JSON.stringify(job.message), now.toString()],
    )
  }
}

/** Why a booking cannot be checked against its limits: the first limit it is over, or undefined. */
async function overLimit(sql: Sql, limits: BookingLimits): Promise<InsertResult | undefined> {
  // Locks first, then counts: two requests for one email (or one address) cannot both pass.
  await sql.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_EMAIL, limits.emailKey])
  const [upcoming] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings WHERE email_key = $1 AND status = 'ACCEPTED' AND start_at > $2::timestamptz`,
    [limits.emailKey, limits.now.toString()],
  )
  if ((upcoming?.n ?? 0) >= limits.maxUpcomingPerEmail) return { ok: false, reason: 'email_limit' }

  await sql.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_CLIENT, limits.clientKey])
  const dayAgo = limits.now.subtract({ hours: 24 })
  const rows = await sql.query<{ createdMs: number }>(
    `SELECT (extract(epoch FROM created_at) * 1000)::float8 AS "createdMs" FROM bookings
      WHERE client_key = $1 AND created_at > $2::timestamptz ORDER BY created_at DESC LIMIT $3`,
    [limits.clientKey, dayAgo.toString(), limits.maxPerClientPerDay],
  )
  if (rows.length < limits.maxPerClientPerDay) return undefined
  // Room again when the oldest of the last `max` bookings is a day old.
  const oldest = Number(rows[rows.length - 1]?.createdMs)
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + 86_400_000 - limits.now.epochMilliseconds) / 1000))
  return { ok: false, reason: 'client_limit', retryAfterSeconds }
}

export async function insertBooking(
  backend: Backend,
  b: NewBooking,
  limits: BookingLimits,
  mails: MailsFor,
): Promise<InsertResult> {
  try {
    return await backend.transaction(async (sql): Promise<InsertResult> => {
      const refused = await overLimit(sql, limits)
      if (refused) return refused
      const [booking] = await sql.query<BookingRow>(
        `WITH inserted AS (
           INSERT INTO bookings (uid, host, event_type_id, title, start_at, end_at, name, email, guests, time_zone,
                                 language, email_key, client_key, created_at)
           VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8, $9::jsonb, $10, $11, $12, $13, $14::timestamptz)
           RETURNING *
         ) ${SELECT_BOOKING.replace('FROM bookings', 'FROM inserted')}`,
        [
          b.uid,
          b.host,
          b.eventTypeId,
          b.title,
          b.start.toString(),
          b.end.toString(),
          b.name,
          b.email,
          JSON.stringify(b.guests),
          b.timeZone,
          b.language,
          limits.emailKey,
          limits.clientKey,
          limits.now.toString(),
        ],
      )
      if (!booking) throw new Error('INSERT returned no row')
      await writeMailJobs(sql, booking, mails(booking, undefined), limits.now)
      await announceChange(sql, booking.host)
      return { ok: true, booking }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'slot_taken' }
    throw error
  }
}

/** Locks the booking's row and says why it cannot change, if it cannot. */
async function changeable(
  sql: Sql,
  uid: string,
  now: Temporal.Instant,
): Promise<{ ok: true; row: BookingRow } | { ok: false; reason: 'not_found' | 'cancelled' | 'past' }> {
  const [row] = await sql.query<BookingRow>(`${SELECT_BOOKING} WHERE uid = $1 FOR UPDATE`, [uid])
  if (!row) return { ok: false, reason: 'not_found' }
  if (row.status !== 'ACCEPTED') return { ok: false, reason: 'cancelled' }
  if (Date.parse(row.startTime) <= now.epochMilliseconds) return { ok: false, reason: 'past' }
  return { ok: true, row }
}

/** Runs one change of an existing booking: lock, check, update, jobs; a unique violation is a taken slot. */
async function change(
  backend: Backend,
  uid: string,
  now: Temporal.Instant,
  mails: MailsFor,
  update: (sql: Sql, row: BookingRow) => Promise<BookingRow | undefined>,
): Promise<ChangeResult> {
  try {
    return await backend.transaction(async (sql): Promise<ChangeResult> => {
      const found = await changeable(sql, uid, now)
      if (!found.ok) return found
      const booking = await update(sql, found.row)
      if (!booking) throw new Error('UPDATE returned no row')
      await writeMailJobs(sql, booking, mails(booking, found.row), now)
      await announceChange(sql, booking.host)
      return { ok: true, booking, previous: found.row }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: 'slot_taken' }
    throw error
  }
}

const updated = (set: string) =>
  `WITH changed AS (UPDATE bookings SET ${set} WHERE id = $1 RETURNING *) ${SELECT_BOOKING.replace('FROM bookings', 'FROM changed')}`

export function rescheduleBooking(
  backend: Backend,
  uid: string,
  to: { start: Temporal.Instant; end: Temporal.Instant },
  now: Temporal.Instant,
  mails: MailsFor,
): Promise<ChangeResult> {
  return change(backend, uid, now, mails, async (sql, row) => {
    const [booking] = await sql.query<BookingRow>(
      updated(`start_at = $2::timestamptz, end_at = $3::timestamptz, sequence = sequence + 1,
               rescheduled_at = $4::timestamptz, previous_start_at = start_at`),
      [row.id, to.start.toString(), to.end.toString(), now.toString()],
    )
    return booking
  })
}

export function cancelBooking(
  backend: Backend,
  uid: string,
  reason: string | undefined,
  now: Temporal.Instant,
  mails: MailsFor,
): Promise<ChangeResult> {
  return change(backend, uid, now, mails, async (sql, row) => {
    const [booking] = await sql.query<BookingRow>(
      updated(`status = 'CANCELLED', sequence = sequence + 1, cancelled_at = $2::timestamptz, cancellation_reason = $3`),
      [row.id, now.toString(), reason ?? null],
    )
    return booking
  })
}
