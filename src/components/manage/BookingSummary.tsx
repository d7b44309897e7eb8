import { useMemo } from 'react'
import type { BookingView } from '../../../core/manageWire'
import { manageCopy } from '../../content/manageBooking'
import { describeTimeZone, formatCall, type TimeDisplay } from '../../lib/time/format'

const copy = manageCopy.summary

export interface BookingSummaryProps {
  booking: BookingView
  /** The visitor's zone and clock: times show in them, with the zone named (as the booking form does). */
  display: TimeDisplay
}

/** The call at a glance: when (in the visitor's zone), whose, and its status. */
export function BookingSummary({ booking, display }: BookingSummaryProps) {
  const { timeZone } = display
  const when = useMemo(() => formatCall(booking.startTime, booking.endTime, display), [booking.startTime, booking.endTime, display])
  // The zone's name at the call's own time (daylight saving may differ from today's).
  const zone = useMemo(() => describeTimeZone(timeZone, booking.startTime), [timeZone, booking.startTime])
  const cancelled = booking.status === 'CANCELLED'
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-xl border border-white/10 bg-slate-950/40 p-4 text-sm sm:grid-cols-[auto_1fr] sm:p-5">
      <dt className="font-medium text-slate-400">{copy.when}</dt>
      <dd className={`-mt-2 text-base font-semibold sm:mt-0 ${cancelled ? 'text-slate-300 line-through decoration-slate-500' : 'text-white'}`}>
        {when}
      </dd>
      <dt className="font-medium text-slate-400">{copy.zone}</dt>
      <dd className="-mt-2 text-slate-200 sm:mt-0">{zone}</dd>
      <dt className="font-medium text-slate-400">{copy.name}</dt>
      <dd className="-mt-2 text-slate-200 sm:mt-0">{booking.name}</dd>
      <dt className="font-medium text-slate-400">{copy.status}</dt>
      <dd className="-mt-2 sm:mt-0">
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            cancelled ? 'bg-rose-500/15 text-rose-200' : 'bg-emerald-500/15 text-emerald-200'
          }`}
        >
          <span aria-hidden="true" className={`size-1.5 rounded-full ${cancelled ? 'bg-rose-300' : 'bg-emerald-300'}`} />
          {copy.statuses[booking.status]}
        </span>
      </dd>
    </dl>
  )
}
