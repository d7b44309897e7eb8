/**
 * The text conversation with the voice assistant (docs/design.md#machines, docs/design.md#voice "Type or talk"): for a visitor who cannot
 * or would rather not speak. Two regions side by side:
 *
 * - `panel`: closed or open. Closing only puts the panel away: a reply under way goes on, and the
 *   conversation is there again when it opens.
 * - `conversation`: idle, replying (sending: asked, nothing back yet; streaming: the reply coming in),
 *   failed (a sentence and Retry, which asks the same question again).
 *
 * The platform names the conversation's session in its first answer; every later question carries
 * that id (context.sessionId), so the assistant keeps the context. The request itself is an injected
 * callback actor (`chatReply`) that reports the platform's answer as REPLY.* events.
 */
import { and, assertEvent, assign, fromCallback, setup, stateIn, type EventObject, type SnapshotFrom } from 'xstate'
import type { FocusReturnTarget } from './focusTarget'
import { providedByApp } from './providedByApp'

export type { FocusReturnTarget }

export interface ChatMessage {
  id: number
  role: 'visitor' | 'assistant'
  text: string
}

export interface TextChatContext {
  messages: ChatMessage[]
  /** What the visitor is typing in the Message box. */
  draft: string
  /** The question the reply under way (or the failed one) answers: Retry asks it again. */
  question: string
  /** The platform's id for this conversation, from its first answer; null before. */
  sessionId: string | null
  /** The assistant's message being streamed in, until the reply is complete. */
  replyId: number | null
  errorMessage: string
  /** Whatever opened the panel ('Type instead'), to give focus back to. */
  opener: FocusReturnTarget | null
  nextId: number
}

/** What the request to the platform reports (its server-sent events, translated by the app). */
export type ChatReplyEvent =
  | { type: 'REPLY.SESSION'; sessionId: string }
  | { type: 'REPLY.DELTA'; text: string }
  | { type: 'REPLY.DONE' }
  | { type: 'REPLY.FAILED'; message: string }

export type TextChatViewEvent =
  | { type: 'OPEN'; opener?: FocusReturnTarget | null }
  | { type: 'CLOSE' }
  | { type: 'EDIT'; text: string }
  | { type: 'SEND' }
  | { type: 'RETRY' }

export type TextChatEvent = TextChatViewEvent | ChatReplyEvent

/** What the chatReply actor is asked: one question, in the session the platform named (if any yet). */
export interface ChatReplyInput {
  input: string
  sessionId: string | null
}

export const textChatMachine = setup({
  types: {
    context: {} as TextChatContext,
    events: {} as TextChatEvent,
  },
  actors: {
    /** One POST /chat/web with its streamed answer; sends back ChatReplyEvent; stopping it aborts the request. */
    chatReply: fromCallback<EventObject, ChatReplyInput>(() => providedByApp('chatReply')),
  },
  guards: {
    panelOpen: stateIn({ panel: 'open' }),
    hasDraft: ({ context }) => context.draft.trim() !== '',
    /** Only what the visitor can do: type and press Send in the open panel. */
    canAsk: and(['panelOpen', 'hasDraft']),
  },
  actions: {
    assignOpener: assign({
      opener: ({ event }) => {
        assertEvent(event, 'OPEN')
        return event.opener ?? null
      },
    }),
    focusMessage: () => providedByApp('focusMessage'),
    returnFocus: () => providedByApp('returnFocus'),
    setDraft: assign({
      draft: ({ event }) => {
        assertEvent(event, 'EDIT')
        return event.text
      },
    }),
    /** The draft becomes the visitor's message and the question asked. */
    ask: assign(({ context }) => {
      const text = context.draft.trim()
      return {
        messages: [...context.messages, { id: context.nextId, role: 'visitor' as const, text }],
        question: text,
        draft: '',
        nextId: context.nextId + 1,
      }
    }),
    setSession: assign({
      sessionId: ({ event }) => {
        assertEvent(event, 'REPLY.SESSION')
        return event.sessionId
      },
    }),
    startReply: assign(({ context, event }) => {
      assertEvent(event, 'REPLY.DELTA')
      return {
        messages: [...context.messages, { id: context.nextId, role: 'assistant' as const, text: event.text }],
        replyId: context.nextId,
        nextId: context.nextId + 1,
      }
    }),
    appendReply: assign({
      messages: ({ context, event }) => {
        assertEvent(event, 'REPLY.DELTA')
        return context.messages.map((m) => (m.id === context.replyId ? { ...m, text: m.text + event.text } : m))
      },
    }),
    finishReply: assign({ replyId: null }),
    /** A reply cut off halfway is taken away: Retry asks again and the whole answer streams in anew. */
    dropReply: assign({
      messages: ({ context }) => context.messages.filter((m) => m.id !== context.replyId),
      replyId: null,
    }),
    setError: assign({
      errorMessage: ({ event }) => {
        assertEvent(event, 'REPLY.FAILED')
        return event.message
      },
    }),
    clearError: assign({ errorMessage: '' }),
  },
}).createMachine({
  id: 'textChat',
  type: 'parallel',
  context: { messages: [], draft: '', question: '', sessionId: null, replyId: null, errorMessage: '', opener: null, nextId: 1 },
  on: {
    EDIT: { guard: 'panelOpen', actions: 'setDraft' },
  },
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: {
          on: { OPEN: { target: 'open', actions: 'assignOpener' } },
        },
        open: {
          entry: 'focusMessage',
          exit: 'returnFocus',
          on: {
            // 'Type instead' again (or the error box's): the panel is there, so the focus goes to the Message box.
            OPEN: { actions: ['assignOpener', 'focusMessage'] },
            CLOSE: { target: 'closed' },
          },
        },
      },
    },
    conversation: {
      initial: 'idle',
      states: {
        idle: {
          on: { SEND: { guard: 'canAsk', target: 'replying', actions: 'ask' } },
        },
        replying: {
          invoke: {
            id: 'chatReply',
            src: 'chatReply',
            input: ({ context }): ChatReplyInput => ({ input: context.question, sessionId: context.sessionId }),
          },
          initial: 'sending',
          on: {
            'REPLY.SESSION': { actions: 'setSession' },
            'REPLY.FAILED': { target: 'failed', actions: ['dropReply', 'setError'] },
          },
          states: {
            /** Asked; nothing of the answer yet. */
            sending: {
              on: {
                'REPLY.DELTA': { target: 'streaming', actions: 'startReply' },
                // An answer without text: nothing to show, ready for the next question.
                'REPLY.DONE': { target: '#textChat.conversation.idle' },
              },
            },
            streaming: {
              on: {
                'REPLY.DELTA': { actions: 'appendReply' },
                'REPLY.DONE': { target: '#textChat.conversation.idle', actions: 'finishReply' },
              },
            },
          },
        },
        failed: {
          on: {
            // The Retry button goes away with the error: the focus goes back to the Message box.
            RETRY: { guard: 'panelOpen', target: 'replying', actions: ['clearError', 'focusMessage'] },
            // Asking something else instead is as good as Retry.
            SEND: { guard: 'canAsk', target: 'replying', actions: ['clearError', 'ask'] },
          },
        },
      },
    },
  },
})

export type TextChatMachine = typeof textChatMachine
export type TextChatSnapshot = SnapshotFrom<typeof textChatMachine>

export type ChatStatus = 'idle' | 'sending' | 'streaming' | 'failed'

/** Where the conversation is, for the view (the log's busy state, Send, the error box). */
export function chatStatus(snapshot: TextChatSnapshot): ChatStatus {
  if (snapshot.matches({ conversation: { replying: 'sending' } })) return 'sending'
  if (snapshot.matches({ conversation: { replying: 'streaming' } })) return 'streaming'
  if (snapshot.matches({ conversation: 'failed' })) return 'failed'
  return 'idle'
}

export const isChatOpen = (snapshot: TextChatSnapshot): boolean => snapshot.matches({ panel: 'open' })
