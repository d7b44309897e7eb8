/**
 * Page scroll lock shared by the mobile menu and the booking modal. Counted, so one owner releasing
 * its lock (the menu closing as the modal opens) does not unlock the page under the other.
 * Safe to import on the server: it does nothing without a document.
 */
let locks = 0
let saved: { overflow: string; paddingRight: string } | null = null

export function lockPageScroll(): void {
  if (typeof document === 'undefined') return
  locks += 1
  if (locks > 1) return
  const body = document.body
  saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight }
  // Keep the layout from jumping sideways when the scrollbar disappears.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`
  body.style.overflow = 'hidden'
}

export function unlockPageScroll(): void {
  if (typeof document === 'undefined' || locks === 0) return
  locks -= 1
  if (locks > 0 || !saved) return
  document.body.style.overflow = saved.overflow
  document.body.style.paddingRight = saved.paddingRight
  saved = null
}
