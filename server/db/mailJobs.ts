/**
 * The mail outbox's queue (table mail_jobs). Jobs are claimed with a lease: the claim is one UPDATE
 * over rows picked `FOR UPDATE SKIP LOCKED`, so concurrent workers on several instances take
 * different jobs, and the send itself runs outside any transaction. A worker that dies mid-send
 * leaves its lease to run out; another then sends again with the same Message-ID (with PGlite, one
 * process alone, the next start releases its leases at once: releaseLeases).
 */
import { Temporal } from 'temporal-polyfill'
import type { MailKind, MailRecipient, OutboxMessage } from './mailMessage'
import { iso, type Sql } from './sql'

export interface MailJob {
  id: number
  /** The booking's uid (a CalDAV job writes the booking's latest state); null for a code's email, which has none. */
  bookingUid: string | null
  messageId: string
  kind: MailKind
  recipient: MailRecipient
  message: OutboxMessage
  /** Attempts so far, this one included. */
  attempts: number
}

/** A job's state, as `npm run bookings` and the tests read it. */
export interface MailJobState {
  id: number
  bookingUid: string
  messageId: string
  kind: MailKind
  recipient: MailRecipient
  /** 'dropped': a reminder that will not go (the call moved, was cancelled, or had started); lastError says which. */
  status: 'pending' | 'sent' | 'failed' | 'dropped'
  attempts: number
  lastError: string | null
  nextAttemptAt: string
  sentAt: string | null
}

export interface MailJobStore {
  /**
   * Drops the due jobs that are pointless at `now`: a reminder whose call has started, an overdue
   * reminder when a later one to the same person is due too or sent (a server down through both moments),
   * and a code's email whose code expired, was used or has a newer one.
   * They never go. Only due jobs are looked at (the due index), and claim() skips the others meanwhile.
   * Resolves with their ids and why, for the log.
   */
  dropLate(now: Temporal.Instant): Promise<{ id: number; reason: string }[]>
  /** Takes up to `limit` due jobs, each held until `leaseUntil`; counts the attempt. */
  claim(now: Temporal.Instant, leaseUntil: Temporal.Instant, limit: number): Promise<MailJob[]>
  sent(id: number, now: Temporal.Instant): Promise<void>
  /** A failure worth another try at `nextAttemptAt`. */
  retry(id: number, error: string, nextAttemptAt: Temporal.Instant): Promise<void>
  /** A failure for good (a permanent refusal, or the last attempt). */
  failed(id: number, error: string): Promise<void>
  /** Hands a claimed job back untried (the worker is stopping): any worker may take it at once. */
  release(id: number): Promise<void>
  /** When the next pending job is due (or its lease runs out), if any. */
  nextDue(): Promise<Temporal.Instant | undefined>
  /** The jobs of one booking, oldest first. */
  forBooking(uid: string): Promise<MailJobState[]>
}

/**
 * Whether the reminder `j` has a later one to the same person due too, or sent already (a server down through
 * both moments, or an earlier one retried past the later one's moment): then only the later goes. Checked when
 * claiming as well, so no instance takes the earlier one meanwhile.
 */
/**
 * A code's email once it is done with (sent, failed or dropped) keeps no text: the digits stay nowhere but in the
 * visitor's mailbox (docs/design.md#email-codes). A desk sign-in link's neither.
 */
const FORGET_CODE = `message = CASE WHEN kind IN ('code', 'desk-link') THEN '{"forgotten":true}'::jsonb ELSE message END`

/**
 * Whether the code's email `j` carries a code that no longer counts: a newer code of its address exists (only the newest
 * is checked) or it was used. An email held by a worker that died would otherwise land after the newer one.
 */
const STALE_CODE = `(j.kind = 'code' AND EXISTS (
  SELECT 1 FROM email_codes c
   WHERE c.id = j.email_code_id
     AND (c.used_at IS NOT NULL OR EXISTS (SELECT 1 FROM email_codes newer WHERE newer.address_key = c.address_key AND newer.id > c.id))))`

const LATER_REMINDER_DUE = `(j.remind_at <= $1::timestamptz AND EXISTS (
  SELECT 1 FROM mail_jobs later
   WHERE later.booking_id = j.booking_id AND later.recipient = j.recipient AND later.status IN ('pending', 'sent')
     AND later.remind_at > j.remind_at AND later.remind_at <= $1::timestamptz))`

export function mailJobStore(sql: Sql): MailJobStore {
  return {
    async dropLate(now) {
      const rows = await sql.query<{ id: number; reason: string }>(
        `UPDATE mail_jobs j
            SET status = 'dropped', locked_until = NULL, ${FORGET_CODE},
                last_error = CASE WHEN j.kind = 'code' AND j.not_after <= $1::timestamptz THEN 'the code had expired'
                                  WHEN j.kind = 'code' THEN 'its code was used, or a newer code replaces it'
                                  WHEN j.kind = 'desk-link' THEN 'the sign-in link had expired'
                                  WHEN j.not_after <= $1::timestamptz THEN 'the call had started' ELSE 'a later reminder replaces it' END
          WHERE j.status = 'pending' AND j.next_attempt_at <= $1::timestamptz
            AND (j.locked_until IS NULL OR j.locked_until <= $1::timestamptz)
            AND (j.not_after <= $1::timestamptz OR ${LATER_REMINDER_DUE} OR ${STALE_CODE})
          RETURNING j.id::int AS id, j.last_error AS reason`,
        [now.toString()],
      )
      return rows.sort((a, b) => a.id - b.id)
    },
    async claim(now, leaseUntil, limit) {
      const rows = await sql.query<MailJob>(
        `UPDATE mail_jobs SET locked_until = $2::timestamptz, attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM mail_jobs j
             WHERE status = 'pending' AND next_attempt_at <= $1::timestamptz
               AND (locked_until IS NULL OR locked_until <= $1::timestamptz)
               AND (not_after IS NULL OR not_after > $1::timestamptz)
               AND NOT ${LATER_REMINDER_DUE} AND NOT ${STALE_CODE}
             ORDER BY next_attempt_at, id
             LIMIT $3
             FOR UPDATE SKIP LOCKED)
          RETURNING id::int AS id, (SELECT uid FROM bookings b WHERE b.id = mail_jobs.booking_id) AS "bookingUid",
                    message_id AS "messageId", kind, recipient, message, attempts`,
        [now.toString(), leaseUntil.toString(), limit],
      )
      return rows.sort((a, b) => a.id - b.id)
    },
    async sent(id, now) {
      await sql.query(`UPDATE mail_jobs SET status = 'sent', sent_at = $2::timestamptz, locked_until = NULL, ${FORGET_CODE} WHERE id = $1`, [
        id,
        now.toString(),
      ])
    },
    async retry(id, error, nextAttemptAt) {
      await sql.query(
        `UPDATE mail_jobs SET last_error = $2, next_attempt_at = $3::timestamptz, locked_until = NULL WHERE id = $1`,
        [id, error, nextAttemptAt.toString()],
      )
    },
    async failed(id, error) {
      await sql.query(`UPDATE mail_jobs SET status = 'failed', last_error = $2, locked_until = NULL, ${FORGET_CODE} WHERE id = $1`, [id, error])
    },
    async release(id) {
      await sql.query(`UPDATE mail_jobs SET locked_until = NULL, attempts = attempts - 1 WHERE id = $1`, [id])
    },
    async nextDue() {
      // A job another worker holds is due again when its lease runs out, not before.
      // Two index lookups rather than one pass over every pending job: reminders keep many pending for weeks.
      const [row] = await sql.query<{ due: string | null }>(
        `SELECT ${iso(`LEAST(
           (SELECT min(next_attempt_at) FROM mail_jobs WHERE status = 'pending' AND locked_until IS NULL),
           (SELECT min(GREATEST(next_attempt_at, locked_until)) FROM mail_jobs WHERE status = 'pending' AND locked_until IS NOT NULL))`)} AS due`,
      )
      return row?.due ? Temporal.Instant.from(row.due) : undefined
    },
    forBooking(uid) {
      return sql.query<MailJobState>(
        `SELECT j.id::int AS id, b.uid AS "bookingUid", j.message_id AS "messageId", j.kind, j.recipient, j.status,
                j.attempts, j.last_error AS "lastError", ${iso('j.next_attempt_at')} AS "nextAttemptAt",
                ${iso('j.sent_at')} AS "sentAt"
           FROM mail_jobs j JOIN bookings b ON b.id = j.booking_id
          WHERE b.uid = $1 ORDER BY j.id`,
        [uid],
      )
    },
  }
}

/**
 * Hands back every job a worker holds (PGlite only, at start: its one process is the only worker, so a lease still
 * held was left by a process that died mid-send). Its attempt stays counted: the message may have gone.
 */
export async function releaseLeases(sql: Sql): Promise<number> {
  const rows = await sql.query(`UPDATE mail_jobs SET locked_until = NULL WHERE status = 'pending' AND locked_until IS NOT NULL RETURNING id`)
  return rows.length
}
