import type { ReactNode } from 'react'

export interface BookCallButtonProps {
  className?: string
  children?: ReactNode
}

/** Every 'Book a Call' button: opens the booking modal. Placeholder until the modal machine exists. */
export function BookCallButton({ className, children = 'Book a Call' }: BookCallButtonProps) {
  return (
    <button type="button" className={className}>
      {children}
    </button>
  )
}
