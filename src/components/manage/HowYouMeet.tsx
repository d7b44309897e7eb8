import { useId } from 'react'
import { CALL_LOCATION_TEXT, joinLinkOf } from '../../../core/callLocation'
import type { BookingView } from '../../../core/manageWire'
import { manageCopy } from '../../content/manageBooking'
import { focusRing, primaryButton } from '../sections/ui'

const copy = manageCopy.meeting

export interface HowYouMeetProps {
  booking: BookingView
  /** Where the join window is (the manage machine's child): from 'open' the button is the page's first action. */
  joinWindow: 'before' | 'open' | 'over'
}

/**
 * "How you'll meet": the booking's join link, and from ten minutes before the start until the end a
 * prominent 'Join the call'; for a phone call, that the agency calls. Nothing for a cancelled call, a call that
 * is over, or one that says neither.
 */
export function HowYouMeet({ booking, joinWindow }: HowYouMeetProps) {
  const headingId = useId()
  const link = joinLinkOf(booking)
  if (booking.status === 'CANCELLED' || joinWindow === 'over') return null
  if (!link && booking.location !== 'phone') return null
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-sky-400/30 bg-sky-500/10 p-4 sm:p-5">
      <h3 id={headingId} className="text-base font-semibold text-white">
        {copy.heading}
      </h3>
      {!link ? <p className="text-sm text-slate-200">{copy.phone}</p> : null}
      {link && joinWindow === 'open' ? (
        <a href={link} target="_blank" rel="noopener noreferrer" className={`${primaryButton} self-start`}>
          {copy.join}
        </a>
      ) : null}
      {link ? (
        <p className="text-sm text-slate-200">
          {CALL_LOCATION_TEXT.joinByVideo}{' '}
          <a href={link} target="_blank" rel="noopener noreferrer" className={`break-all font-medium text-sky-200 underline hover:text-white ${focusRing}`}>
            {link}
          </a>
        </p>
      ) : null}
      {link && joinWindow === 'before' ? <p className="text-sm text-slate-400">{copy.joinSoon}</p> : null}
    </section>
  )
}
