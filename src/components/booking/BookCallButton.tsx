import type { ReactNode } from 'react'
import { BOOKING_DIALOG_ID, useBookingModal } from './useBookingModal'
import { primaryButton } from '../sections/ui'
import { prefetchBookingForm } from '../../boot/loadBookingForm'

export interface BookCallButtonProps {
  className?: string
  children?: ReactNode
}

/**
 * Every 'Book a Call' button: opens the booking modal, which gives focus back here when it closes.
 * The button opens the dialog by itself (an invoker command), so the press shows it at once, even
 * before the app runs; the press also tells the modal's machine, which owns it from then on.
 */
export function BookCallButton({ className = primaryButton, children = 'Book a Call' }: BookCallButtonProps) {
  const modal = useBookingModal()
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      commandfor={BOOKING_DIALOG_ID}
      command="show-modal"
      className={className}
      onClick={(e) => modal.open(e.currentTarget)}
      onPointerEnter={prefetchBookingForm}
      onPointerDown={prefetchBookingForm}
      onFocus={prefetchBookingForm}
    >
      {children}
    </button>
  )
}
