import { useMemo } from 'react'
import { isDropdownMenuOpen } from '../../../machines/selectors'
import type { FocusReturnTarget } from '../../../machines/focusTarget'
import { selection, useDeferredActor, useDeferredSelector } from '../../boot/deferredActor'
import { siteMachines } from '../../logic/deferredSiteMachines'

/** Whether the dropdown is open (closed in the machine's initial state). */
export const dropdownMenuOpen = selection(isDropdownMenuOpen, false)

/** The Resources dropdown's actor for one view: whether it is open, and named senders. */
export function useResourcesMenu() {
  const menu = useDeferredActor(siteMachines, (m) => m.createActor(m.dropdownMenuLogic))
  const open = useDeferredSelector(menu, dropdownMenuOpen)
  const events = useMemo(
    () => ({
      toggle: (button: FocusReturnTarget) => menu.send({ type: 'TOGGLE', button }),
      pressEscape: () => menu.send({ type: 'ESCAPE_PRESSED' }),
      clickOutside: () => menu.send({ type: 'OUTSIDE_CLICKED' }),
      leaveWithFocus: () => menu.send({ type: 'FOCUS_LEFT' }),
      selectItem: () => menu.send({ type: 'ITEM_SELECTED' }),
    }),
    [menu],
  )
  return { open, events }
}
