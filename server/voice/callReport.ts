/**
 * The platform's `end-of-call-report` message (docs/voice-assistant.md#the-brief-after-the-call): sent to the same
 * POST /api/voice/tools once a call has ended, with the call's id, the summary its analysis plan made
 * (`analysis.summary`) and the transcript (`artifact.transcript`). When that call booked through book_call,
 * both are stored on the booking and the agency's brief is written to the outbox in the same transaction;
 * a report of a call that booked nothing, a second report of a call, and a report without its call's id are
 * acknowledged and dropped. Nothing of it is logged.
 */
import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { isPlainText } from '../../core/bookingFields'
import type { ServerConfig } from '../config'
import type { Clock } from '../clock'
import type { BookingStore } from '../db/store'
import { briefMail, SUMMARY_MAX_LENGTH, TRANSCRIPT_MAX_LENGTH } from '../mail/briefMail'
import { reminderMails } from '../mail/reminderMails'
import { mailSettings } from '../mail/settings'

export const CALL_REPORT_TYPE = 'end-of-call-report'

/** Only what the brief needs; the report's other fields (costs, recordings, messages) are ignored. */
const CallReportSchema = v.object({
  message: v.object({
    type: v.literal(CALL_REPORT_TYPE),
    call: v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }),
    analysis: v.optional(v.object({ summary: v.optional(v.nullable(v.string())) })),
    artifact: v.optional(v.object({ transcript: v.optional(v.nullable(v.string())) })),
    /** Where older reports put them. */
    summary: v.optional(v.nullable(v.string())),
    transcript: v.optional(v.nullable(v.string())),
  }),
})

/** True for a body whose message says it is an end-of-call report (however well formed the rest is). */
export function isCallReport(json: unknown): boolean {
  const message = (json as { message?: { type?: unknown } } | null)?.message
  return typeof message === 'object' && message !== null && message.type === CALL_REPORT_TYPE
}

/**
 * The text as the agency reads it: line breaks as `\n`, without control or bidi characters (which could make
 * it read differently from what was said), at most `max` characters (never half a character); empty is none.
 */
export function cleanText(text: string | null | undefined, max: number): string | undefined {
  if (!text) return undefined
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const clean = lines.map((line) => [...line].filter((char) => char === '\t' || isPlainText(char)).join('')).join('\n').trim()
  const chars = [...clean]
  const kept = chars.length > max ? chars.slice(0, max).join('') : clean
  return kept === '' ? undefined : kept
}

export interface CallReports {
  /** Stores the report and writes the brief when its call booked; resolves once that is committed. */
  receive(json: unknown): Promise<void>
}

export function callReports(deps: { config: ServerConfig; store: BookingStore; clock: Clock; onMailQueued: () => void; newId?: () => string }): CallReports {
  const { config, store, clock, onMailQueued, newId = randomUUID } = deps
  return {
    async receive(json) {
      // A report the brief cannot use (no call id, fields of the wrong type) is dropped: the platform expects no answer.
      const parsed = v.safeParse(CallReportSchema, json)
      if (!parsed.success) return
      const { message } = parsed.output
      const summary = cleanText(message.analysis?.summary ?? message.summary, SUMMARY_MAX_LENGTH)
      const transcript = cleanText(message.artifact?.transcript ?? message.transcript, TRANSCRIPT_MAX_LENGTH)
      if (!summary && !transcript) return
      const settings = mailSettings(config, store.calendarSecret)
      const now = clock()
      const stored = await store.voiceCalls.report(message.call.id, { summary, transcript, now }, (booking) =>
        // A call cancelled before its report arrived needs no brief; its summary is kept all the same. The agency's
        // reminder still to go is written again with the summary in it.
        booking.status === 'ACCEPTED'
          ? [
              briefMail(booking, settings, newId),
              ...reminderMails({ booking, plan: { visitor: [], host: config.HOST_REMINDER }, settings, now: now.toString(), newId, brief: summary }),
            ]
          : [],
      )
      if (stored.some((booking) => booking.status === 'ACCEPTED')) onMailQueued()
    },
  }
}
