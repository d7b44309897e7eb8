import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { BOOKING_ERRORS, WIRE_MESSAGES } from '../../core/bookingWire'
import { changeNoticeMessage, MANAGE_MESSAGES, rescheduleLimitMessage, upcomingLimitMessage } from '../../core/manageWire'
import {
  codeSentSentence,
  EMAIL_CODE_ANSWERS,
  EMAIL_CODE_MESSAGES,
  mailLimitSentence,
  resendLimitSentence,
  wrongCodeSentence,
  type EmailCodeAnswer,
} from '../../core/emailVerification'
import { PROOF_OF_WORK_SENTENCE } from '../../core/proofOfWork'
import type { ServerConfig } from '../config'
import type { Refusal, RefusalCode } from '../refusals'
import { SERVER_SENTENCES } from '../sentences'

type Wording = string | ((refusal: Refusal, config: ServerConfig) => string)

/**
 * Every refusal code's status and sentence, in one place (docs/design.md#errors): the sentences come from the
 * books (core/ for what the browser shows as is, server/sentences.ts for the server's own). A code without an
 * entry does not compile.
 */
const ANSWERS: { readonly [Code in RefusalCode]: readonly [ContentfulStatusCode, Wording, EmailCodeAnswer?] } = {
  // Cal.com's codes go on the wire as they are; the browser words them (core/bookingErrors.ts).
  slotTaken: [409, BOOKING_ERRORS.slotTaken],
  outOfBounds: [400, BOOKING_ERRORS.outOfBounds],
  notFound: [404, MANAGE_MESSAGES.notFound],
  alreadyCancelled: [400, MANAGE_MESSAGES.alreadyCancelled],
  cancelledReschedule: [400, MANAGE_MESSAGES.cancelledReschedule],
  pastCancel: [400, MANAGE_MESSAGES.pastCancel],
  pastReschedule: [400, MANAGE_MESSAGES.pastReschedule],
  sameStart: [400, MANAGE_MESSAGES.sameStart],
  changeNotice: [409, (_, config) => changeNoticeMessage(config.SCHEDULE_CHANGE_NOTICE_MINUTES, config.HOST_EMAIL)],
  rescheduleLimit: [400, (_, config) => rescheduleLimitMessage(config.MAX_RESCHEDULES_PER_BOOKING)],
  upcomingLimit: [409, (_, config) => upcomingLimitMessage(config.MAX_UPCOMING_PER_EMAIL, config.BOOKING_HOST_NAME)],
  dailyLimit: [429, (refusal) => refusal.limitMessage ?? MANAGE_MESSAGES.dailyLimit],
  // The email-code step: its own code beside the sentence, for the form to branch on (docs/design.md#email-codes).
  codeRequired: [403, (refusal) => codeSentSentence(refusal.email ?? ''), EMAIL_CODE_ANSWERS.required],
  codeWrong: [403, (refusal) => wrongCodeSentence(refusal.triesLeft ?? 1), EMAIL_CODE_ANSWERS.wrong],
  codeExpired: [403, EMAIL_CODE_MESSAGES.expired, EMAIL_CODE_ANSWERS.expired],
  codeResendLimit: [429, (refusal) => resendLimitSentence(refusal.email ?? '', refusal.retryAfterSeconds ?? 60), EMAIL_CODE_ANSWERS.resendLimit],
  codeMailLimit: [429, (refusal, config) => mailLimitSentence(config.HOST_EMAIL, refusal.assistant ?? false), EMAIL_CODE_ANSWERS.mailLimit],
  proofRequired: [403, PROOF_OF_WORK_SENTENCE, EMAIL_CODE_ANSWERS.proofOfWork],
  unknownHost: [400, WIRE_MESSAGES.user],
  unknownEventType: [400, WIRE_MESSAGES.eventType],
  missingResponses: [400, WIRE_MESSAGES.responses],
  calendarUnreadable: [503, SERVER_SENTENCES.calendarUnreadable],
  calendarTimeout: [502, SERVER_SENTENCES.calendarTimeout],
  calendarUnreachable: [502, SERVER_SENTENCES.calendarUnreachable],
  calendarAnswerUnreadable: [502, SERVER_SENTENCES.calendarAnswerUnreadable],
  calendarFailing: [502, SERVER_SENTENCES.calendarFailing],
  // Always carries Cal.com's own words (`upstream`); worded as a failing service only if it ever did not.
  calcomRefused: [502, SERVER_SENTENCES.calendarFailing],
}

/**
 * What a route answers for a refusal: Cal.com's own status and message as they came, else the code's; `code` for
 * the answers of the email-code step.
 */
export function refusalAnswer(refusal: Refusal, config: ServerConfig): { status: ContentfulStatusCode; message: string; code?: EmailCodeAnswer } {
  if (refusal.upstream) return { status: refusal.upstream.status, message: refusal.upstream.message }
  const [status, wording, code] = ANSWERS[refusal.code]
  const message = typeof wording === 'string' ? wording : wording(refusal, config)
  return code ? { status, message, code } : { status, message }
}
