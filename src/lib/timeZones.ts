/**
 * The 'Time zone' list (issue 27): every IANA zone the browser knows (Intl.supportedValuesOf, no
 * table shipped), each with its current offset from UTC, the visitor's detected zone first, and the
 * search that finds 'syd', 'new york' or 'auck'. Loaded with the booking form only.
 */
import { utcOffset } from './time'
import { visitorTimeZone } from './timePreferences'

export interface ZoneOption {
  /** The IANA id, sent as `timeZone`. */
  id: string
  /** The id as people read it: 'America/New York'. */
  name: string
  /** 'UTC+13:00' at the time the list was made. */
  offset: string
  /** Lower-case words the search matches against. */
  words: string
}

const readable = (id: string) => id.replace(/_/g, ' ')
const searchable = (text: string) => text.toLowerCase().replace(/[_/]/g, ' ')

export function zoneOption(id: string, at: string): ZoneOption {
  const offset = utcOffset(id, at)
  return { id, name: readable(id), offset, words: searchable(`${id} ${offset}`) }
}

/** Every zone, the visitor's detected one first, and `current` (a remembered one) always included. */
export function zoneOptions(current: string, at: string): ZoneOption[] {
  const detected = visitorTimeZone()
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const ids = [...new Set([detected, ...all, current])]
  return ids.map((id) => zoneOption(id, at))
}

/** The zones whose id (or offset) holds every word of the query: 'new york', 'syd', 'utc+13'. */
export function matchZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = searchable(query).split(/\s+/).filter(Boolean)
  return words.length === 0 ? [...options] : options.filter((option) => words.every((word) => option.words.includes(word)))
}
