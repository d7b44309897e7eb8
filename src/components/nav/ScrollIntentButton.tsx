import type { ReactNode } from 'react'
import type { ScrollTarget } from '../../../machines/scrollIntent'
import { useScrollIntent } from './useScrollIntent'

export type { ScrollTarget }

export interface ScrollIntentButtonProps {
  target: ScrollTarget
  className?: string
  children: ReactNode
}

/** A control that scrolls to a home-page section, going to / first from another page. */
export function ScrollIntentButton({ target, className, children }: ScrollIntentButtonProps) {
  const intent = useScrollIntent()
  return (
    <button type="button" className={className} onClick={() => intent.go(target)}>
      {children}
    </button>
  )
}
