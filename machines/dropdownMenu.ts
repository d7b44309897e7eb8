import { assertEvent, assign, setup } from 'xstate'
import type { FocusReturnTarget } from './focusTarget'
import { providedByApp } from './providedByApp'

/**
 * A disclosure menu (the header's 'Resources'): a button with aria-expanded opens a panel. Escape
 * closes it and returns focus to the button; an outside click, focus leaving it or a chosen item
 * closes it too.
 */
export interface DropdownMenuContext {
  /** The disclosure button, to give focus back to. */
  button: FocusReturnTarget | null
}

export type DropdownMenuEvent =
  | { type: 'TOGGLE'; button?: FocusReturnTarget | null }
  | { type: 'ESCAPE_PRESSED' }
  | { type: 'OUTSIDE_CLICKED' }
  | { type: 'FOCUS_LEFT' }
  | { type: 'ITEM_SELECTED' }

export const dropdownMenuMachine = setup({
  types: {
    context: {} as DropdownMenuContext,
    events: {} as DropdownMenuEvent,
  },
  actions: {
    assignButton: assign({
      button: ({ event }) => {
        assertEvent(event, 'TOGGLE')
        return event.button ?? null
      },
    }),
    returnFocusToButton: () => providedByApp('returnFocusToButton'),
  },
}).createMachine({
  id: 'dropdownMenu',
  context: { button: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        TOGGLE: { target: 'open', actions: 'assignButton' },
      },
    },
    open: {
      on: {
        TOGGLE: 'closed',
        ESCAPE_PRESSED: { target: 'closed', actions: 'returnFocusToButton' },
        OUTSIDE_CLICKED: 'closed',
        FOCUS_LEFT: 'closed',
        ITEM_SELECTED: 'closed',
      },
    },
  },
})
