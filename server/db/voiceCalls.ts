/**
 * Voice calls that booked: the platform's call id recorded on the booking that book_call
 * made, and the call's end-of-call report stored on that booking with the agency's brief written to the
 * outbox in the same transaction. Columns of migration 008.
 */
import type { Temporal } from 'temporal-polyfill'
import type { NewMailJob } from './mailMessage'
import { writeMailJobs } from './bookingChanges'
import type { BookingRow } from './rows'
import { iso, SELECT_BOOKING, type Backend } from './sql'

/** A booking as its brief (and the agency's reminder rewritten with it) reads it. */
export type ReportedBooking = BookingRow & { callSummary: string | null; callTranscript: string | null }

/** What a call's report left on its booking. */
export interface CallReportRecord {
  voiceCallId: string | null
  callSummary: string | null
  callTranscript: string | null
  callReportedAt: string | null
}

export interface CallReport {
  summary: string | undefined
  transcript: string | undefined
  now: Temporal.Instant
}

export interface VoiceCallStore {
  /**
   * Records the platform's call id on the booking `uid` made in that call. False when no booking has that uid (Cal.com mode keeps none here).
   */
  recordBooking(uid: string, callId: string): Promise<boolean>
  /**
   * Stores the report on the bookings of `callId` that have none yet and writes the jobs `mails` makes of each,
   * in one transaction; the bookings it stored it on (none: the call booked nothing, or it was reported before).
   * When `mails` gives an agency's reminder, it takes the place of the booking's one still to go (written at
   * booking, before there was a summary to put in it).
   */
  report(callId: string, report: CallReport, mails: (booking: ReportedBooking) => NewMailJob[]): Promise<ReportedBooking[]>
  /** What the report left on the booking `uid`, if the booking exists. */
  find(uid: string): Promise<CallReportRecord | undefined>
}

export function voiceCallStore(backend: Backend): VoiceCallStore {
  return {
    async recordBooking(uid, callId) {
      const rows = await backend.query<{ id: number }>(
        `UPDATE bookings SET voice_call_id = $2 WHERE uid = $1 RETURNING id`,
        [uid, callId],
      )
      return rows.length > 0
    },
    report(callId, report, mails) {
      return backend.transaction(async (sql) => {
        // Row locks make a second report wait for the first and then find call_reported_at set.
        const reported = await sql.query<{ id: number; callSummary: string | null; callTranscript: string | null }>(
          `UPDATE bookings SET call_summary = $2, call_transcript = $3, call_reported_at = $4::timestamptz
            WHERE voice_call_id = $1 AND call_reported_at IS NULL
          RETURNING id, call_summary AS "callSummary", call_transcript AS "callTranscript"`,
          [callId, report.summary ?? null, report.transcript ?? null, report.now.toString()],
        )
        const stored: ReportedBooking[] = []
        for (const { id, callSummary, callTranscript } of reported) {
          const [row] = await sql.query<BookingRow>(`${SELECT_BOOKING} WHERE id = $1`, [id])
          const booking = { ...(row as BookingRow), callSummary, callTranscript }
          const jobs = mails(booking)
          if (jobs.some((job) => job.kind === 'reminder' && job.recipient === 'host'))
            await sql.query(
              `UPDATE mail_jobs SET status = 'dropped', last_error = 'rewritten with the call brief', locked_until = NULL
                WHERE booking_id = $1 AND kind = 'reminder' AND recipient = 'host' AND status = 'pending'`,
              [id],
            )
          await writeMailJobs(sql, booking, jobs, report.now)
          stored.push(booking)
        }
        return stored
      })
    },
    async find(uid) {
      const [row] = await backend.query<CallReportRecord>(
        `SELECT voice_call_id AS "voiceCallId", call_summary AS "callSummary", call_transcript AS "callTranscript",
                ${iso('call_reported_at')} AS "callReportedAt" FROM bookings WHERE uid = $1`,
        [uid],
      )
      return row
    },
  }
}
