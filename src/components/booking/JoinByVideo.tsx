import { CALL_LOCATION_TEXT } from '../../../core/callLocation'
import { focusRing } from '../sections/ui'

/** 'Join by video: …' with the booking's join link, opened in a new tab; nothing when the call is not by video. */
export function JoinByVideo({ url, className = '' }: { url: string | undefined; className?: string }) {
  if (!url) return null
  return (
    <p className={`text-sm ${className}`}>
      {CALL_LOCATION_TEXT.joinByVideo}{' '}
      <a href={url} target="_blank" rel="noopener noreferrer" className={`break-all font-medium text-sky-200 underline hover:text-white ${focusRing}`}>
        {url}
      </a>
    </p>
  )
}
