/**
 * The textChat model options shared by both levels: one sample per guard branch (a question typed, the
 * box emptied) and per kind of answer, and snapshots collapsed to state + whether a draft and a session
 * exist (the messages and the text would otherwise make the graph infinite; the checks compare them
 * with what the executors did).
 */
import type { EventObject } from 'xstate'
import { CHAT_ERRORS } from '../../core/chatErrors'
import type { TextChatContext, TextChatEvent } from '../../machines/textChat'
import type { ModelOptions } from './support/machineModel'

export const QUESTION = 'Can I book a call on Thursday?'
export const SESSION_ID = 'session-0001'
/** A piece of the assistant's answer, as one server-sent event carries it. */
export const DELTA = 'Kia ora! '

const samples: Record<string, ReadonlyArray<TextChatEvent & Record<string, unknown>>> = {
  EDIT: [
    { type: 'EDIT', text: QUESTION },
    { type: 'EDIT', text: '' },
  ],
  'REPLY.SESSION': [{ type: 'REPLY.SESSION', sessionId: SESSION_ID }],
  'REPLY.DELTA': [{ type: 'REPLY.DELTA', text: DELTA }],
  'REPLY.FAILED': [{ type: 'REPLY.FAILED', message: CHAT_ERRORS.cutOff }],
}

export const textChatModelOptions = {
  samples: samples as Record<string, ReadonlyArray<EventObject & Record<string, unknown>>>,
  serializeState: (s) => {
    const c = s.context as TextChatContext
    return JSON.stringify({ value: s.value, draft: c.draft.trim() !== '', session: c.sessionId !== null })
  },
} satisfies ModelOptions
