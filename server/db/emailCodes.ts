/**
 * The codes emailed when bookings come fast (docs/design.md#email-codes), in the table email_codes: a code and
 * its email are written in one transaction (the outbox), under the limits on mail to unproven addresses, and
 * each check of a code counts a try before anything is compared.
 */
import type { Temporal } from 'temporal-polyfill'
import type { NewMailJob } from './mailMessage'
import { countClientAction, overClientLimit, writeMailJobs, type ClientLimit } from './bookingChanges'
import type { Backend } from './sql'
import type { DailyLimit, Refusal } from '../refusals'

/** Advisory locks (the two-key form; server/db/bookingChanges.ts has 11 to 13): one address's codes, the site's hour. */
const LOCK_ADDRESS = 14
const LOCK_SITE_MAILS = 15

/** How long a used or expired code's row is kept: long enough for every limit that reads it. */
const KEEP_HOURS = 24

export interface NewCode {
  /** A digest of the address (server/scheduler/emailCodes.ts), never the address. */
  addressKey: string
  /** The code's HMAC with the server's secret, never the digits. */
  codeHash: string
  now: Temporal.Instant
  expiresAt: Temporal.Instant
  /** No second code to one address within this many seconds. */
  resendSeconds: number
  /** The site's code emails in an hour at most; `perHourForNewcomers` of them for an address that never booked. */
  perHour: number
  perHourForNewcomers: number
  /** The address as bookings keep it (`bookings.email_key`): whether it booked before. */
  bookerKey: string
  /** The daily caps of the client network: a code email counts like a booking. */
  clients: readonly ClientLimit[]
  /** The code's email, for the outbox. */
  mail: NewMailJob
}

/** A code issued, or why not (server/refusals.ts): asked again too soon, the site's hour of code emails used, a daily cap. */
export type IssueResult = { ok: true } | (Refusal<'codeResendLimit' | 'codeMailLimit'> & { retryAfterSeconds: number }) | DailyLimit

/** The newest unexpired code of an address, its try counted. */
export interface CodeTry {
  id: number
  codeHash: string
  /** Tries so far, this one included. */
  tries: number
  /** Used already: it books nothing more, but the right code sent again gets its booking back (`bookingUid`). */
  used: boolean
  /** The booking it was used for, when there is one. */
  bookingUid: string | null
}

export interface EmailCodeStore {
  /** Writes a code and its email unless a limit refuses; nothing is written then. */
  issue(code: NewCode): Promise<IssueResult>
  /**
   * Counts a try on the newest code of the address if it is unexpired and has tries left, used or not: a used code is
   * tried only to answer its own booking again, and as dearly as an unused one.
   */
  try(addressKey: string, now: Temporal.Instant, maxTries: number): Promise<CodeTry | undefined>
  /** The uid of the booking the code of `id` was used for (by another request, while this one held it). */
  bookingOf(id: number): Promise<string | undefined>
  /** Code emails written since `since`, site-wide (the hourly cap counts them). */
  mailsSince(since: Temporal.Instant): Promise<number>
  /** Marks the proof of work of `nonce` spent until `expiresAt` (server/scheduler/proofOfWork.ts); false if it already was. */
  spendProof(nonce: string, expiresAt: Date): Promise<boolean>
}

const secondsUntil = (ms: number, now: Temporal.Instant) => Math.max(1, Math.ceil((ms - now.epochMilliseconds) / 1000))

export function emailCodeStore(backend: Backend): EmailCodeStore {
  async function bookingOf(id: number): Promise<string | undefined> {
    const [row] = await backend.query<{ uid: string }>('SELECT b.uid FROM email_codes c JOIN bookings b ON b.id = c.booking_id WHERE c.id = $1', [id])
    return row?.uid
  }

  return {
    issue: (code) =>
      backend.transaction(async (sql): Promise<IssueResult> => {
        const { now } = code
        await sql.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_ADDRESS, code.addressKey])
        const [last] = await sql.query<{ createdMs: number }>(
          `SELECT (extract(epoch FROM created_at) * 1000)::float8 AS "createdMs" FROM email_codes
            WHERE address_key = $1 ORDER BY id DESC LIMIT 1`,
          [code.addressKey],
        )
        const resendAt = last ? Number(last.createdMs) + code.resendSeconds * 1000 : 0
        if (resendAt > now.epochMilliseconds) return { ok: false, code: 'codeResendLimit', retryAfterSeconds: secondsUntil(resendAt, now) }
        const overCap = await overClientLimit(sql, { now, clients: code.clients }, 1)
        if (overCap) return overCap
        // A share of the hour is kept for addresses that booked before: strangers in a flood cannot take it all.
        const [booked] = await sql.query('SELECT 1 FROM bookings WHERE email_key = $1 LIMIT 1', [code.bookerKey])
        const cap = booked ? code.perHour : Math.min(code.perHour, code.perHourForNewcomers)
        await sql.query('SELECT pg_advisory_xact_lock($1::int, 0)', [LOCK_SITE_MAILS])
        const hourAgo = now.subtract({ hours: 1 })
        const sent = await sql.query<{ createdMs: number }>(
          `SELECT (extract(epoch FROM created_at) * 1000)::float8 AS "createdMs" FROM email_codes
            WHERE created_at > $1::timestamptz ORDER BY created_at DESC LIMIT $2`,
          [hourAgo.toString(), cap],
        )
        if (sent.length >= cap) {
          // Room again when the oldest of the hour's last `perHour` emails is an hour old.
          const oldest = Number(sent[sent.length - 1]?.createdMs)
          return { ok: false, code: 'codeMailLimit', retryAfterSeconds: secondsUntil(oldest + 3_600_000, now) }
        }
        await sql.query(`DELETE FROM email_codes WHERE created_at < $1::timestamptz`, [now.subtract({ hours: KEEP_HOURS }).toString()])
        const [inserted] = await sql.query<{ id: number }>(
          `INSERT INTO email_codes (address_key, code_hash, created_at, expires_at) VALUES ($1, $2, $3::timestamptz, $4::timestamptz)
           RETURNING id::int AS id`,
          [code.addressKey, code.codeHash, now.toString(), code.expiresAt.toString()],
        )
        if (!inserted) throw new Error('INSERT returned no row')
        await countClientAction(sql, { now, clients: code.clients }, 'code', 1)
        await writeMailJobs(sql, null, [{ ...code.mail, emailCodeId: inserted.id }], now)
        return { ok: true }
      }),

    async try(addressKey, now, maxTries) {
      // One statement: the newest code only (an older one is replaced by it), and the try counted before the caller compares.
      const [row] = await backend.query<Omit<CodeTry, 'bookingUid'>>(
        `UPDATE email_codes SET tries = tries + 1
          WHERE id = (SELECT id FROM email_codes WHERE address_key = $1 ORDER BY id DESC LIMIT 1)
            AND expires_at > $2::timestamptz AND tries < $3
          RETURNING id::int AS id, code_hash AS "codeHash", tries, used_at IS NOT NULL AS used`,
        [addressKey, now.toString(), maxTries],
      )
      if (!row) return undefined
      // Its booking in a statement of its own: when this UPDATE waited for the request that used the code, PostgreSQL
      // saw the code's new row but not, in this statement's snapshot, the booking that request wrote with it.
      return { ...row, bookingUid: row.used ? ((await bookingOf(row.id)) ?? null) : null }
    },

    bookingOf,

    async mailsSince(since) {
      const [row] = await backend.query<{ n: number }>('SELECT count(*)::int AS n FROM email_codes WHERE created_at > $1::timestamptz', [
        since.toString(),
      ])
      return row?.n ?? 0
    },

    async spendProof(nonce, expiresAt) {
      // One statement takes it: of two requests with the same proof, one inserts and the other finds it there.
      const [row] = await backend.query(
        `WITH gone AS (DELETE FROM spent_proofs WHERE expires_at < now())
         INSERT INTO spent_proofs (nonce, expires_at) VALUES ($1, $2::timestamptz) ON CONFLICT (nonce) DO NOTHING RETURNING 1`,
        [nonce, expiresAt.toISOString()],
      )
      return row !== undefined
    },
  }
}
