/** What a confirmed booking hands to the modal (to close it) and to the toast. */
export interface ConfirmedBooking {
  uid: string
  title: string
  /** ISO instants. */
  startTime: string
  endTime: string
  name: string
  email: string
}

export interface BookingFormProps {
  variant: 'modal' | 'inline'
  /** Modal variant: called once the booking is confirmed, so the modal can close and the toast show. */
  onConfirmed?: (booking: ConfirmedBooking) => void
}

/** Placeholder until the bookingForm machine exists. */
export function BookingForm({ variant }: BookingFormProps) {
  return <p>Booking form ({variant})</p>
}
