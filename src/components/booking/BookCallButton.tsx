import type { ReactNode } from 'react'
import { useBookingModal } from './useBookingModal'
import { primaryButton } from '../sections/ui'
import { prefetchBookingForm } from './loadBookingForm'

export interface BookCallButtonProps {
  className?: string
  children?: ReactNode
}

/** Every 'Book a Call' button: opens the booking modal, which gives focus back here when it closes. */
export function BookCallButton({ className = primaryButton, children = 'Book a Call' }: BookCallButtonProps) {
  const modal = useBookingModal()
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={className}
      onClick={(e) => modal.open(e.currentTarget)}
      onPointerEnter={prefetchBookingForm}
      onFocus={prefetchBookingForm}
    >
      {children}
    </button>
  )
}
