/** Window scrolling used by the scroll-intent machine's named actions. Browser only. */

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Jumps to the top at once (a change of path is a new page, not an animation). */
export function scrollToTop(): void {
  if (typeof window === 'undefined') return
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
}

/**
 * Scrolls smoothly (instantly under reduced motion) so the section with this id starts below the
 * sticky header, and moves focus to it. Returns false when the page has no such section.
 */
export function scrollToSection(id: string): boolean {
  if (typeof document === 'undefined') return false
  const section = document.getElementById(id)
  if (!section) return false
  const header = document.querySelector<HTMLElement>('[data-site-header]')
  const offset = (header?.offsetHeight ?? 0) + 16
  const top = section.getBoundingClientRect().top + window.scrollY - offset
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'instant' : 'smooth' })
  // Keyboard and screen-reader users carry on from the section, not from the link they left behind.
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1')
  section.focus({ preventScroll: true })
  return true
}
