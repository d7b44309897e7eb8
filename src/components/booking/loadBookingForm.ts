/**
 * The booking form's chunk (it pulls in temporal-polyfill, kept out of the first load of /).
 * One promise for the lazy component and the hover/focus prefetch of every Book a Call button.
 */
let formModule: Promise<typeof import('./BookingForm')> | undefined

export function loadBookingForm() {
  formModule ??= import('./BookingForm')
  return formModule
}

export function prefetchBookingForm(): void {
  void loadBookingForm().catch(() => {
    // A failed prefetch is retried when the modal opens.
    formModule = undefined
  })
}
