import { assertEvent, assign, setup } from 'xstate'

/**
 * FAQ accordion (docs/design.md#pages): at most one item is open; opening another closes the first; clicking the
 * open item closes it. OPEN_ITEM opens an item without toggling (the 'Pricing' scroll intent uses it,
 * so an item that is already open stays open).
 */
export interface FaqAccordionContext {
  /** Index of the open item, or null when every item is closed. */
  openIndex: number | null
}

export type FaqAccordionEvent =
  | { type: 'TOGGLE_ITEM'; index: number }
  | { type: 'OPEN_ITEM'; index: number }

export const faqAccordionMachine = setup({
  types: {
    context: {} as FaqAccordionContext,
    events: {} as FaqAccordionEvent,
  },
  actions: {
    openItem: assign({
      openIndex: ({ event }) => {
        assertEvent(event, ['TOGGLE_ITEM', 'OPEN_ITEM'])
        return event.index
      },
    }),
    closeItem: assign({ openIndex: null }),
  },
  guards: {
    isOpenItem: ({ context, event }) => {
      assertEvent(event, ['TOGGLE_ITEM', 'OPEN_ITEM'])
      return context.openIndex === event.index
    },
  },
}).createMachine({
  id: 'faqAccordion',
  context: { openIndex: null },
  initial: 'allClosed',
  states: {
    allClosed: {
      on: {
        TOGGLE_ITEM: { target: 'itemOpen', actions: 'openItem' },
        OPEN_ITEM: { target: 'itemOpen', actions: 'openItem' },
      },
    },
    itemOpen: {
      on: {
        TOGGLE_ITEM: [
          // Clicking the open item closes it.
          { guard: 'isOpenItem', target: 'allClosed', actions: 'closeItem' },
          // Another item: it opens and the first closes (only one index is kept).
          { target: 'itemOpen', actions: 'openItem' },
        ],
        // Never closes: asking for the item already open leaves it open (the pricing intent relies on it).
        OPEN_ITEM: { target: 'itemOpen', actions: 'openItem' },
      },
    },
  },
})

/** Whether item `index` is open in a snapshot's context. */
export const isItemOpen = (context: FaqAccordionContext, index: number) => context.openIndex === index
