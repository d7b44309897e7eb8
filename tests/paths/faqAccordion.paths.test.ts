import { expect } from 'vitest'
import { createActor } from 'xstate'
import { faqAccordionMachine, isItemOpen, type FaqAccordionEvent } from '../../machines/faqAccordion'
import { describeMachinePaths } from './support/machineLevel'

/**
 * Two items are enough to tell 'the open one' from 'another one'; OPEN_ITEM only ever asks for the
 * first item (the 'Pricing' intent), so that is its one sample.
 */
const samples: Record<FaqAccordionEvent['type'], FaqAccordionEvent[]> = {
  TOGGLE_ITEM: [
    { type: 'TOGGLE_ITEM', index: 0 },
    { type: 'TOGGLE_ITEM', index: 1 },
  ],
  OPEN_ITEM: [{ type: 'OPEN_ITEM', index: 0 }],
}

describeMachinePaths(
  'faqAccordion',
  faqAccordionMachine,
  () => {
    const actor = createActor(faqAccordionMachine)
    actor.start()
    return {
      actor,
      /** The item the last event was about. */
      target: null as number | null,
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
  },
  {
    samples,
    serializeState: (s) => JSON.stringify({ value: s.value, openIndex: s.context.openIndex }),
    events: {
      TOGGLE_ITEM: (sut, event) => {
        sut.target = event.index
        sut.actor.send(event)
      },
      OPEN_ITEM: (sut, event) => {
        sut.target = event.index
        sut.actor.send(event)
      },
    },
    internal: { advance: () => {}, done: {}, error: {} },
    states: {
      allClosed: (sut) => {
        expect(sut.snapshot().context.openIndex).toBeNull()
        expect(isItemOpen(sut.snapshot().context, 0) || isItemOpen(sut.snapshot().context, 1)).toBe(false)
      },
      // Whatever was open before, the item the visitor (or the intent) just asked for is the open one.
      itemOpen: (sut) => {
        expect(sut.target).not.toBeNull()
        expect(isItemOpen(sut.snapshot().context, sut.target!)).toBe(true)
      },
    },
  },
)
