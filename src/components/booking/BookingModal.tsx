import { useRouterState } from '@tanstack/react-router'
import { Activity, Component, lazy, Suspense, useDeferredValue, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { bookingFormKey, bookingModalOpener, confirmedBooking, isBookingDialogOpen } from '../../../machines/selectors'
import { selection, useDeferredSelector } from '../../boot/deferredActor'
import { useBookingModalActor } from '../providers/SiteActors'
import { BOOKING_DIALOG_ID, showsDialogItself, useBookingModal } from './useBookingModal'
import { FormPlaceholder } from './FormPlaceholder'
import { ModalDialog } from '../layout/ModalDialog'
import { CloseIcon } from '../layout/icons'
import { focusRing } from '../sections/ui'
import { loadBookingForm, loadedBookingForm, MANAGE_PAGE_ROUTE_ID, prefetchFirstSlotsAfterLoad, subscribeBookingForm } from '../../boot/loadBookingForm'
import { bookingModalCopy } from '../../content/bookingEntry'
import { useDialogPressesBeforeApp } from '../../boot/dialogPressesBeforeApp'

const LazyModalForm = lazy(() => loadBookingForm().then((m) => ({ default: m.ModalForm })))
/** The prerendered page and its hydration never hold the form's module. */
const noModule = () => null
const BookingToast = lazy(() => import('./BookingToast').then((m) => ({ default: m.BookingToast })))

/** What the view reads from the modal's machine; in its initial state the dialog is closed, with no toast. */
export const bookingModalView = {
  open: selection(isBookingDialogOpen, false),
  formKey: selection(bookingFormKey, 0),
  opener: selection(bookingModalOpener, null),
  booking: selection(confirmedBooking, null),
}

/**
 * The booking modal (docs/design.md#pages) and the toast of a confirmed booking. Driven by the shared bookingModal
 * actor; every open shows a fresh form (ModalForm keys it by the machine's formKey), so its fields start empty.
 * The <dialog> itself is always on the page, closed, so a Book a Call button can open it by itself
 * before the app runs (BookCallButton); it shows the form's layout until the machine has it open.
 */
export function BookingModal() {
  const actor = useBookingModalActor()
  const modal = useBookingModal()
  const open = useDeferredSelector(actor, bookingModalView.open)
  const formKey = useDeferredSelector(actor, bookingModalView.formKey)
  const booking = useDeferredSelector(actor, bookingModalView.booking)
  const opener = useDeferredSelector(actor, bookingModalView.opener)
  // The form takes a while to draw on a slow phone, and the dialog must show first: in a render after the dialog's,
  // unless the button showed the dialog itself and the machine heard of it after that frame
  // (docs/performance.md#the-dialog-first). Deferred there, it would draw in slices, later.
  const deferredOpen = useDeferredValue(open)
  const showForm = deferredOpen || (open && showsDialogItself(opener))
  // Loaded already (prefetched at the first sign of intent): drawn at once, rather than through a Suspense fallback React holds a moment.
  const formModule = useSyncExternalStore(subscribeBookingForm, loadedBookingForm, noModule)
  const ModalForm = formModule?.ModalForm ?? LazyModalForm
  // The slots a press will show first, asked for once the page has loaded (one request per page view, docs/performance.md#how-it-is-done).
  // Not on the manage page (MANAGE_PAGE_ROUTE_ID); main.tsx asked already when the app started on another page.
  const onManagePage = useRouterState({ select: (s) => s.matches.some((m) => m.routeId === MANAGE_PAGE_ROUTE_ID) })
  const formShown = open && showForm
  useEffect(() => (onManagePage ? undefined : prefetchFirstSlotsAfterLoad()), [onManagePage])
  // A Book a Call pressed before the app ran: the loader has shown the dialog, and the machine hears of it now.
  useDialogPressesBeforeApp(modal.open)

  return (
    <>
      <ModalDialog
        id={BOOKING_DIALOG_ID}
        labelledBy="booking-modal-title"
        open={open}
        // The machine starts a fresh form (formKey + 1) at each OPEN it takes: that count is its opens.
        opens={formKey}
        onEscape={modal.pressEscape}
        onBackdropClick={modal.clickBackdrop}
        className="m-auto max-h-[90vh] w-[calc(100%-1.5rem)] max-w-3xl overflow-y-auto overscroll-contain rounded-2xl border border-white/10 bg-slate-900 p-0 text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-slate-950/75 backdrop:backdrop-blur-sm motion-safe:transition motion-safe:duration-200 starting:translate-y-2 starting:opacity-0"
      >
        <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-white/10 bg-slate-900/95 px-5 py-4 backdrop-blur sm:px-8 sm:py-5">
          <div>
            <h2 id="booking-modal-title" className="text-xl font-semibold text-white sm:text-2xl">
              {bookingModalCopy.title}
            </h2>
            <p className="mt-1 text-sm text-slate-400">{bookingModalCopy.lead}</p>
          </div>
          <button
            type="button"
            aria-label={bookingModalCopy.close}
            // Closes the dialog by itself before the app runs, as the Book a Call buttons open it.
            commandfor={BOOKING_DIALOG_ID}
            command="close"
            onClick={modal.clickClose}
            className={`-mr-2 rounded-full p-2 text-slate-400 transition hover:bg-white/10 hover:text-white ${focusRing}`}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="flex flex-col px-5 py-6 sm:px-8">
          {/* Until the machine has it open (a press before the app ran), the form's layout, as it will look. Once
              its code has come, the next form is drawn behind it, hidden, so a press only shows it
              (docs/performance.md#the-next-form-drawn-ahead). */}
          {formShown ? null : <FormLoading />}
          {formShown || formModule ? (
            <Activity mode={formShown ? 'visible' : 'hidden'}>
              <FormLoadBoundary>
                <Suspense fallback={<FormLoading />}>
                  <ModalForm open={open} opener={opener} formKey={formKey} onConfirmed={modal.confirm} />
                </Suspense>
              </FormLoadBoundary>
            </Activity>
          ) : null}
        </div>
      </ModalDialog>
      {booking ? (
        <div className="pointer-events-none fixed inset-x-0 bottom-4 z-70 flex justify-center px-4">
          <div className="pointer-events-auto w-full max-w-md">
            <Suspense fallback={null}>
              <BookingToast booking={booking} onDismiss={modal.dismissToast} />
            </Suspense>
          </div>
        </div>
      ) : null}
    </>
  )
}

/** The form's layout while its code loads, and a status for screen readers. */
function FormLoading() {
  return (
    <>
      <p role="status" className="sr-only">
        {bookingModalCopy.loading}
      </p>
      <FormPlaceholder />
    </>
  )
}

/** If the form's code cannot be fetched (offline), say so inside the modal instead of failing the page. */
class FormLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" className="flex min-h-72 flex-col items-center justify-center gap-4 text-center text-slate-300">
        <p>{bookingModalCopy.loadFailed}</p>
        <button
          type="button"
          onClick={() => this.setState({ failed: false })}
          className={`rounded-full border border-white/20 px-5 py-2 text-sm font-semibold text-white hover:bg-white/10 ${focusRing}`}
        >
          {bookingModalCopy.tryAgain}
        </button>
      </div>
    )
  }
}
