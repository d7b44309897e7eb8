/**
 * The voiceCall machine's injected voice client: a callback actor over the adapter.
 * It receives the machine's commands and sends back what the call reports.
 */
import { fromCallback } from 'xstate'
import { describeVoiceError } from '../../../core/voiceErrors'
import type { VoiceClientCommand, VoiceClientEvent } from '../../../machines/voiceCall'
import type { VoiceAdapter } from './voiceAdapter'

export function voiceClientLogic(getAdapter: () => VoiceAdapter) {
  return fromCallback<VoiceClientCommand>(({ sendBack, receive }) => {
    const adapter = getAdapter()
    const send = (event: VoiceClientEvent) => sendBack(event)
    const unsubscribe = adapter.subscribe({
      listening: () => send({ type: 'CALL.LISTENING' }),
      startSettled: (ok) => send({ type: 'CALL.START_SETTLED', ok }),
      ended: () => send({ type: 'CALL.ENDED' }),
      error: (message) => send({ type: 'CALL.ERROR', message }),
      speech: (speaking) => send({ type: speaking ? 'CALL.SPEECH_STARTED' : 'CALL.SPEECH_ENDED' }),
      volume: (level) => send({ type: 'CALL.VOLUME', level }),
      transcript: (t) => send({ type: 'CALL.TRANSCRIPT', role: t.role, text: t.text, final: t.final }),
    })
    receive((command) => {
      switch (command.type) {
        case 'CLIENT.START':
          void adapter.start()
          break
        case 'CLIENT.STOP':
          void adapter.stop()
          break
        case 'CLIENT.PREFETCH':
          adapter.prefetch()
          break
        case 'CLIENT.SET_MUTED':
          try {
            adapter.setMuted(command.muted)
          } catch (error) {
            send({ type: 'CALL.ERROR', message: describeVoiceError(error) })
          }
          break
      }
    })
    return () => {
      unsubscribe()
      // Leaving the page's main layout ends any call (a stop during start waits for it to settle).
      void adapter.stop()
    }
  })
}
