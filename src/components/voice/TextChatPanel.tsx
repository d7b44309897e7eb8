import { useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { chatPanelText } from '../../content/voiceCallPanel'
import { CHAT_MESSAGE_ID, CHAT_PANEL_ID } from '../../lib/elementIds'
import { focusRing } from '../sections/ui'
import type { TextChatActor } from './textChatActor'
import { useTextChat } from './useTextChat'

const TITLE_ID = 'voice-chat-title'
const HINT_ID = 'voice-chat-hint'

const panelButton = `rounded-lg border border-white/20 px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${focusRing}`

/**
 * The text conversation with the assistant ('Type instead', docs/design.md#voice): the log (a live region, newest
 * last, the reply streaming in), the red box with Retry when a reply fails, and the Message box with
 * Send. Enter sends; Shift+Enter is a new line; Escape closes the panel.
 */
export function TextChatPanel({ chat, cardClass }: { chat: TextChatActor; cardClass: string }) {
  const { status, messages, draft, errorMessage, canSend, canRetry, events } = useTextChat(chat)
  const log = useRef<HTMLDivElement>(null)
  const replying = status === 'sending' || status === 'streaming'
  // Newest last, in view: follow the conversation as it grows (a scroll position, not state).
  useLayoutEffect(() => {
    const element = log.current
    if (element) element.scrollTop = element.scrollHeight
  }, [messages, status])

  const onPanelKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') events.close()
  }
  const onMessageKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return
    e.preventDefault()
    events.send()
  }

  return (
    <section id={CHAT_PANEL_ID} aria-labelledby={TITLE_ID} className={`${cardClass} space-y-2 text-slate-100`} onKeyDown={onPanelKeyDown}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={TITLE_ID} className="text-sm font-semibold">
          {chatPanelText.title}
        </h2>
        <button type="button" className={`${panelButton} py-1`} onClick={events.close}>
          {chatPanelText.close}
        </button>
      </div>
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={chatPanelText.log}
        // Announced once whole, not word by word, while the reply streams in.
        aria-busy={replying}
        tabIndex={0}
        className={`max-h-[min(16rem,35vh)] min-h-16 space-y-2 overflow-y-auto rounded-md bg-slate-950/60 p-2 text-sm ${focusRing}`}
      >
        {messages.length === 0 && <p className="text-slate-400">{chatPanelText.empty}</p>}
        {messages.map((message) => (
          <p key={message.id} className="whitespace-pre-wrap break-words">
            <span className={`font-semibold ${message.role === 'assistant' ? 'text-sky-300' : 'text-emerald-300'}`}>
              {message.role === 'assistant' ? chatPanelText.assistant : chatPanelText.you}:
            </span>{' '}
            {message.text}
          </p>
        ))}
        {status === 'sending' && <p className="text-slate-400">{chatPanelText.typing}</p>}
      </div>
      {status === 'failed' && (
        <div role="alert" className="flex items-center justify-between gap-2 rounded-lg border border-red-500/60 bg-red-950 p-2 text-sm text-red-100">
          <p>{errorMessage}</p>
          <button type="button" className={panelButton} aria-disabled={!canRetry || undefined} onClick={events.retry}>
            {chatPanelText.retry}
          </button>
        </div>
      )}
      <form
        className="space-y-1"
        onSubmit={(e) => {
          e.preventDefault()
          events.send()
        }}
      >
        <label htmlFor={CHAT_MESSAGE_ID} className="block text-sm font-semibold">
          {chatPanelText.message}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id={CHAT_MESSAGE_ID}
            rows={2}
            value={draft}
            aria-describedby={HINT_ID}
            onChange={(e) => events.edit(e.target.value)}
            onKeyDown={onMessageKeyDown}
            className={`min-h-11 w-full resize-none rounded-lg border border-white/20 bg-slate-950 px-3 py-2 text-sm text-white placeholder:text-slate-400 ${focusRing}`}
          />
          {/* Never disabled: it keeps the focus; the machine takes SEND only with a question and no reply under way. */}
          <button type="submit" className={`${panelButton} bg-sky-700 hover:bg-sky-800`} aria-disabled={!canSend || undefined}>
            {chatPanelText.send}
          </button>
        </div>
        <p id={HINT_ID} className="text-xs text-slate-400">
          {chatPanelText.hint}
        </p>
      </form>
    </section>
  )
}
