import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ProofOfWorkChallenge } from '../core/proofOfWork'

/**
 * Why a booking, or a change of one, is refused, as a code (branch on it, never on a sentence): one vocabulary
 * from the store's transactions (server/db/bookingChanges.ts) through the scheduler to the routes and the voice
 * tools, which word it and give it its status in one place, server/scheduler/refusalAnswer.ts
 * (docs/design.md#errors). Cal.com's codes on the wire (`slotTaken`, `outOfBounds`) are among them.
 */
export type RefusalCode =
  // The slot (Cal.com's codes).
  | 'slotTaken'
  | 'outOfBounds'
  // The booking being changed (core/manageWire.ts).
  | 'notFound'
  | 'alreadyCancelled'
  | 'cancelledReschedule'
  | 'pastCancel'
  | 'pastReschedule'
  | 'sameStart'
  /** Inside SCHEDULE_CHANGE_NOTICE_MINUTES of the start. */
  | 'changeNotice'
  // The limits.
  | 'rescheduleLimit'
  | 'upcomingLimit'
  | 'dailyLimit'
  // The email-code step (docs/design.md#email-codes): a code was sent; wrong; expired or spent; asked again too soon; the site's hour of code emails used.
  | 'codeRequired'
  | 'codeWrong'
  | 'codeExpired'
  | 'codeResendLimit'
  | 'codeMailLimit'
  /** No code email before a proof of work (server/scheduler/proofOfWork.ts): the challenge to solve rides along. */
  | 'proofRequired'
  // What a validated request still cannot name (core/bookingWire.ts).
  | 'unknownHost'
  | 'unknownEventType'
  | 'missingResponses'
  // The calendar: the host's, or Cal.com's service.
  | 'calendarUnreadable'
  | 'calendarTimeout'
  | 'calendarUnreachable'
  | 'calendarAnswerUnreadable'
  | 'calendarFailing'
  /** Any other refusal of Cal.com's: its own words, in `upstream`. */
  | 'calcomRefused'

export interface Refusal<Code extends RefusalCode = RefusalCode> {
  ok: false
  code: Code
  /** Cal.com's own status, message and body (Cal.com mode): sent on as they came. */
  upstream?: { status: ContentfulStatusCode; message: string; body: unknown }
  /** For a 429: when to try again. */
  retryAfterSeconds?: number
  /** For `dailyLimit`: the refusing limit's own sentence, when it has one (server/voice/voiceTools.ts gives one). */
  limitMessage?: string
  /** The email-code step: the address the code went to (its sentence names it), the tries left, whether the assistant may be offered. */
  email?: string
  triesLeft?: number
  assistant?: boolean
  /** For `proofRequired`: the challenge, as the answer carries it. */
  challenge?: ProofOfWorkChallenge
}

/** A refusal with nothing but its code. */
export const refuse = <Code extends RefusalCode>(code: Code): Refusal<Code> => ({ ok: false, code })

/** A daily cap reached (the client network's, or a voice call's own): when to try again, and the limit's sentence. */
export type DailyLimit = Refusal<'dailyLimit'> & { retryAfterSeconds: number }

export const dailyLimit = (retryAfterSeconds: number, message: string | undefined): DailyLimit => ({
  ok: false,
  code: 'dailyLimit',
  retryAfterSeconds,
  ...(message === undefined ? {} : { limitMessage: message }),
})
