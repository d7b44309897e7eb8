import { describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { dropdownMenuMachine as machine, type DropdownMenuEvent } from '../../../machines/dropdownMenu'

/** Focus as the app provides it (src/logic/dropdownMenu.ts). */
const dropdownMenuMachine = machine.provide({ actions: { returnFocusToButton: ({ context }) => context.button?.focus() } })

function start() {
  const button = { focus: vi.fn() }
  const actor = createActor(dropdownMenuMachine)
  actor.start()
  actor.send({ type: 'TOGGLE', button })
  return { actor, button }
}

describe('dropdownMenu machine (the Resources disclosure)', () => {
  it('opens on TOGGLE', () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toBe('open')
  })

  it('Escape closes it and returns focus to the button', () => {
    const { actor, button } = start()
    actor.send({ type: 'ESCAPE_PRESSED' })
    expect(actor.getSnapshot().value).toBe('closed')
    expect(button.focus).toHaveBeenCalledTimes(1)
  })

  it.each<DropdownMenuEvent['type']>(['TOGGLE', 'OUTSIDE_CLICKED', 'FOCUS_LEFT', 'ITEM_SELECTED'])(
    '%s closes it without moving focus',
    (type) => {
      const { actor, button } = start()
      actor.send({ type } as DropdownMenuEvent)
      expect(actor.getSnapshot().value).toBe('closed')
      expect(button.focus).not.toHaveBeenCalled()
    },
  )

  it.each<DropdownMenuEvent['type']>(['ESCAPE_PRESSED', 'OUTSIDE_CLICKED', 'FOCUS_LEFT', 'ITEM_SELECTED'])(
    '%s while closed does nothing',
    (type) => {
      const actor = createActor(dropdownMenuMachine)
      actor.start()
      actor.send({ type } as DropdownMenuEvent)
      expect(actor.getSnapshot().value).toBe('closed')
    },
  )
})
