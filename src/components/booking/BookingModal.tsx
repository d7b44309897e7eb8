/** Placeholder: the booking modal arrives with its machine. */
export function BookingModal() {
  return null
}
