/** The textChat machine's request, as the callback actor it invokes: one streamed answer per question. */
import { fromCallback, type EventObject } from 'xstate'
import type { ChatReplyEvent, ChatReplyInput } from '../../../machines/textChat'
import { CHAT_ERRORS } from '../../../core/chatErrors'
import type { VoiceConfig } from '../../config'
import { streamReply } from './chatClient'

export function chatReplyLogic(config: VoiceConfig | null, fetchImpl?: typeof fetch) {
  return fromCallback<EventObject, ChatReplyInput>(({ input, sendBack }) => {
    const send = (event: ChatReplyEvent) => sendBack(event)
    // The panel offers typing only with voice settings; without them there is nobody to ask.
    if (!config) {
      send({ type: 'REPLY.FAILED', message: CHAT_ERRORS.failed })
      return
    }
    const controller = new AbortController()
    void streamReply(
      config,
      input,
      {
        session: (sessionId) => send({ type: 'REPLY.SESSION', sessionId }),
        delta: (text) => send({ type: 'REPLY.DELTA', text }),
        done: () => send({ type: 'REPLY.DONE' }),
        failed: (message) => send({ type: 'REPLY.FAILED', message }),
      },
      controller.signal,
      fetchImpl,
    )
    // The machine left the reply (the visitor asked again, or the widget is gone): stop the request.
    return () => controller.abort()
  })
}
