import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { copyFeedbackLogic } from '../../logic/copyFeedback'

/** The Copy button's actor for one code sample: what it shows, and a named sender. */
export function useCopyFeedback(text: string) {
  const actor = useActorRef(copyFeedbackLogic, { input: { text } })
  const copied = useSelector(actor, (s) => s.matches('copied'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const events = useMemo(() => ({ copy: () => actor.send({ type: 'COPY' }) }), [actor])
  return { copied, failed, events }
}
