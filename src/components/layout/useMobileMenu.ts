import { useMemo } from 'react'
import type { FocusReturnTarget } from '../../../machines/focusTarget'
import { isMobileMenuOpen } from '../../../machines/selectors'
import { selection, useDeferredActor, useDeferredSelector } from '../../boot/deferredActor'
import { siteMachines } from '../../logic/deferredSiteMachines'

/** Whether the menu is open (closed in the machine's initial state). */
export const mobileMenuOpen = selection(isMobileMenuOpen, false)

/** The mobile menu's actor for one view: whether it is open, and named senders (no view builds events). */
export function useMobileMenu() {
  const menu = useDeferredActor(siteMachines, (m) => m.createActor(m.mobileMenuLogic))
  const open = useDeferredSelector(menu, mobileMenuOpen)
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
