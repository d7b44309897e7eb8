import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { keepZoneFields } from '../../../scripts/zoneDataPlugin'
import { zoneDataFields } from '../../../src/lib/time/zoneDataFields'

const table = readFileSync(createRequire(import.meta.url).resolve('@vvo/tzdb/raw-time-zones.json'), 'utf8')

describe("the build's table of zones", () => {
  const whole: Record<string, unknown>[] = JSON.parse(table)
  const kept: Record<string, unknown>[] = JSON.parse(keepZoneFields(table, zoneDataFields))

  it('keeps every zone, with only the fields the search reads, as the package has them', () => {
    expect(kept).toHaveLength(whole.length)
    kept.forEach((zone, i) => {
      const original = whole[i]!
      expect(Object.keys(zone).every((field) => (zoneDataFields as readonly string[]).includes(field))).toBe(true)
      for (const field of zoneDataFields) expect(zone[field]).toEqual(original[field])
    })
    expect(kept.find((zone) => zone.name === 'Asia/Kolkata')).toEqual({
      name: 'Asia/Kolkata',
      group: ['Asia/Kolkata', 'Asia/Calcutta'],
      countryCode: 'IN',
      alternativeName: 'India Time',
      mainCities: ['Mumbai', 'Delhi', 'Bengaluru', 'Hyderabad'],
      abbreviation: 'IST',
    })
  })
})
