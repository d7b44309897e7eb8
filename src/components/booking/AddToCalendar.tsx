import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react'
import { googleCalendarUrl, outlookCalendarUrl, type CallForCalendar } from '../../../core/calendarLinks'
import { addToCalendarCopy as copy } from '../../content/booking'
import { ICS_FILE_NAME, icsObjectUrl, manageUrlOf } from '../../lib/dom/calendarFile'
import { focusRing } from '../sections/ui'

export interface AddToCalendarProps {
  /** The booked call: uid (for the manage link), title, start and end (ISO instants). */
  call: Omit<CallForCalendar, 'manageUrl'>
  className?: string
}

const link = `inline-flex min-h-8 items-center rounded-md border border-white/15 bg-white/5 px-2.5 py-1 text-sm font-medium text-sky-200 transition hover:border-sky-300/60 hover:bg-sky-400/10 hover:text-white ${focusRing}`

/**
 * 'Add to calendar': Google Calendar, Outlook and Office 365 open their new-event page in a new tab,
 * filled in; 'Apple / other (.ics)' downloads the file, made on click, its blob released when the
 * links go away.
 */
export function AddToCalendar({ call, className = '' }: AddToCalendarProps) {
  const labelId = useId()
  const full = useMemo(() => ({ ...call, manageUrl: manageUrlOf(call.uid) }), [call])
  const urlRef = useRef<string | null>(null)
  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current)
    },
    [],
  )
  const prepareIcs = (e: MouseEvent<HTMLAnchorElement>) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current)
    urlRef.current = icsObjectUrl(full)
    e.currentTarget.href = urlRef.current
  }
  const links = [
    { name: copy.google, href: googleCalendarUrl(full) },
    { name: copy.outlook, href: outlookCalendarUrl(full, 'live') },
    { name: copy.office, href: outlookCalendarUrl(full, 'office') },
  ]
  return (
    <div role="group" aria-labelledby={labelId} className={`flex flex-wrap items-center gap-2 ${className}`}>
      <span id={labelId} className="w-full text-sm font-semibold text-slate-200">
        {copy.label}
      </span>
      {links.map(({ name, href }) => (
        <a key={name} href={href} target="_blank" rel="noopener noreferrer" className={link}>
          {name}
        </a>
      ))}
      <a href="#add-to-calendar" download={ICS_FILE_NAME} onClick={prepareIcs} className={link}>
        {copy.ics}
      </a>
    </div>
  )
}
