import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { voiceCallInput, voiceCallLogic } from '../../logic/voiceCall'
import { callPhase } from '../../../machines/voiceCall'

/**
 * The voice call's actor for the widget: what it shows, which controls the machine takes now (asked
 * with `can`, never recomputed here), and named senders.
 *
 * @param startOnLoad the visitor pressed the button before this part had loaded: start at once.
 */
export function useVoiceCall(startOnLoad: boolean) {
  const input = useMemo(() => voiceCallInput(), [])
  const call = useActorRef(voiceCallLogic, { input })
  const phase = useSelector(call, callPhase)
  const context = useSelector(call, (s) => s.context)
  const canStart = useSelector(call, (s) => s.can({ type: 'START' }))
  const canEnd = useSelector(call, (s) => s.can({ type: 'END_CALL' }))
  const canMute = useSelector(call, (s) => s.can({ type: 'TOGGLE_MUTE' }))
  const canDismiss = useSelector(call, (s) => s.can({ type: 'DISMISS' }))
  const events = useMemo(
    () => ({
      start: () => call.send({ type: 'START' }),
      end: () => call.send({ type: 'END_CALL' }),
      toggleMute: () => call.send({ type: 'TOGGLE_MUTE' }),
      prefetch: () => call.send({ type: 'PREFETCH' }),
      dismiss: () => call.send({ type: 'DISMISS' }),
    }),
    [call],
  )
  useEffect(() => {
    if (startOnLoad) events.start()
  }, [startOnLoad, events])
  return { phase, context, canStart, canEnd, canMute, canDismiss, events }
}
