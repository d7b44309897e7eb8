import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { dropdownMenuMachine } from '../../../machines/dropdownMenu'
import type { FocusReturnTarget } from '../../../machines/focusTarget'

/** The Resources dropdown's actor for one view: whether it is open, and named senders. */
export function useResourcesMenu() {
  const menu = useActorRef(dropdownMenuMachine)
  const open = useSelector(menu, (s) => s.matches('open'))
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
