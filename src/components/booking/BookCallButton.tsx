import type { ReactNode } from 'react'
import { useBookingModal } from '../providers/SiteActors'
import { prefetchBookingForm } from './loadBookingForm'

export interface BookCallButtonProps {
  className?: string
  children?: ReactNode
}

const defaultLook =
  'inline-flex items-center justify-center gap-2 rounded-full bg-sky-500 px-6 py-3 text-sm font-semibold text-slate-950 shadow-lg shadow-sky-500/20 transition hover:bg-sky-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300'

/** Every 'Book a Call' button: opens the booking modal, which gives focus back here when it closes. */
export function BookCallButton({ className, children = 'Book a Call' }: BookCallButtonProps) {
  const modal = useBookingModal()
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className={className ?? defaultLook}
      onClick={(e) => modal.open(e.currentTarget)}
      onPointerEnter={prefetchBookingForm}
      onFocus={prefetchBookingForm}
    >
      {children}
    </button>
  )
}
