import type { FocusReturnTarget } from '../../machines/focusTarget'

/**
 * Focuses an element once the current render has been committed: a modal <dialog> makes the rest of
 * the page inert until it is removed, so focus can only go back to the page after that.
 */
export function focusAfterRender(target: FocusReturnTarget | null | undefined): void {
  if (!target) return
  const run = () => {
    if (target.isConnected !== false) target.focus({ preventScroll: true })
  }
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run)
  else run()
}

/** The voice widget's call button: its call part takes the focus over from the first-load shell's button by this id. */
export const CALL_BUTTON_ID = 'voice-call-button'
