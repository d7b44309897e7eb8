import { useMemo } from 'react'
import { chatStatus, type ChatMessage, type ChatStatus } from '../../../machines/textChat'
import { selection, useDeferredSelector } from '../../boot/deferredActor'
import type { TextChatActor, TextChatSnapshot } from './textChatActor'

const noMessages: ChatMessage[] = []

/** What the conversation's panel shows, with its value before the machine runs (tests/unit/machines/deferredViews.test.ts). */
export const textChatView = {
  status: selection<TextChatSnapshot, ChatStatus>(chatStatus, 'idle'),
  messages: selection((s: TextChatSnapshot) => s.context.messages, noMessages),
  draft: selection((s: TextChatSnapshot) => s.context.draft, ''),
  errorMessage: selection((s: TextChatSnapshot) => s.context.errorMessage, ''),
  canSend: selection((s: TextChatSnapshot) => s.can({ type: 'SEND' }), false),
  canRetry: selection((s: TextChatSnapshot) => s.can({ type: 'RETRY' }), false),
}

/**
 * The text conversation for its panel: what it shows, which controls the machine takes now (asked with
 * `can`), and named senders.
 */
export function useTextChat(chat: TextChatActor) {
  const status = useDeferredSelector(chat, textChatView.status)
  const messages = useDeferredSelector(chat, textChatView.messages)
  const draft = useDeferredSelector(chat, textChatView.draft)
  const errorMessage = useDeferredSelector(chat, textChatView.errorMessage)
  const canSend = useDeferredSelector(chat, textChatView.canSend)
  const canRetry = useDeferredSelector(chat, textChatView.canRetry)
  const events = useMemo(
    () => ({
      close: () => chat.send({ type: 'CLOSE' }),
      edit: (text: string) => chat.send({ type: 'EDIT', text }),
      send: () => chat.send({ type: 'SEND' }),
      retry: () => chat.send({ type: 'RETRY' }),
    }),
    [chat],
  )
  return { status, messages, draft, errorMessage, canSend, canRetry, events }
}
