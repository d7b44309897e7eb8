/**
 * Presses before the app ran on buttons that open a dialog by themselves (an invoker command: Book a Call). The
 * loader has shown the dialog already. Pressed again once React listens, such a button would first hydrate all
 * of the page around it, at once, before the dialog's machine heard of the press; kept here instead, the press
 * is taken by the dialog's own component as soon as that has hydrated, and the rest of the page hydrates after
 * the form has drawn (docs/performance.md#a-press-before-the-app-has-run).
 */
import { useLayoutEffect } from 'react'

const presses: HTMLButtonElement[] = []

/** Keeps the presses on buttons that open a dialog by themselves; returns the others, for main.tsx to press again. */
export function keepDialogPresses(pressed: Iterable<HTMLButtonElement>): HTMLButtonElement[] {
  const others: HTMLButtonElement[] = []
  for (const button of pressed) (button.hasAttribute('commandfor') ? presses : others).push(button)
  return others
}

/**
 * Once the dialog's component has hydrated: `open` gets each press kept (the site has one such dialog). In the
 * commit itself (a layout effect), so an Escape that hydrated the dialog reaches its machine after the press.
 */
export function useDialogPressesBeforeApp(open: (button: HTMLButtonElement) => void): void {
  useLayoutEffect(() => {
    for (const button of presses.splice(0)) if (button.isConnected) open(button)
    // Once, at hydration: later renders have no press before the app to take.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
