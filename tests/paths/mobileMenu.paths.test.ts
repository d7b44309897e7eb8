import { expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { mobileMenuMachine } from '../../machines/mobileMenu'
import { describeMachinePaths } from './support/machineLevel'

describeMachinePaths(
  'mobileMenu',
  mobileMenuMachine,
  () => {
    const scroll = { locks: 0, unlocks: 0 }
    const machine = mobileMenuMachine.provide({
      actions: {
        lockPageScroll: () => void (scroll.locks += 1),
        unlockPageScroll: () => void (scroll.unlocks += 1),
        returnFocusToToggle: ({ context }) => context.toggle?.focus({ preventScroll: true }),
      },
    })
    const actor = createActor(machine)
    actor.start()
    return {
      actor,
      scroll,
      /** The menu's toggle, focused by the fake focus action. */
      toggle: { focus: vi.fn() },
      /** Closings that must give focus back (Escape, the close button): an outside click or an item must not. */
      focusReturns: 0,
      snapshot: () => actor.getSnapshot(),
      stop: () => actor.stop(),
    }
  },
  {
    serializeState: (s) => JSON.stringify(s.value),
    events: {
      TOGGLE: (sut) => sut.actor.send({ type: 'TOGGLE', toggle: sut.toggle }),
      CLOSE_CLICKED: (sut) => {
        sut.focusReturns += 1
        sut.actor.send({ type: 'CLOSE_CLICKED' })
      },
      ESCAPE_PRESSED: (sut) => {
        sut.focusReturns += 1
        sut.actor.send({ type: 'ESCAPE_PRESSED' })
      },
      OUTSIDE_CLICKED: (sut) => sut.actor.send({ type: 'OUTSIDE_CLICKED' }),
      ITEM_SELECTED: (sut) => sut.actor.send({ type: 'ITEM_SELECTED' }),
      VIEWPORT_WIDENED: (sut) => sut.actor.send({ type: 'VIEWPORT_WIDENED' }),
    },
    internal: { advance: () => {}, done: {}, error: {} },
    states: {
      // Scrolling is locked exactly while the menu is open.
      closed: (sut) => {
        expect(sut.scroll.locks - sut.scroll.unlocks).toBe(0)
        expect(sut.toggle.focus).toHaveBeenCalledTimes(sut.focusReturns)
      },
      open: (sut) => {
        expect(sut.scroll.locks - sut.scroll.unlocks).toBe(1)
        expect(sut.snapshot().context.toggle).toBe(sut.toggle)
      },
    },
  },
)
