/**
 * The booking form's chunk (it pulls in temporal-polyfill, kept out of the first load of /).
 * One promise for the lazy component and the prefetch: at the page's first idle moment (BookingModal)
 * and at the first sign of intent on a Book a Call button (pointer over or down, focus).
 */
import { afterFirstPaint } from '../../lib/pageEnvironment'

type FormModule = typeof import('./BookingForm')

let formModule: Promise<FormModule> | undefined
let loadedFormModule: FormModule | null = null

export function loadBookingForm() {
  formModule ??= import('./BookingForm').then((m) => (loadedFormModule = m))
  return formModule
}

/** The form's module once it has loaded (at idle, say): the modal then draws the form without suspending. */
export const loadedBookingForm = () => loadedFormModule

/** The form's code, and the slots it will ask for first: a press finds both loaded or on their way. */
export function prefetchBookingForm(): void {
  void loadBookingForm().catch(() => {
    // A failed prefetch is retried when the modal opens.
    formModule = undefined
  })
  void import('./firstSlots').then((m) => m.prefetchFirstSlots()).catch(() => {})
}

/** Prefetches once the page has loaded and the browser is idle. */
export function prefetchBookingFormWhenIdle(): void {
  void afterFirstPaint().then(prefetchBookingForm)
}
