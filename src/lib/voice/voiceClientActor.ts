/**
 * The voiceCall machine's injected voice client, as actors over the adapter: one callback actor that
 * reports what the SDK says and takes the machine's small commands, and the SDK's start() and stop()
 * as promise actors, whose settling the machine waits for in its own states.
 */
import { fromCallback, fromPromise } from 'xstate'
import { describeVoiceError } from '../../../core/voiceErrors'
import type { VoiceClientCommand, VoiceClientEvent } from '../../../machines/voiceCall'
import type { VoiceAdapter } from './voiceAdapter'

export function voiceClientLogic(getAdapter: () => VoiceAdapter) {
  return fromCallback<VoiceClientCommand>(({ sendBack, receive }) => {
    const adapter = getAdapter()
    const send = (event: VoiceClientEvent) => sendBack(event)
    const unsubscribe = adapter.subscribe({
      listening: () => send({ type: 'CALL.LISTENING' }),
      ended: () => send({ type: 'CALL.ENDED' }),
      error: (message) => send({ type: 'CALL.ERROR', message }),
      speech: (speaking) => send({ type: speaking ? 'CALL.SPEECH_STARTED' : 'CALL.SPEECH_ENDED' }),
      volume: (level) => send({ type: 'CALL.VOLUME', level }),
      visitorSpeech: (speaking) => send({ type: speaking ? 'CALL.VISITOR_SPEECH_STARTED' : 'CALL.VISITOR_SPEECH_ENDED' }),
      visitorVolume: (level) => send({ type: 'CALL.VISITOR_VOLUME', level }),
      transcript: (t) => send({ type: 'CALL.TRANSCRIPT', role: t.role, text: t.text, final: t.final }),
    })
    receive((command) => {
      switch (command.type) {
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
      // The widget is gone (the page left the main layout): end any call it had.
      adapter.stop().catch(() => {})
    }
  })
}

/** The SDK's start(). Abandoned only when the widget is gone: a call it still joins is hung up. */
export function startCallLogic(getAdapter: () => VoiceAdapter) {
  return fromPromise<boolean>(async ({ signal }) => {
    const adapter = getAdapter()
    const joined = await adapter.start()
    if (joined && signal.aborted) adapter.stop().catch(() => {})
    return joined
  })
}

export function stopCallLogic(getAdapter: () => VoiceAdapter) {
  return fromPromise<void>(() => getAdapter().stop())
}
