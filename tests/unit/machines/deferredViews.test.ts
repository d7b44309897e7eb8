import { createActor, type AnyStateMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { bookingModalMachine } from '../../../machines/bookingModal'
import { dropdownMenuMachine } from '../../../machines/dropdownMenu'
import { faqAccordionMachine } from '../../../machines/faqAccordion'
import { mobileMenuMachine } from '../../../machines/mobileMenu'
import { particleBackgroundMachine } from '../../../machines/particleBackground'
import { textChatMachine } from '../../../machines/textChat'
import { bookingModalView } from '../../../src/components/booking/BookingModal'
import { faqOpenIndex } from '../../../src/components/faq/useFaqAccordion'
import { particleBackgroundView } from '../../../src/components/layout/ParticleBackground'
import { mobileMenuOpen } from '../../../src/components/layout/useMobileMenu'
import { dropdownMenuOpen } from '../../../src/components/layout/useResourcesMenu'
import { chatOpenSelection } from '../../../src/components/voice/textChatActor'
import { textChatView } from '../../../src/components/voice/useTextChat'
import type { Selection } from '../../../src/boot/deferredActor'

/**
 * The prerendered page and hydration show each deferred machine's view before its code has loaded
 * (src/boot/deferredActor.ts): that view must be the machine's initial state, or the page would change
 * under the visitor when the machine starts.
 */
const views: Array<[string, AnyStateMachine, Record<string, Selection<never, unknown>>]> = [
  ['bookingModal', bookingModalMachine, bookingModalView],
  ['dropdownMenu', dropdownMenuMachine, { open: dropdownMenuOpen }],
  ['faqAccordion', faqAccordionMachine, { openIndex: faqOpenIndex }],
  ['mobileMenu', mobileMenuMachine, { open: mobileMenuOpen }],
  ['particleBackground', particleBackgroundMachine, particleBackgroundView],
  ['textChat', textChatMachine, { ...textChatView, open: chatOpenSelection }],
]

describe('what the page shows before a deferred machine runs is its initial state', () => {
  it.each(views)('%s', (_, machine, selections) => {
    // Not started: the initial snapshot, without running entry actions or invoked actors.
    const initial = createActor(machine).getSnapshot()
    for (const [name, { select, initial: shown }] of Object.entries(selections)) {
      expect({ [name]: shown }).toEqual({ [name]: (select as (s: unknown) => unknown)(initial) })
    }
  })
})
