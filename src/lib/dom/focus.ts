import type { FocusReturnTarget } from '../../../machines/focusTarget'

/**
 * Focuses an element once the current render has been committed: a modal <dialog> makes the rest of
 * the page inert until it is removed, so focus can only go back to the page after that. When the target
 * has left the page by then (the control that opened a panel is gone, or was drawn anew), the first of
 * the elements with `fallbackIds` that is on the page gets it.
 */
export function focusAfterRender(target: FocusReturnTarget | null | undefined, ...fallbackIds: string[]): void {
  if (!target && fallbackIds.length === 0) return
  afterRender(() => {
    if (target && target.isConnected !== false) target.focus({ preventScroll: true })
    else fallbackIds.map((id) => document.getElementById(id)).find((element) => element !== null)?.focus({ preventScroll: true })
  })
}

/** Focuses the element with `id` once the current render is committed (an element that this render draws). */
export function focusByIdAfterRender(id: string): void {
  afterRender(() => document.getElementById(id)?.focus({ preventScroll: true }))
}

function afterRender(run: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run)
  else run()
}

/**
 * Focuses the element with `id`, and brings it into view, once the current render is committed, unless the visitor's focus is
 * somewhere else than the page's content (the header, the footer, the voice widget): a step that
 * changes under the visitor's hands takes the focus along, but never steals it from elsewhere.
 * Nor from where the visitor put it since the step changed: on a slow phone the frame can come after
 * a tap into the new step's field, and the keys typed there must stay there.
 */
export function focusInPageContent(id: string): void {
  const askedWith = document.activeElement
  const run = () => {
    const active = document.activeElement
    const main = document.getElementById('main')
    if (active && active !== document.body && !main?.contains(active)) return
    if (active !== askedWith && active !== document.body && active?.isConnected) return
    const target = document.getElementById(id)
    target?.focus({ preventScroll: true })
    // In view too, not only focused: on a phone the step that replaced a long one starts above the screen.
    // `nearest` leaves a heading already in view where it is; its scroll-margin keeps it below the header.
    target?.scrollIntoView({ block: 'nearest', behavior: 'instant' })
  }
  afterRender(run)
}

/**
 * Focuses the element with `id` and brings it to the middle (or the top) of its scrolling box (the page or the
 * dialog): the field a refused submit points at, with its label and message in view. For elements already on the page, so no
 * frame is awaited (a microtask: after the event that asked, whatever the page does with its timers).
 */
export function focusAndReveal(id: string, block: 'center' | 'start' = 'center'): void {
  queueMicrotask(() => {
    const target = document.getElementById(id)
    target?.focus({ preventScroll: true })
    target?.scrollIntoView({ block, behavior: 'instant' })
  })
}

/**
 * Focuses the element with `id`, and with `block` brings it into view as focusAndReveal does, for an element the
 * render under way may only now draw (the booking form's code field, drawn when the server asks for a code; the
 * booking toast, whose code may still be loading): if it is not on the page yet, as soon as it is. One that has
 * not appeared within a few seconds is given up (the visitor has moved on).
 */
export function focusWhenDrawn(id: string, block?: 'center' | 'start'): void {
  const focus = () => {
    const target = document.getElementById(id)
    target?.focus({ preventScroll: true })
    if (block) target?.scrollIntoView({ block, behavior: 'instant' })
  }
  queueMicrotask(() => {
    if (document.getElementById(id)) return focus()
    const observer = new MutationObserver(() => {
      if (!document.getElementById(id)) return
      stop()
      queueMicrotask(focus)
    })
    const giveUp = setTimeout(() => observer.disconnect(), GIVE_UP_MS)
    const stop = () => {
      clearTimeout(giveUp)
      observer.disconnect()
    }
    observer.observe(document.body, { childList: true, subtree: true })
  })
}
const GIVE_UP_MS = 10_000
