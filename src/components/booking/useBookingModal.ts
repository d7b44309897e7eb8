import { useMemo } from 'react'
import type { FocusReturnTarget } from '../../../machines/focusTarget'
import { useBookingModalActor } from '../providers/SiteActors'
import type { ConfirmedBooking } from './BookingForm'

/** The booking modal's <dialog>: on every page from the prerendered HTML on, so its buttons can open it by themselves. */
export const BOOKING_DIALOG_ID = 'booking-modal'

/** The site's booking modal, as named senders: no component builds event objects itself. */
export function useBookingModal() {
  const modal = useBookingModalActor()
  return useMemo(
    () => ({
      open: (opener: FocusReturnTarget | null) => modal.send({ type: 'OPEN', opener }),
      pressEscape: () => modal.send({ type: 'ESCAPE_PRESSED' }),
      clickClose: () => modal.send({ type: 'CLOSE_CLICKED' }),
      clickBackdrop: () => modal.send({ type: 'BACKDROP_CLICKED' }),
      confirm: (booking: ConfirmedBooking) => modal.send({ type: 'BOOKING_CONFIRMED', booking }),
      dismissToast: () => modal.send({ type: 'TOAST_DISMISSED' }),
    }),
    [modal],
  )
}
