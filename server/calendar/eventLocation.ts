/**
 * Where the call happens, as a calendar event says it (the emailed invite, the CalDAV copy, the owner feed):
 * LOCATION, CONFERENCE for a video call, and the first line of DESCRIPTION.
 */
import { CALL_LOCATION_TEXT, locationLine, type CallLocation } from '../../core/callLocation'
import { formatPhone } from '../../core/phone'

/** The event's fields: LOCATION, CONFERENCE for video, and the first line of its DESCRIPTION. */
export function inviteLocation(location: CallLocation): { location: string; conference?: string; descriptionLine: string } {
  if (location.type === 'video')
    return { location: location.url, conference: location.url, descriptionLine: `${CALL_LOCATION_TEXT.joinTheCall}: ${location.url}` }
  const line = locationLine(location, formatPhone)
  return { location: line, descriptionLine: line }
}
