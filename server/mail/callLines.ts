/** Where the call happens, as each message says it: one join link near the top, or the phone sentence. */
import { CALL_LOCATION_TEXT, phoneCallOn, weWillCallYou, type CallLocation } from '../../core/callLocation'
import { formatPhone } from '../../core/phone'
import type { MailContent } from './layout'

/** The join line of a video call (`first`: before everything else, as the last reminder has it). */
export function joinLine(location: CallLocation, first = false): Pick<MailContent, 'join'> {
  return location.type === 'video' ? { join: { label: CALL_LOCATION_TEXT.joinTheCall, url: location.url, ...(first ? { first } : {}) } } : {}
}

/** The visitor's sentence of a phone call: the agency calls them. */
export const visitorCallSentences = (location: CallLocation): string[] =>
  location.type === 'phone' ? [`${weWillCallYou(formatPhone(location.phone))}.`] : []

/** The agency's sentence of a phone call: whom to call. */
export const hostCallSentences = (location: CallLocation): string[] => (location.type === 'phone' ? [`${phoneCallOn(formatPhone(location.phone))}.`] : [])
