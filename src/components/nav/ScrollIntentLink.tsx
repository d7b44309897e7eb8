import type { MouseEvent, ReactNode } from 'react'
import type { ScrollTarget } from '../../../machines/scrollIntent'
import { useScrollIntent } from './useScrollIntent'

export interface ScrollIntentLinkProps {
  target: ScrollTarget
  className?: string
  children: ReactNode
  /** Called after the intent starts (a menu closes itself). */
  onSelect?: () => void
  /** Id of an element describing the link. */
  describedBy?: string
}

const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey

/**
 * A navigation link to a home-page section. It is a real link to /#section (it works before the
 * script loads and in a new tab); a plain click runs the scroll intent instead.
 */
export function ScrollIntentLink({ target, className, children, onSelect, describedBy }: ScrollIntentLinkProps) {
  const intent = useScrollIntent()
  return (
    <a
      href={`/#${target}`}
      aria-describedby={describedBy}
      className={className}
      onClick={(e) => {
        if (!isPlainClick(e)) return
        e.preventDefault()
        intent.go(target)
        onSelect?.()
      }}
    >
      {children}
    </a>
  )
}
