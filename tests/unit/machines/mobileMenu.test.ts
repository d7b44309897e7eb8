import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { mobileMenuMachine, type MobileMenuEvent } from '../../../machines/mobileMenu'
import { mobileMenuLogic } from '../../../src/logic/mobileMenu'

function start() {
  const effects = { lockPageScroll: vi.fn(), unlockPageScroll: vi.fn(), returnFocusToToggle: vi.fn() }
  const actor = createActor(mobileMenuMachine.provide({ actions: effects }))
  actor.start()
  return { actor, effects }
}

const toggle = { focus: vi.fn() }

describe('mobileMenu machine', () => {
  it('starts closed with the page scrollable', () => {
    const { actor, effects } = start()
    expect(actor.getSnapshot().value).toBe('closed')
    expect(effects.lockPageScroll).not.toHaveBeenCalled()
  })

  it('opens on TOGGLE, remembers the toggle and locks page scrolling', () => {
    const { actor, effects } = start()
    actor.send({ type: 'TOGGLE', toggle })
    expect(actor.getSnapshot().value).toBe('open')
    expect(actor.getSnapshot().context.toggle).toBe(toggle)
    expect(effects.lockPageScroll).toHaveBeenCalledTimes(1)
    expect(effects.unlockPageScroll).not.toHaveBeenCalled()
  })

  it.each<[MobileMenuEvent['type'], boolean]>([
    ['CLOSE_CLICKED', true],
    ['ESCAPE_PRESSED', true],
    ['OUTSIDE_CLICKED', false],
    ['ITEM_SELECTED', false],
    ['VIEWPORT_WIDENED', false],
  ])('%s closes it and unlocks scrolling (focus back to the toggle: %s)', (type, focusBack) => {
    const { actor, effects } = start()
    actor.send({ type: 'TOGGLE', toggle })
    actor.send({ type } as MobileMenuEvent)
    expect(actor.getSnapshot().value).toBe('closed')
    expect(effects.unlockPageScroll).toHaveBeenCalledTimes(1)
    expect(effects.returnFocusToToggle).toHaveBeenCalledTimes(focusBack ? 1 : 0)
  })

  it('TOGGLE while open does nothing: the modal panel covers the toggle, its close button closes it', () => {
    const { actor, effects } = start()
    actor.send({ type: 'TOGGLE', toggle })
    actor.send({ type: 'TOGGLE', toggle })
    expect(actor.getSnapshot().value).toBe('open')
    expect(effects.unlockPageScroll).not.toHaveBeenCalled()
  })

  it.each<MobileMenuEvent['type']>(['CLOSE_CLICKED', 'ESCAPE_PRESSED', 'OUTSIDE_CLICKED', 'ITEM_SELECTED', 'VIEWPORT_WIDENED'])(
    '%s while closed does nothing',
    (type) => {
      const { actor, effects } = start()
      actor.send({ type } as MobileMenuEvent)
      expect(actor.getSnapshot().value).toBe('closed')
      expect(effects.unlockPageScroll).not.toHaveBeenCalled()
      expect(effects.returnFocusToToggle).not.toHaveBeenCalled()
    },
  )

  it("the app's focus action gives focus back to the remembered toggle after the render", () => {
    const focused = { focus: vi.fn() }
    const actor = createActor(mobileMenuLogic.provide({ actions: { lockPageScroll: () => {}, unlockPageScroll: () => {} } }))
    actor.start()
    actor.send({ type: 'TOGGLE', toggle: focused })
    actor.send({ type: 'ESCAPE_PRESSED' })
    // No requestAnimationFrame in Node: it focuses at once.
    expect(focused.focus).toHaveBeenCalledWith({ preventScroll: true })
  })
})
