/**
 * Presses before the app ran on buttons that open a dialog by themselves (an invoker command: Book a Call). The
 * loader has shown the dialog already. Pressed again once React listens, such a button would first hydrate all
 * of the page around it, at once, before the dialog's machine heard of the press; kept here instead, the press
 * is taken by the dialog's own component as soon as that has hydrated, and the rest of the page hydrates after
 * the form has drawn (docs/performance.md#a-press-before-the-app-has-run).
 */
import { useLayoutEffect } from 'react'

let presses: HTMLButtonElement[] = []

/** Keeps the presses on buttons that open a dialog by themselves; returns the others, for main.tsx to press again. */
export function keepDialogPresses(pressed: Iterable<HTMLButtonElement>): HTMLButtonElement[] {
  const all = [...pressed]
  presses = all.filter((button) => button.hasAttribute('commandfor'))
  return all.filter((button) => !button.hasAttribute('commandfor'))
}

/**
 * Once the dialog's component has hydrated: `open` gets each press kept for dialog `dialogId`. In the commit
 * itself (a layout effect), so an Escape that hydrated the dialog reaches its machine after the press.
 */
export function useDialogPressesBeforeApp(dialogId: string, open: (button: HTMLButtonElement) => void): void {
  useLayoutEffect(() => {
    const mine = presses.filter((button) => button.getAttribute('commandfor') === dialogId)
    presses = presses.filter((button) => !mine.includes(button))
    for (const button of mine) if (button.isConnected) open(button)
    // Once, at hydration: later renders have no press before the app to take.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dialogId])
}
