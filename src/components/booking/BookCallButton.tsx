import type { ReactNode } from 'react'
import type { BookingButton } from '../../../core/leadSource'
import { BOOKING_DIALOG_ID, useBookingModal } from './useBookingModal'
import { primaryButton } from '../sections/ui'
import { prefetchBookingForm } from '../../boot/loadBookingForm'

export interface BookCallButtonProps {
  /**
   * Which button it is, kept with the booking it opens (docs/booking.md#where-a-lead-came-from): on the button
   * itself, so a press before the app ran names it too (the modal's machine is told of the button).
   */
  from: BookingButton
  className?: string
  children?: ReactNode
}

/**
 * Every 'Book a Call' button: opens the booking modal, which gives focus back here when it closes.
 * The button opens the dialog by itself (an invoker command), so the press shows it at once, even
 * before the app runs; the press also tells the modal's machine, which owns it from then on.
 */
export function BookCallButton({ from, className = primaryButton, children = 'Book a Call' }: BookCallButtonProps) {
  const modal = useBookingModal()
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-from={from}
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
