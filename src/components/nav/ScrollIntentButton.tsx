import type { ReactNode } from 'react'

export type ScrollTarget = 'services' | 'faq' | 'process'

export interface ScrollIntentButtonProps {
  target: ScrollTarget
  className?: string
  children: ReactNode
}

/** A control that scrolls to a home-page section, going to / first from another page. Placeholder. */
export function ScrollIntentButton({ className, children }: ScrollIntentButtonProps) {
  return (
    <button type="button" className={className}>
      {children}
    </button>
  )
}
