import { AddToCalendar } from './AddToCalendar'
import { CallPlace } from './CallPlace'
import type { ConfirmedBooking } from './BookingForm'
import { focusRing } from '../sections/ui'
import { formatSlotInZone } from '../../lib/time/format'
import { BOOKING_TOAST_FIRST_LINE_ID } from '../../lib/dom/elementIds'
import { bookingToastCopy } from '../../content/booking'

export interface BookingToastProps {
  booking: ConfirmedBooking
  onDismiss: () => void
}

/** The modal variant's confirmation (docs/design.md#errors), a polite status instead of an alert box; the modal places it. */
export function BookingToast({ booking, onDismiss }: BookingToastProps) {
  // In the zone and on the clock the visitor chose the time with.
  const when = formatSlotInZone(booking.startTime, booking)
  return (
    <div
      role="status"
      className="rounded-2xl border border-emerald-400/30 bg-slate-900/95 p-4 text-slate-100 shadow-2xl shadow-black/40 backdrop-blur"
    >
      <div className="flex items-start gap-3">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-5 shrink-0 text-emerald-300">
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.58 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
            clipRule="evenodd"
          />
        </svg>
        <div className="min-w-0 flex-1">
          {/* Focused when it appears, so the next Tab stops are its links (docs/booking.md#confirmation). */}
          <p id={BOOKING_TOAST_FIRST_LINE_ID} tabIndex={-1} className="font-medium focus:outline-none">
            {bookingToastCopy.confirmed(booking.email)}
          </p>
          <p className="mt-1 text-sm text-slate-300">{when}</p>
          <CallPlace videoCallUrl={booking.videoCallUrl} phone={booking.phone} className="mt-2 text-slate-100" />
          <AddToCalendar call={booking} className="mt-3" />
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={bookingToastCopy.dismiss}
          className={`-m-1 rounded-md p-1 text-slate-300 hover:bg-white/10 hover:text-white ${focusRing}`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      </div>
    </div>
  )
}
