/**
 * The 'Time zone' list: one option per zone of @vvo/tzdb (a zone and its other names, Asia/Kolkata and Asia/Calcutta,
 * are one choice), each with its current offset from UTC, the visitor's detected zone first; and the search that
 * finds a zone by its ids, cities ('mumbai', 'wellington'), country ('India', 'NZ'), common name and abbreviations
 * ('Pacific Time', 'PST', 'IST') and offset ('+13', 'utc+5:30'). Loaded with the booking form only
 * (docs/performance.md#the-zone-search-after-the-slots).
 */
import type { RawTimeZone } from '@vvo/tzdb'
import rawTimeZones from '@vvo/tzdb/raw-time-zones.json'
import { readableZone } from '../../../core/zoneName'
import { utcOffset } from './format'
import { visitorTimeZone } from './timePreferences'
import type { zoneDataFields } from './zoneDataFields'

/** What the build keeps of each zone of @vvo/tzdb (scripts/zoneDataPlugin.ts). */
type ZoneData = Pick<RawTimeZone, (typeof zoneDataFields)[number]>

const zones: readonly ZoneData[] = rawTimeZones

/** Every id, current or not, to its zone: 'Asia/Calcutta' and 'Asia/Kolkata' to India's. */
const zoneOfId = new Map(zones.flatMap((zone) => zone.group.map((id) => [id, zone] as const)))

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' })

/** The zones this browser lists (Chromium lists some by their old names: Asia/Calcutta). */
const browserZones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
const listedByBrowser = new Set(browserZones)

export interface ZoneOption {
  /** The IANA id, sent as `timeZone`. */
  id: string
  /** The id as people read it, and as the box shows it: 'America/New York'. */
  name: string
  /** The zone's common name, country and largest cities: 'Eastern Time, United States · New York City, Brooklyn, …'. */
  about: string
  /** 'UTC+13:00' at the time the list was made. */
  offset: string
  /**
   * How many of the browser's zones this option stands for (New York's Eastern Time: 10, Detroit and Indiana's among
   * them; Panama's: 2): among equal matches, the search ranks the zone of more places first.
   */
  zones: number
  /** Words the search matches against, lower case, each after a space. */
  words: string
  /** Those of them that name a place: the ids' cities, the country, the largest cities. */
  places: string
  /** Each name the zone has as a whole ('india', 'pacific time', 'pst', 'new york'): a query that is one of them ranks first. */
  names: readonly string[]
}

/** Text as the search compares it: lower case, without accents ('são' is 'sao'), the id's separators as spaces, '−' as '-'. */
const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[_/,()·]/g, ' ')
    .replace(/−/g, '-')
    .trim()

/** The ways people write an offset: 'UTC+05:30' as 'utc+05:30 +05:30 utc+5:30 +5:30', 'UTC+13:00' also as '+13'; the zero one as 'utc gmt' too. */
function offsetWords(offset: string): string {
  const [, sign = '+', hours = '00', minutes = '00'] = /^UTC([+−])(\d\d):(\d\d)$/.exec(offset) ?? []
  const written = [`${sign}${hours}:${minutes}`, `${sign}${Number(hours)}:${minutes}`, minutes === '00' ? `${sign}${Number(hours)}` : '']
  return [...written.flatMap((text) => (text ? [`utc${text}`, text] : [])), hours === '00' && minutes === '00' ? 'utc gmt' : ''].join(' ')
}

/** 'Eastern Time, United States': the common name, and the country where the name does not say it. */
function commonName(zone: ZoneData, country: string | undefined): string {
  return country && !zone.alternativeName.includes(country) ? `${zone.alternativeName}, ${country}` : zone.alternativeName
}

/**
 * The place an id names: 'new york' for America/New_York, 'knox' for America/Indiana/Knox; none for the old ids named
 * after a clock or a country (EST, US/Eastern, NZ), which are not places.
 */
const idPlace = (id: string) => (/^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\//.test(id) ? searchable(id.slice(id.lastIndexOf('/') + 1)) : '')

export function zoneOption(id: string, at: string): ZoneOption {
  const offset = utcOffset(id, at)
  const zone = zoneOfId.get(id)
  const option = { id, name: readableZone(id), offset }
  if (!zone) return { ...option, about: '', zones: 1, words: ` ${searchable(`${id} ${offsetWords(offset)}`)}`, places: ` ${idPlace(id)}`, names: [idPlace(id) || searchable(id)] }
  const country = zone.countryCode ? countryNames.of(zone.countryCode) : undefined
  const places = [...zone.group.map(idPlace), zone.countryCode, country ?? '', ...zone.mainCities].map(searchable).filter(Boolean)
  const names = [...places, ...[zone.alternativeName, zone.abbreviation, zone.dstAbbreviation ?? ''].map(searchable).filter(Boolean)]
  // 'India Time' is also written 'India Standard Time', and 'Pacific Time' 'Pacific Daylight Time'.
  const words = [...zone.group, ...names, 'standard daylight summer', offsetWords(offset)]
  return {
    ...option,
    about: [commonName(zone, country), zone.mainCities.join(', ')].filter(Boolean).join(' · '),
    zones: Math.max(1, zone.group.filter((other) => listedByBrowser.has(other)).length),
    words: ` ${searchable(words.join(' '))}`,
    places: ` ${places.join(' ')}`,
    names: [...new Set(names)],
  }
}

/** The option of the first of `ids` this browser knows: an id it does not know (a zone newer than it) makes Intl throw. */
function firstKnown(ids: readonly string[], at: string): ZoneOption | undefined {
  for (const id of ids) {
    try {
      return zoneOption(id, at)
    } catch {
      // Unknown here: the zone's next name.
    }
  }
  return undefined
}

/**
 * Every zone once, the visitor's detected one first, the rest by name. A zone is offered under the id the visitor
 * already uses (the one in use, else the detected one: Chromium says 'Asia/Calcutta'), else its current name, else
 * the first of its other names the browser knows. Ids the browser knows that @vvo/tzdb does not (UTC) are their own.
 */
export function zoneOptions(current: string, at: string): ZoneOption[] {
  const detected = visitorTimeZone()
  const inUse = [current, detected]
  const grouped = zones.map((zone) => firstKnown([...inUse.filter((id) => zone.group.includes(id)), zone.name, ...zone.group], at))
  const alone = [...new Set([...inUse, ...browserZones])].filter((id) => !zoneOfId.has(id)).map((id) => firstKnown([id], at))
  const options = [...grouped, ...alone].filter((option) => option !== undefined).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const first = options.findIndex((option) => option.id === detected || zoneOfId.get(option.id)?.group.includes(detected))
  return first < 0 ? options : [options[first]!, ...options.slice(0, first), ...options.slice(first + 1)]
}

/**
 * The zones where every word of the query starts a word of the zone's: 'new york', 'syd', 'utc+13', '+13', 'nz'
 * (New Zealand's code, not the middle of 'Tanzania'); 'gmt+13' is read as 'utc+13'. First the zones the query names
 * whole ('India' is Asia/Kolkata's country, 'PST' Los Angeles's abbreviation), then those where each word is a whole
 * word, then the rest ('India' before the Indiana zones); among these, the zones where more words name a place ('India
 * Standard Time' is Kolkata's before Colombo's), then where more words start the name the box shows ('syd': Australia/Sydney
 * before Halifax, which serves Sydney, Nova Scotia), then the zone of more places ('est': New York's Eastern Time before
 * Panama's), then the list's order.
 */
export function matchZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = searchable(query)
    .replace(/\bgmt(?=[+-])/g, 'utc')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length === 0) return [...options]
  const phrase = words.join(' ')
  const wholeIn = (text: string) => words.filter((word) => `${text} `.includes(` ${word} `)).length
  const ranked = options
    .filter((option) => words.every((word) => option.words.includes(` ${word}`)))
    .map((option) => {
      const inName = words.filter((word) => ` ${searchable(option.id)}`.includes(` ${word}`)).length
      return { option, rank: [Number(option.names.includes(phrase)), Number(wholeIn(option.words) === words.length), wholeIn(option.places), inName, option.zones] }
    })
  const before = (a: number[], b: number[]) => a.map((value, i) => b[i]! - value).find((difference) => difference !== 0) ?? 0
  return ranked.sort((a, b) => before(a.rank, b.rank)).map(({ option }) => option)
}
