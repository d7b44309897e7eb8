import { describe, expect, it } from 'vitest'
import { formatShortCall, formatSlotInZone, zoneCity } from '../../../src/lib/time/format'

// Wednesday 2 December 2026, 18:00 in New York (EST, UTC−5) is 23:00 UTC.
const CALL = '2026-12-02T23:00:00Z'

describe('a confirmed call says its zone', () => {
  it.each([
    ['America/New_York', 'New York'],
    ['Pacific/Auckland', 'Auckland'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires'],
    ['UTC', 'UTC'],
  ])('%s is %s time', (zone, city) => {
    expect(zoneCity(zone)).toBe(city)
  })

  it('the confirmation: the day, the time on the chosen clock, and the place of the zone', () => {
    expect(formatSlotInZone(CALL, { timeZone: 'America/New_York', hour24: true }, 'en-NZ')).toBe('Wednesday, 2 December 2026, 18:00 (New York time)')
    expect(formatSlotInZone(CALL, { timeZone: 'Pacific/Auckland', hour24: false }, 'en-NZ')).toBe('Thursday, 3 December 2026, 12:00 pm (Auckland time)')
  })

  it('the one line left after the inline form clears', () => {
    expect(formatShortCall(CALL, { timeZone: 'America/New_York', hour24: false }, 'en-NZ')).toBe('Wed 2 Dec, 6:00 pm New York time')
  })
})
