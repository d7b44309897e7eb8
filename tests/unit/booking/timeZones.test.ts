import { describe, expect, it } from 'vitest'
import { describeTimeZone } from '../../../src/lib/time/format'
import { matchZones, zoneOption } from '../../../src/lib/time/timeZones'

const AT = '2026-11-27T00:00:00Z'
const zones = ['Pacific/Auckland', 'Africa/Dar_es_Salaam', 'America/Indiana/Knox', 'Asia/Kolkata', 'America/New_York', 'Australia/Sydney', 'Europe/London'].map((id) =>
  zoneOption(id, AT),
)
const ids = (query: string) => matchZones(zones, query).map((zone) => zone.id)

describe('the zone search', () => {
  it.each([
    ['nz', ['Pacific/Auckland']],
    ['New Zealand', ['Pacific/Auckland']],
    ['syd', ['Australia/Sydney']],
    ['new york', ['America/New_York']],
    ['utc+13', ['Pacific/Auckland']],
    ['gb', ['Europe/London']],
  ])('%s finds %j (a word starts a word: "nz" is not the middle of Tanzania)', (query, expected) => {
    expect(ids(query)).toEqual(expected)
  })

  it('puts zones where the word is whole first: India before Indiana', () => {
    expect(ids('india')).toEqual(['Asia/Kolkata', 'America/Indiana/Knox'])
  })

  it('names a zone the way the box does', () => {
    expect(zoneOption('America/New_York', AT).name).toBe('America/New York')
    expect(describeTimeZone('America/New_York', AT, 'en-NZ')).toBe('America/New York (Eastern Standard Time)')
  })
})
