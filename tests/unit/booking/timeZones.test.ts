import { rawTimeZones } from '@vvo/tzdb'
import { describe, expect, it, vi } from 'vitest'
import { describeTimeZone, formatSlotTime, formatTimeAtOffset } from '../../../src/lib/time/format'
import { matchZones, zoneOption, zoneOptions } from '../../../src/lib/time/timeZones'

// Chromium's word for the visitor's zone in India: the old id, which the list must treat as Asia/Kolkata.
vi.mock('../../../src/lib/time/timePreferences', () => ({ visitorTimeZone: () => 'Asia/Calcutta' }))

const AT = '2026-11-27T00:00:00Z'
const options = zoneOptions('Pacific/Auckland', AT)
const ids = (query: string) => matchZones(options, query).map((zone) => zone.id)

describe('the zone search', () => {
  it.each([
    ['kolkata', 'Asia/Calcutta'],
    ['mumbai', 'Asia/Calcutta'],
    ['india', 'Asia/Calcutta'],
    ['India Standard Time', 'Asia/Calcutta'],
    ['utc+5:30', 'Asia/Calcutta'],
    ['wellington', 'Pacific/Auckland'],
    ['christchurch', 'Pacific/Auckland'],
    ['nz', 'Pacific/Auckland'],
    ['New Zealand', 'Pacific/Auckland'],
    ['pst', 'America/Los_Angeles'],
    ['Pacific Time', 'America/Los_Angeles'],
    ['eastern', 'America/New_York'],
    ['est', 'America/New_York'],
    ['new york', 'America/New_York'],
    ['syd', 'Australia/Sydney'],
    ['sao paulo', 'America/Sao_Paulo'],
  ])('"%s" finds %s first', (query, expected) => {
    expect(ids(query)[0]).toBe(expected)
  })

  it.each(['+13', 'UTC+13', 'gmt+13'])('"%s" finds the zones 13 hours ahead of UTC now, Auckland among the first', (query) => {
    expect(ids(query).slice(0, 3)).toContain('Pacific/Auckland')
    expect(matchZones(options, query).every((zone) => zone.offset.startsWith('UTC+13:'))).toBe(true)
  })

  it('finds every zone an abbreviation names: "ist" is India, Israel and Ireland; "gmt" London, Reykjavik and UTC itself', () => {
    expect(ids('ist')).toEqual(expect.arrayContaining(['Asia/Calcutta', 'Asia/Jerusalem', 'Europe/Dublin']))
    expect(ids('gmt')).toEqual(expect.arrayContaining(['Europe/London', 'Atlantic/Reykjavik']))
    expect(matchZones([zoneOption('UTC', AT)], 'gmt').map((zone) => zone.id)).toEqual(['UTC'])
  })

  it('finds a zone by a word\'s start only: "nz" is not the middle of Tanzania; "est" is Estonia\'s start, after EST', () => {
    expect(ids('nz')).not.toContain('Africa/Dar_es_Salaam')
    expect(ids('est').indexOf('Europe/Tallinn')).toBeGreaterThan(ids('est').indexOf('America/New_York'))
  })

  it('puts zones where the word is whole first: India before the Indiana zones', () => {
    const found = ids('india')
    expect(found[0]).toBe('Asia/Calcutta')
    expect(found.slice(1)).toEqual(expect.arrayContaining(['America/New_York', 'America/Chicago']))
  })

  it('says "No time zone matches" with nothing: a query no zone has', () => {
    expect(ids('xyz')).toEqual([])
  })
})

describe('the zone list', () => {
  it('offers a renamed zone once, under the id the browser gave, and the detected zone first', () => {
    expect(options[0]!.id).toBe('Asia/Calcutta')
    expect(options.map((zone) => zone.id)).not.toContain('Asia/Kolkata')
    expect(options.filter((zone) => zone.words.includes(' kolkata ')).map((zone) => zone.id)).toEqual(['Asia/Calcutta'])
  })

  it('offers a zone under its current name when the visitor uses neither, and the zone in use under its own', () => {
    const fromElsewhere = zoneOptions('Europe/Kiev', AT).map((zone) => zone.id)
    expect(fromElsewhere).toContain('Europe/Kiev')
    expect(fromElsewhere).not.toContain('Europe/Kyiv')
    expect(options.map((zone) => zone.id)).toContain('Europe/Kyiv')
  })

  it('has every zone the browser knows, by one of its names, and each id once', () => {
    const offered = new Set(options.map((zone) => zone.id))
    expect(offered.size).toBe(options.length)
    const namesOf = (id: string) => rawTimeZones.find((zone) => zone.group.includes(id))?.group ?? [id]
    expect(Intl.supportedValuesOf('timeZone').filter((id) => !namesOf(id).some((name) => offered.has(name)))).toEqual([])
    expect(options.filter((zone) => namesOf(zone.id).includes('Asia/Kolkata'))).toHaveLength(1)
  })

  it('describes a zone by its common name, country and cities, and names it the way the box does', () => {
    const newYork = zoneOption('America/New_York', AT)
    expect(newYork.name).toBe('America/New York')
    expect(newYork.about).toBe('Eastern Time, United States · New York City, Brooklyn, Queens, Philadelphia')
    expect(newYork.offset).toBe('UTC−05:00')
    expect(zoneOption('Asia/Kolkata', AT).about).toBe('India Time · Mumbai, Delhi, Bengaluru, Hyderabad')
    expect(describeTimeZone('America/New_York', AT, 'en-NZ')).toBe('America/New York (Eastern Standard Time)')
  })

  it.each(['Pacific/Auckland', 'Asia/Kolkata', 'America/St_Johns', 'Europe/London', 'Pacific/Chatham'])(
    "shows %s's time of day as the slots show it, on either clock",
    (id) => {
      const offset = zoneOption(id, AT).offset
      for (const hour24 of [false, true]) {
        expect(formatTimeAtOffset(AT, offset, hour24, 'en-NZ')).toBe(formatSlotTime(AT, { timeZone: id, hour24 }, 'en-NZ'))
      }
    },
  )
})
