import { assertEvent, assign, setup } from 'xstate'
import type { FocusReturnTarget } from './focusTarget'
import { providedByApp } from './providedByApp'

/**
 * The mobile slide-in menu (docs/design.md#pages): closes on an outside click, on selecting an item, on Escape and
 * on its close button; page scrolling is locked while it is open. Escape and the close button give
 * focus back to the toggle; an outside click or a chosen item leaves focus where the visitor put it.
 */
export interface MobileMenuContext {
  /** The button that opened the menu, to give focus back to. */
  toggle: FocusReturnTarget | null
}

export type MobileMenuEvent =
  | { type: 'TOGGLE'; toggle?: FocusReturnTarget | null }
  | { type: 'CLOSE_CLICKED' }
  | { type: 'ESCAPE_PRESSED' }
  | { type: 'OUTSIDE_CLICKED' }
  | { type: 'ITEM_SELECTED' }
  /** The viewport grew past the md breakpoint, where the menu does not exist. */
  | { type: 'VIEWPORT_WIDENED' }

export const mobileMenuMachine = setup({
  types: {
    context: {} as MobileMenuContext,
    events: {} as MobileMenuEvent,
  },
  actions: {
    assignToggle: assign({
      toggle: ({ event }) => {
        assertEvent(event, 'TOGGLE')
        return event.toggle ?? null
      },
    }),
    lockPageScroll: () => providedByApp('lockPageScroll'),
    unlockPageScroll: () => providedByApp('unlockPageScroll'),
    returnFocusToToggle: () => providedByApp('returnFocusToToggle'),
  },
}).createMachine({
  id: 'mobileMenu',
  context: { toggle: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        TOGGLE: { target: 'open', actions: 'assignToggle' },
      },
    },
    open: {
      entry: 'lockPageScroll',
      exit: 'unlockPageScroll',
      // No TOGGLE here: the open panel is modal and covers the toggle, so the close button closes it.
      on: {
        CLOSE_CLICKED: { target: 'closed', actions: 'returnFocusToToggle' },
        ESCAPE_PRESSED: { target: 'closed', actions: 'returnFocusToToggle' },
        OUTSIDE_CLICKED: 'closed',
        ITEM_SELECTED: 'closed',
        VIEWPORT_WIDENED: 'closed',
      },
    },
  },
})
