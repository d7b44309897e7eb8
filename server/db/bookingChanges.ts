/**
 * The writes that change bookings, each in one transaction with the outbox jobs it causes (the
 * transactional outbox): a booking, a reschedule, a cancellation. A mail failure later can never
 * undo one of them, and no job exists for a change that did not happen. The jobs come as data, made by the
 * scheduler beforehand from the row as the change will leave it (rows.ts): nothing here calls back up.
 */
import type { Temporal } from 'temporal-polyfill'
import type { NewMailJob } from './mailMessage'
import { dropWaitingEvents, writeWebhookEvents, type NewWebhookEvent } from './webhookOutbox'
import { announceChange } from './changeFeed'
import type { BookingRow, NewBooking } from './rows'
import { isUniqueViolation, SELECT_BOOKING, type Backend, type Sql } from './sql'
import { dailyLimit, refuse, type DailyLimit, type Refusal } from '../refusals'

/**
 * One daily cap a change counts against: who asked (a digest of the client network, or of a voice call
 * or caller; see server/limits/keys.ts) and how much that key may do in 24 hours. A booking, a reschedule
 * and a cancellation each count 1 for the visitor and 1 for each guest, since each mails them all.
 */
export interface ClientLimit {
  key: string
  maxPerDay: number
  /** The sentence when this cap refuses; the daily cap's own otherwise. */
  message?: string
}

/** The daily caps a change of an existing booking is checked against, inside its transaction. */
export interface ChangeLimits {
  now: Temporal.Instant
  clients: readonly ClientLimit[]
  /** SCHEDULE_CHANGE_NOTICE_MINUTES (a reschedule, a cancellation): closer than this to its start a call cannot change. */
  changeNoticeMinutes?: number
}

/** The limits a new booking is checked against, inside its transaction. */
export interface BookingLimits extends ChangeLimits {
  /** The email as compared: see server/limits/keys.ts. */
  emailKey: string
  maxUpcomingPerEmail: number
}

/**
 * Why a change of an existing booking is refused before it is made, in the scheduler's words
 * (server/refusals.ts): a cancelled or started call is refused in the words of the change asked for.
 */
export type ChangeRefusal = Refusal<
  | 'notFound'
  | 'alreadyCancelled'
  | 'cancelledReschedule'
  | 'pastCancel'
  | 'pastReschedule'
  | 'changeNotice'
  | 'slotTaken'
  | 'sameStart'
  | 'rescheduleLimit'
>

/** The two changes of an existing booking. */
export type Change = 'rescheduled' | 'cancelled'

/**
 * The outbox jobs of a change of an existing booking, made from its row as read at `sequence`: written only if the
 * locked row is still at that sequence (every change adds 1), else the change answers `outdated` and writes nothing.
 * `events`: its webhook events (server/db/webhookOutbox.ts).
 */
export interface ChangeJobs {
  sequence: number
  jobs: NewMailJob[]
  events?: NewWebhookEvent[]
}

/** The row changed after the jobs were made (another change came first): make them again from the row as it is now. */
export interface Outdated {
  ok: false
  outdated: true
}
const OUTDATED: Outdated = { ok: false, outdated: true }

/**
 * What a new booking must pass besides the limits when floods are watched (docs/design.md#email-codes), decided in
 * its own transaction.
 */
export interface BookingGate {
  /** 'voice': the assistant's book_call, which the hourly threshold does not count. */
  channel: 'web' | 'voice'
  /**
   * The right code the request carried: used up here for this booking, so that it books once (and stays usable if the
   * slot is taken); used by another request meanwhile, the booking answers `codeExpired`.
   */
  codeId?: number
  /** Refused ('codeRequired') when the web bookings made since `since`, and not cancelled, already number `atMost` or more. */
  hourly?: { since: Temporal.Instant; atMost: number }
}

/**
 * A booking made, or why not, in the scheduler's words (server/refusals.ts): the slot taken, the email's upcoming
 * calls or a daily cap reached, the hour's bookings past the threshold without a code (`recent`: how many), or the
 * code used by another request meanwhile (`codeExpired`).
 */
export type InsertResult =
  /** `recent`: the web bookings of the hour before this one, when the gate counted them. */
  | { ok: true; booking: BookingRow; recent?: number }
  | Refusal<'slotTaken' | 'upcomingLimit' | 'codeExpired'>
  | (Refusal<'codeRequired'> & { recent: number })
  | DailyLimit

export type ChangeResult = { ok: true; booking: BookingRow; previous: BookingRow } | ChangeRefusal | DailyLimit | Outdated

/** Advisory lock namespaces (the two-key form): one per limit, so concurrent requests queue per key. */
const LOCK_EMAIL = 11
const LOCK_CLIENT = 12
/**
 * One lock for the whole site, taken first by every booking the hourly threshold checks, so that a burst of
 * concurrent requests is counted one after the other (docs/design.md#email-codes). server/db/emailCodes.ts has 14 and 15.
 */
const LOCK_HOURLY = 13

/** Writes the jobs of a change: due now, or (a reminder) at their moment, never past `notAfter`. */
export async function writeMailJobs(sql: Sql, booking: Pick<BookingRow, 'id'> | null, jobs: NewMailJob[], now: Temporal.Instant): Promise<void> {
  for (const job of jobs) {
    await sql.query(
      `INSERT INTO mail_jobs (booking_id, message_id, kind, recipient, message, next_attempt_at, not_after, remind_at, created_at, email_code_id)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::timestamptz, $7::timestamptz, $8::timestamptz, $9::timestamptz, $10)`,
      [
        booking?.id ?? null,
        job.messageId,
        job.kind,
        job.recipient,
        JSON.stringify(job.message),
        job.dueAt ?? now.toString(),
        job.notAfter ?? null,
        job.dueAt ?? null,
        now.toString(),
        job.emailCodeId ?? null,
      ],
    )
  }
}

/**
 * A booking's reminders still to go, dropped when it moves (the move writes new ones for the new time)
 * or is cancelled: in the change's transaction, so an old reminder never goes out after the change.
 */
async function dropReminders(sql: Sql, booking: BookingRow, kind: Change): Promise<void> {
  await sql.query(
    `UPDATE mail_jobs SET status = 'dropped', last_error = $2, locked_until = NULL
      WHERE booking_id = $1 AND kind = 'reminder' AND status = 'pending'`,
    [booking.id, kind === 'rescheduled' ? 'the call was moved' : 'the call was cancelled'],
  )
}

/** How much a change of a booking counts against a daily cap: the visitor and each guest it mails. */
const weightOf = (guests: readonly string[]) => 1 + guests.length

/**
 * The first daily cap that a change of `weight` would pass, with when there is room again; undefined
 * when every cap has room. Locks each key first, so two requests of one client cannot both pass.
 */
export async function overClientLimit(
  sql: Sql,
  limits: ChangeLimits,
  weight: number,
): Promise<DailyLimit | undefined> {
  const dayAgo = limits.now.subtract({ hours: 24 })
  for (const client of limits.clients) {
    await sql.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_CLIENT, client.key])
    const rows = await sql.query<{ weight: number; createdMs: number }>(
      `SELECT weight, (extract(epoch FROM created_at) * 1000)::float8 AS "createdMs" FROM client_actions
        WHERE client_key = $1 AND created_at > $2::timestamptz ORDER BY created_at`,
      [client.key, dayAgo.toString()],
    )
    let used = rows.reduce((sum, row) => sum + row.weight, 0)
    if (used + weight <= client.maxPerDay) continue
    // Room again once enough of the oldest actions are a day old (never, for a change bigger than the cap: a day).
    let roomAt = limits.now.epochMilliseconds + 86_400_000
    for (const row of rows) {
      used -= row.weight
      if (used + weight <= client.maxPerDay) {
        roomAt = Number(row.createdMs) + 86_400_000
        break
      }
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((roomAt - limits.now.epochMilliseconds) / 1000))
    return dailyLimit(retryAfterSeconds, client.message)
  }
  return undefined
}

/** Counts a change against every daily cap it was checked against. */
export async function countClientAction(sql: Sql, limits: ChangeLimits, kind: string, weight: number): Promise<void> {
  for (const client of limits.clients) {
    await sql.query('INSERT INTO client_actions (client_key, kind, weight, created_at) VALUES ($1, $2, $3, $4::timestamptz)', [
      client.key,
      kind,
      weight,
      limits.now.toString(),
    ])
  }
}

/** Why a booking cannot be made: the first limit it is over, or undefined. */
async function overLimit(sql: Sql, limits: BookingLimits, weight: number): Promise<InsertResult | undefined> {
  // Locks first, then counts: two requests for one email (or one address) cannot both pass.
  await sql.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_EMAIL, limits.emailKey])
  const [upcoming] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings WHERE email_key = $1 AND status = 'ACCEPTED' AND start_at > $2::timestamptz`,
    [limits.emailKey, limits.now.toString()],
  )
  if ((upcoming?.n ?? 0) >= limits.maxUpcomingPerEmail) return refuse('upcomingLimit')
  return overClientLimit(sql, limits, weight)
}

/** The gate's checks, first in the booking's transaction: the hourly threshold, then the code (used up, for `bookingId`). */
async function gateRefusal(sql: Sql, gate: BookingGate, now: Temporal.Instant, bookingId: number): Promise<{ refused?: InsertResult; recent?: number }> {
  let recent: number | undefined
  if (gate.hourly) {
    await sql.query('SELECT pg_advisory_xact_lock($1::int, 0)', [LOCK_HOURLY])
    const [row] = await sql.query<{ n: number }>(
      // Cancelled ones are not counted: booking and cancelling at once must not turn codes on for everyone (docs/design.md#email-codes).
      `SELECT count(*)::int AS n FROM bookings WHERE created_at > $1::timestamptz AND channel = 'web' AND status = 'ACCEPTED'`,
      [gate.hourly.since.toString()],
    )
    recent = row?.n ?? 0
    if (recent >= gate.hourly.atMost) return { refused: { ...refuse('codeRequired'), recent } }
  }
  if (gate.codeId !== undefined) {
    const used = await sql.query(
      `UPDATE email_codes SET used_at = $2::timestamptz, booking_id = $3 WHERE id = $1 AND used_at IS NULL RETURNING id`,
      [gate.codeId, now.toString(), bookingId],
    )
    if (used.length === 0) return { refused: refuse('codeExpired') }
  }
  return { recent }
}

/** Inserts the booking of id `b.id` (BookingStore.newBookingId) with its outbox `jobs` and webhook `events`, made from bookedRow(b). */
export async function insertBooking(
  backend: Backend,
  b: NewBooking & { id: number },
  limits: BookingLimits,
  jobs: NewMailJob[],
  gate: BookingGate = { channel: 'web' },
  events: NewWebhookEvent[] = [],
): Promise<InsertResult> {
  try {
    return await backend.transaction(async (sql): Promise<InsertResult> => {
      const { refused: closed, recent } = await gateRefusal(sql, gate, limits.now, b.id)
      if (closed) return closed
      const weight = weightOf(b.guests)
      const refused = await overLimit(sql, limits, weight)
      if (refused) return refused
      const [booking] = await sql.query<BookingRow>(
        `WITH inserted AS (
           INSERT INTO bookings (uid, host, event_type_id, title, start_at, end_at, name, email, guests, time_zone,
                                 language, email_key, client_key, created_at, notes, phone, channel, email_verified,
                                 hour24, id, lead_source)
           VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8, $9::jsonb, $10, $11, $12, $13, $14::timestamptz, $15, $16, $17, $18,
                   $19, $20, $21::jsonb)
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
          limits.clients[0]?.key ?? null,
          limits.now.toString(),
          b.notes || null,
          b.phone ?? null,
          gate.channel,
          gate.codeId !== undefined,
          b.hour24 ?? false,
          b.id,
          b.leadSource ? JSON.stringify(b.leadSource) : null,
        ],
      )
      if (!booking) throw new Error('INSERT returned no row')
      await countClientAction(sql, limits, 'booked', weight)
      await writeMailJobs(sql, booking, jobs, limits.now)
      await writeWebhookEvents(sql, booking.id, events, limits.now)
      await announceChange(sql, booking.host)
      return { ok: true, booking, ...(recent === undefined ? {} : { recent }) }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return refuse('slotTaken')
    throw error
  }
}

/** A cancelled or started call, refused in the words of the change asked for. */
const REFUSED_AS = {
  rescheduled: { cancelled: 'cancelledReschedule', past: 'pastReschedule' },
  cancelled: { cancelled: 'alreadyCancelled', past: 'pastCancel' },
} as const

/**
 * Why an active booking cannot make `change` at `now`: it has started, or it is inside the notice period
 * (from `noticeMinutes` before its start).
 */
export function tooLateToChange(
  row: Pick<BookingRow, 'startTime'>,
  now: Temporal.Instant,
  noticeMinutes: number,
  change: Change,
): ChangeRefusal | undefined {
  const startMs = Date.parse(row.startTime)
  if (startMs <= now.epochMilliseconds) return refuse(REFUSED_AS[change].past)
  if (startMs - noticeMinutes * 60_000 <= now.epochMilliseconds) return refuse('changeNotice')
  return undefined
}

/** Why a booking cannot make `change`: it is cancelled, or it is too late (undefined: it can). */
export function changeRefusal(row: BookingRow, now: Temporal.Instant, noticeMinutes: number, change: Change): ChangeRefusal | undefined {
  if (row.status !== 'ACCEPTED') return refuse(REFUSED_AS[change].cancelled)
  return tooLateToChange(row, now, noticeMinutes, change)
}

/**
 * Runs one change of an existing booking: lock, check (its state, `refuse`, the daily caps), update,
 * count, jobs; a unique violation is a taken slot.
 */
async function change(
  backend: Backend,
  uid: string,
  limits: ChangeLimits,
  kind: Change,
  made: ChangeJobs,
  refusalOf: (row: BookingRow) => ChangeRefusal | undefined,
  update: (sql: Sql, row: BookingRow) => Promise<BookingRow | undefined>,
): Promise<ChangeResult> {
  const { now } = limits
  try {
    return await backend.transaction(async (sql): Promise<ChangeResult> => {
      // The row locked, then checked: its state, the change's own refusal, the daily caps.
      const [row] = await sql.query<BookingRow>(`${SELECT_BOOKING} WHERE uid = $1 FOR UPDATE`, [uid])
      if (!row) return refuse('notFound')
      const refused = changeRefusal(row, now, limits.changeNoticeMinutes ?? 0, kind) ?? refusalOf(row)
      if (refused) return refused
      if (row.sequence !== made.sequence) return OUTDATED
      const weight = weightOf(row.guests)
      const overCap = await overClientLimit(sql, limits, weight)
      if (overCap) return overCap
      const booking = await update(sql, row)
      if (!booking) throw new Error('UPDATE returned no row')
      await countClientAction(sql, limits, kind, weight)
      await dropReminders(sql, booking, kind)
      // Its MEETING_ENDED waits for the old end: a move writes one for the new end, a cancellation none.
      await dropWaitingEvents(sql, booking.id, kind === 'rescheduled' ? 'the call was moved' : 'the call was cancelled', now)
      await writeMailJobs(sql, booking, made.jobs, now)
      await writeWebhookEvents(sql, booking.id, made.events ?? [], now)
      await announceChange(sql, booking.host)
      return { ok: true, booking, previous: row }
    })
  } catch (error) {
    if (isUniqueViolation(error)) return refuse('slotTaken')
    throw error
  }
}

const updated = (set: string) =>
  `WITH changed AS (UPDATE bookings SET ${set} WHERE id = $1 RETURNING *) ${SELECT_BOOKING.replace('FROM bookings', 'FROM changed')}`

/**
 * Why a booking cannot move to `start`, its row being locked: it is there already, or it has moved
 * `maxReschedules` times (the SEQUENCE of an active booking counts its moves).
 */
export function rescheduleRefusal(row: BookingRow, start: Temporal.Instant, maxReschedules: number): ChangeRefusal | undefined {
  if (Date.parse(row.startTime) === start.epochMilliseconds) return refuse('sameStart')
  if (row.sequence >= maxReschedules) return refuse('rescheduleLimit')
  return undefined
}

export function rescheduleBooking(
  backend: Backend,
  uid: string,
  to: { start: Temporal.Instant; end: Temporal.Instant; maxReschedules: number },
  limits: ChangeLimits,
  made: ChangeJobs,
): Promise<ChangeResult> {
  const refusalOf = (row: BookingRow) => rescheduleRefusal(row, to.start, to.maxReschedules)
  return change(backend, uid, limits, 'rescheduled', made, refusalOf, async (sql, row) => {
    const [booking] = await sql.query<BookingRow>(
      updated(`start_at = $2::timestamptz, end_at = $3::timestamptz, sequence = sequence + 1,
               rescheduled_at = $4::timestamptz, previous_start_at = start_at`),
      [row.id, to.start.toString(), to.end.toString(), limits.now.toString()],
    )
    return booking
  })
}

/** Who cancelled, as `bookings.cancelled_by` keeps it: the host, from the desk (docs/desk.md); undefined: the visitor. */
export type CancelledBy = 'host'

export function cancelBooking(
  backend: Backend,
  uid: string,
  reason: string | undefined,
  limits: ChangeLimits,
  made: ChangeJobs,
  by?: CancelledBy,
): Promise<ChangeResult> {
  return change(backend, uid, limits, 'cancelled', made, () => undefined, async (sql, row) => {
    const [booking] = await sql.query<BookingRow>(
      updated(`status = 'CANCELLED', sequence = sequence + 1, cancelled_at = $2::timestamptz, cancellation_reason = $3, cancelled_by = $4`),
      [row.id, limits.now.toString(), reason ?? null, by ?? null],
    )
    return booking
  })
}
