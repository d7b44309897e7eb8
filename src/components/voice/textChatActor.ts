/**
 * The text conversation's actor for the widget (first load: only this small part). The machine, XState
 * and the request load as their own chunk when the page is idle and no dialog covers it, or at once when
 * 'Type instead' is pressed; a press before then opens the panel as soon as they have
 * (src/boot/deferredActor.ts). A build without voice settings has no actor and loads none of it.
 *
 * The actor lives with the widget at the root of the page, so a conversation goes on across pages.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { FocusReturnTarget, textChatMachine } from '../../../machines/textChat'
import { deferredActor, selection, type DeferredActor, type SnapshotOf } from '../../boot/deferredActor'
import { deferredModule } from '../../boot/deferredModule'
import { afterFirstPaintInView } from '../../lib/dom/pageEnvironment'

export type TextChatActor = DeferredActor<ActorRefFrom<typeof textChatMachine>>
export type TextChatSnapshot = NonNullable<SnapshotOf<ActorRefFrom<typeof textChatMachine>>>

const chatMachines = deferredModule(() => import('../../logic/chatMachines'), afterFirstPaintInView)

export function useTextChatActor(): TextChatActor | null {
  const [actor] = useState(() => (import.meta.env.VOICE_CONFIGURED ? deferredActor(chatMachines, (m) => m.createActor(m.textChatLogic)) : null))
  useEffect(() => actor?.start(), [actor])
  return actor
}

/** Whether the conversation's panel is open (closed until the machine runs). */
export const chatOpenSelection = selection((s: TextChatSnapshot) => s.matches({ panel: 'open' }), false)

const noSubscription = () => () => {}

/**
 * Whether the conversation's panel is open, and named senders that open it ('Type instead') and close it
 * (a call starting takes the widget's panel). Without voice settings there is no conversation: closed, no-ops.
 */
export function useChatControls(chat: TextChatActor | null) {
  const open = useSyncExternalStore(
    chat?.subscribe ?? noSubscription,
    () => {
      const snapshot = chat?.getSnapshot()
      return snapshot === undefined ? chatOpenSelection.initial : chatOpenSelection.select(snapshot)
    },
    () => chatOpenSelection.initial,
  )
  const senders = useMemo(
    () => ({
      openChat: (opener: FocusReturnTarget | null) => chat?.send({ type: 'OPEN', opener }),
      closeChat: () => chat?.send({ type: 'CLOSE' }),
    }),
    [chat],
  )
  return { open, ...senders }
}
