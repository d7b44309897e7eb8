import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { voiceCallLogic } from '../../logic/voiceCall'
import { voiceConfig } from '../../lib/voice/config'
import { callPhase } from './callView'

/**
 * The voice call's actor for the widget: what the panel shows, which controls the machine takes now
 * (asked with `can`, never recomputed here), and named senders.
 */
export function useVoiceCall() {
  const call = useActorRef(voiceCallLogic, { input: { configured: voiceConfig !== null } })
  const phase = useSelector(call, callPhase)
  const context = useSelector(call, (s) => s.context)
  const canStart = useSelector(call, (s) => s.can({ type: 'START' }))
  const canEnd = useSelector(call, (s) => s.can({ type: 'END_CALL' }))
  const canMute = useSelector(call, (s) => s.can({ type: 'TOGGLE_MUTE' }))
  const events = useMemo(
    () => ({
      start: () => call.send({ type: 'START' }),
      end: () => call.send({ type: 'END_CALL' }),
      toggleMute: () => call.send({ type: 'TOGGLE_MUTE' }),
      prefetch: () => call.send({ type: 'PREFETCH' }),
    }),
    [call],
  )
  return { phase, context, canStart, canEnd, canMute, events }
}
