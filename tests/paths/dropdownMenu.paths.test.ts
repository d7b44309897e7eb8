import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { dropdownMenuMachine } from '../../machines/dropdownMenu'
import { describeMachinePaths } from './support/machineLevel'

describeMachinePaths(
  'dropdownMenu',
  dropdownMenuMachine,
  () => {
    /** The disclosure button the view passes with TOGGLE. */
    const button = { focus: vi.fn() }
    const actor = createActor(dropdownMenuMachine.provide({ actions: { returnFocusToButton: ({ context }) => context.button?.focus() } }))
    actor.start()
    return {
      actor,
      button,
      /** Escapes sent so far: each one, and nothing else, gives focus back to the button. */
      escapes: 0,
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
  },
  {
    // The button reference is not part of what makes two snapshots differ.
    serializeState: (s) => JSON.stringify(s.value),
    events: {
      TOGGLE: (sut) => sut.actor.send({ type: 'TOGGLE', button: sut.button }),
      ESCAPE_PRESSED: (sut) => {
        sut.escapes += 1
        sut.actor.send({ type: 'ESCAPE_PRESSED' })
      },
      OUTSIDE_CLICKED: (sut) => sut.actor.send({ type: 'OUTSIDE_CLICKED' }),
      FOCUS_LEFT: (sut) => sut.actor.send({ type: 'FOCUS_LEFT' }),
      ITEM_SELECTED: (sut) => sut.actor.send({ type: 'ITEM_SELECTED' }),
    },
    internal: { advance: () => {}, done: {}, error: {} },
    states: {
      closed: (sut) => expect(sut.button.focus).toHaveBeenCalledTimes(sut.escapes),
      open: (sut) => {
        expect(sut.snapshot().context.button).toBe(sut.button)
        expect(sut.button.focus).toHaveBeenCalledTimes(sut.escapes)
      },
    },
  },
)
