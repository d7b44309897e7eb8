import type { ConfirmedBooking } from './BookingForm'

export interface BookingToastProps {
  booking: ConfirmedBooking
  onDismiss: () => void
}

/** Placeholder: the modal variant's confirmation toast (role="status"). */
export function BookingToast({ booking }: BookingToastProps) {
  return <div role="status">Booking confirmed! You&apos;ll receive a confirmation email at {booking.email}</div>
}
