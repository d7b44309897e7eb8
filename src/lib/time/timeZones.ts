/**
 * The 'Time zone' list: every IANA zone the browser knows (Intl.supportedValuesOf), each with its
 * current offset from UTC, the visitor's detected zone first, and the search that finds 'syd',
 * 'new york', 'auck', and the countries a zone serves by name or code ('India', 'New Zealand', 'NZ',
 * from countries-and-timezones). Loaded with the booking form only.
 */
import { getCountriesForTimezone } from 'countries-and-timezones'
import { readableZone, utcOffset } from './format'
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

const searchable = (text: string) => text.toLowerCase().replace(/[_/,()]/g, ' ')

/** The countries a zone serves, as words: 'in india', 'nz new zealand'. */
const countryWords = (id: string) => (getCountriesForTimezone(id) ?? []).map((country) => `${country.id} ${country.name}`).join(' ')

export function zoneOption(id: string, at: string): ZoneOption {
  const offset = utcOffset(id, at)
  return { id, name: readableZone(id), offset, words: ` ${searchable(`${id} ${offset} ${countryWords(id)}`)}` }
}

/** Every zone, the visitor's detected one first, and `current` (a remembered one) always included. */
export function zoneOptions(current: string, at: string): ZoneOption[] {
  const detected = visitorTimeZone()
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  const ids = [...new Set([detected, ...all, current])]
  return ids.map((id) => zoneOption(id, at))
}

/**
 * The zones where every word of the query starts a word of the zone's id, offset or countries: 'new york',
 * 'syd', 'utc+13', 'nz' (New Zealand's code, not the middle of 'Tanzania'). Zones where each word is a
 * whole word come first, so 'India' gives Asia/Kolkata before America/Indiana/Knox.
 */
export function matchZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = searchable(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...options]
  const matching = options.filter((option) => words.every((word) => option.words.includes(` ${word}`)))
  const whole = (option: ZoneOption) => words.every((word) => ` ${option.words} `.includes(` ${word} `))
  return [...matching.filter(whole), ...matching.filter((option) => !whole(option))]
}
