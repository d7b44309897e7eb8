import { CALL_LOCATION_TEXT, weWillCallYou } from '../../../core/callLocation'
import { focusRing } from '../sections/ui'

export interface CallPlaceProps {
  /** The call's join link, when it happens by video. */
  videoCallUrl?: string | undefined
  /** The number the agency calls, as people read it (`+64 21 555 0123`), when it happens by phone. */
  phone?: string | undefined
  className?: string
}

/**
 * Where the confirmed call happens: 'Join by video: …' with the join link (a new tab), or "We'll call you on
 * +64 21 555 0123"; nothing when the answer names neither (a Cal.com that returns no link).
 */
export function CallPlace({ videoCallUrl, phone, className = '' }: CallPlaceProps) {
  if (phone) return <p className={`text-sm ${className}`}>{weWillCallYou(phone)}.</p>
  if (!videoCallUrl) return null
  return (
    <p className={`text-sm ${className}`}>
      {CALL_LOCATION_TEXT.joinByVideo}{' '}
      <a href={videoCallUrl} target="_blank" rel="noopener noreferrer" className={`break-all font-medium text-sky-200 underline hover:text-white ${focusRing}`}>
        {videoCallUrl}
      </a>
    </p>
  )
}
