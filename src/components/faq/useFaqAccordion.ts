import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { faqAccordionMachine } from '../../../machines/faqAccordion'
import { usePricingFaqActor } from '../providers/SiteActors'

/**
 * An accordion's actor: its own, or the site's shared pricing FAQ (which the 'Pricing' links open).
 * Gives the open item's index and a named sender.
 */
export function useFaqAccordion(pricingTarget: boolean) {
  const own = useActorRef(faqAccordionMachine)
  const shared = usePricingFaqActor()
  const accordion = pricingTarget ? shared : own
  const openIndex = useSelector(accordion, (s) => s.context.openIndex)
  const events = useMemo(() => ({ toggleItem: (index: number) => accordion.send({ type: 'TOGGLE_ITEM', index }) }), [accordion])
  return { openIndex, events }
}
