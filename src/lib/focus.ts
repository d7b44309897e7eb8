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

/**
 * Focuses the element with `id` once the current render is committed, unless the visitor's focus is
 * somewhere else than the page's content (the header, the footer, the voice widget): a step that
 * changes under the visitor's hands takes the focus along, but never steals it from elsewhere.
 */
export function focusInPageContent(id: string): void {
  const run = () => {
    const active = document.activeElement
    const main = document.getElementById('main')
    if (active && active !== document.body && !main?.contains(active)) return
    document.getElementById(id)?.focus({ preventScroll: true })
  }
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run)
  else run()
}

/** The voice widget's call button: its call part takes the focus over from the first-load shell's button by this id. */
export const CALL_BUTTON_ID = 'voice-call-button'
