import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { FocusReturnTarget } from '../../../machines/focusTarget'
import { mobileMenuLogic } from '../../logic/mobileMenu'

/** The mobile menu's actor for one view: whether it is open, and named senders (no view builds events). */
export function useMobileMenu() {
  const menu = useActorRef(mobileMenuLogic)
  const open = useSelector(menu, (s) => s.matches('open'))
  const events = useMemo(
    () => ({
      toggle: (toggle: FocusReturnTarget) => menu.send({ type: 'TOGGLE', toggle }),
      clickClose: () => menu.send({ type: 'CLOSE_CLICKED' }),
      pressEscape: () => menu.send({ type: 'ESCAPE_PRESSED' }),
      clickOutside: () => menu.send({ type: 'OUTSIDE_CLICKED' }),
      selectItem: () => menu.send({ type: 'ITEM_SELECTED' }),
      widenViewport: () => menu.send({ type: 'VIEWPORT_WIDENED' }),
    }),
    [menu],
  )
  return { open, events }
}
