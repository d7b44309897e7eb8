import { useMemo } from 'react'
import { openFaqIndex } from '../../../machines/selectors'
import { selection, useDeferredActor, useDeferredSelector } from '../../boot/deferredActor'
import { siteMachines } from '../../logic/deferredSiteMachines'
import { usePricingFaqActor } from '../providers/SiteActors'

/** The open item's index (none in the machine's initial state). */
export const faqOpenIndex = selection(openFaqIndex, null)

/**
 * An accordion's actor: its own, or the site's shared pricing FAQ (which the 'Pricing' links open).
 * Gives the open item's index and a named sender.
 */
export function useFaqAccordion(pricingTarget: boolean) {
  const own = useDeferredActor(siteMachines, (m) => m.createActor(m.faqAccordionMachine))
  const shared = usePricingFaqActor()
  const accordion = pricingTarget ? shared : own
  const openIndex = useDeferredSelector(accordion, faqOpenIndex)
  const events = useMemo(() => ({ toggleItem: (index: number) => accordion.send({ type: 'TOGGLE_ITEM', index }) }), [accordion])
  return { openIndex, events }
}
