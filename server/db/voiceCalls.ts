/**
 * Voice calls that booked (issue 25, point 6): the platform's call id recorded on the booking that book_call
 * made, and the call's end-of-call report stored on that booking with the agency's brief written to the
 * outbox in the same transaction. Columns of migration 008.
 */
import type { Temporal } from 'temporal-polyfill'
import type { NewMailJob } from '../mail/message'
import { iso, type Backend } from './sql'

/** A booking as its brief reads it. */
export interface ReportedBooking {
  id: number
  uid: string
  name: string
  email: string
  /** ISO UTC instants. */
  startTime: string
  endTime: string
  timeZone: string
  status: string
  notes: string | null
  callSummary: string | null
  callTranscript: string | null
}

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
   * Records the platform's call id on the booking `uid` made in that call, and the visitor's note where the
   * booking has none yet. False when no booking has that uid (Cal.com mode keeps none here).
   */
  recordBooking(uid: string, callId: string, notes: string | undefined): Promise<boolean>
  /**
   * Stores the report on the bookings of `callId` that have none yet and writes the jobs `mails` makes of each,
   * in one transaction; the bookings it stored it on (none: the call booked nothing, or it was reported before).
   */
  report(callId: string, report: CallReport, mails: (booking: ReportedBooking) => NewMailJob[]): Promise<ReportedBooking[]>
  /** What the report left on the booking `uid`, if the booking exists. */
  find(uid: string): Promise<CallReportRecord | undefined>
}

export function voiceCallStore(backend: Backend): VoiceCallStore {
  return {
    async recordBooking(uid, callId, notes) {
      const rows = await backend.query<{ id: number }>(
        `UPDATE bookings SET voice_call_id = $2, notes = coalesce(notes, $3) WHERE uid = $1 RETURNING id`,
        [uid, callId, notes ?? null],
      )
      return rows.length > 0
    },
    report(callId, report, mails) {
      return backend.transaction(async (sql) => {
        // Row locks make a second report wait for the first and then find call_reported_at set.
        const stored = await sql.query<ReportedBooking>(
          `UPDATE bookings SET call_summary = $2, call_transcript = $3, call_reported_at = $4::timestamptz
            WHERE voice_call_id = $1 AND call_reported_at IS NULL
          RETURNING id, uid, name, email, ${iso('start_at')} AS "startTime", ${iso('end_at')} AS "endTime",
                    time_zone AS "timeZone", status, notes, call_summary AS "callSummary", call_transcript AS "callTranscript"`,
          [callId, report.summary ?? null, report.transcript ?? null, report.now.toString()],
        )
        for (const booking of stored) {
          for (const job of mails(booking)) {
            await sql.query(
              `INSERT INTO mail_jobs (booking_id, message_id, kind, recipient, message, next_attempt_at, created_at)
               VALUES ($1, $2, $3, $4, $5::jsonb, $6::timestamptz, $6::timestamptz)`,
              [booking.id, job.messageId, job.kind, job.recipient, JSON.stringify(job.message), report.now.toString()],
            )
          }
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
