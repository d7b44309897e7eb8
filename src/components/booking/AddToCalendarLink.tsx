import { useEffect, useRef, type MouseEvent } from 'react'
import type { CalendarEvent } from '../../../core/icalendar'
import { ICS_FILE_NAME, icsObjectUrl } from '../../lib/calendarFile'
import { focusRing } from '../sections/ui'

export interface AddToCalendarLinkProps {
  event: CalendarEvent
  className?: string
}

/**
 * 'Add to calendar': a download link whose .ics blob is made on click, just before the browser
 * follows it; the blob URL is released when the link goes away.
 */
export function AddToCalendarLink({ event, className = '' }: AddToCalendarLinkProps) {
  const urlRef = useRef<string | null>(null)
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current)
    },
    [],
  )
  const prepare = (e: MouseEvent<HTMLAnchorElement>) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current)
    urlRef.current = icsObjectUrl(event)
    e.currentTarget.href = urlRef.current
  }
  return (
    <a
      href="#add-to-calendar"
      download={ICS_FILE_NAME}
      onClick={prepare}
      className={`inline-flex items-center gap-1.5 rounded-sm font-semibold text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline ${focusRing} ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
        <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 6H4v8h12V8Zm-6 1a1 1 0 0 1 1 1v1h1a1 1 0 1 1 0 2h-1v1a1 1 0 1 1-2 0v-1H8a1 1 0 1 1 0-2h1v-1a1 1 0 0 1 1-1Z" />
      </svg>
      Add to calendar
    </a>
  )
}
