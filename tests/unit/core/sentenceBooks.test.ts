/**
 * The books of sentences (docs/design.md#errors): each sentence is written once, in one book. That every code has
 * its sentence is the type system's part: each code union is its book's keys (`keyof typeof`), and the server's
 * refusal codes map to their answers in a table typed over every code (server/scheduler/refusalAnswer.ts).
 */
import { describe, expect, it } from 'vitest'
import { BOOKING_ERROR_TEXTS, MANAGE_ERROR_TEXTS } from '../../../core/bookingErrors'
import { VALIDATION_MESSAGES } from '../../../core/bookingFields'
import { WIRE_MESSAGES } from '../../../core/bookingWire'
import { CHAT_ERRORS } from '../../../core/chatErrors'
import { EMAIL_CODE_MESSAGES } from '../../../core/emailVerification'
import { MANAGE_MESSAGES } from '../../../core/manageWire'
import * as voiceErrors from '../../../core/voiceErrors'
import { INVITE_SENTENCES } from '../../../server/mail/mailSentences'
import { SERVER_SENTENCES } from '../../../server/sentences'
import { VOICE_TOOL_MESSAGES } from '../../../server/voice/sentences'

const BOOKS: Record<string, Readonly<Record<string, unknown>>> = {
  'core/bookingWire.ts WIRE_MESSAGES': WIRE_MESSAGES,
  'core/manageWire.ts MANAGE_MESSAGES': MANAGE_MESSAGES,
  'core/bookingErrors.ts BOOKING_ERROR_TEXTS': BOOKING_ERROR_TEXTS,
  'core/bookingErrors.ts MANAGE_ERROR_TEXTS': MANAGE_ERROR_TEXTS,
  'core/bookingFields.ts VALIDATION_MESSAGES': VALIDATION_MESSAGES,
  'core/chatErrors.ts CHAT_ERRORS': CHAT_ERRORS,
  'core/emailVerification.ts EMAIL_CODE_MESSAGES': EMAIL_CODE_MESSAGES,
  'core/voiceErrors.ts MICROPHONE_MESSAGES': voiceErrors.MICROPHONE_MESSAGES,
  'core/voiceErrors.ts': voiceErrors,
  'server/sentences.ts SERVER_SENTENCES': SERVER_SENTENCES,
  'server/mail/mailSentences.ts INVITE_SENTENCES': INVITE_SENTENCES,
  'server/voice/sentences.ts VOICE_TOOL_MESSAGES': VOICE_TOOL_MESSAGES,
}

describe('the books of sentences', () => {
  it('define no sentence twice', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const [book, entries] of Object.entries(BOOKS)) {
      for (const [code, sentence] of Object.entries(entries)) {
        if (typeof sentence !== 'string') continue
        const first = seen.get(sentence)
        if (first) twice.push(`'${sentence}': ${first} and ${book} ${code}`)
        else seen.set(sentence, `${book} ${code}`)
      }
    }
    expect(twice).toEqual([])
  })
})
