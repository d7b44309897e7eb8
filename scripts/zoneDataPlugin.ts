/**
 * Vite plugin: @vvo/tzdb's table of zones (raw-time-zones.json), which the 'Time zone' search imports, keeps only the
 * fields the search reads (src/lib/time/zoneDataFields.ts), so the search's file carries no more of it than it uses
 * (docs/performance.md#the-zone-search-after-the-slots). Tests without the plugin read the whole table, the same fields.
 */
import type { Plugin } from 'vite'

const zoneTable = /[\\/]@vvo[\\/]tzdb[\\/]raw-time-zones\.json$/

/** The table's JSON with only `fields` in each zone (a field a zone lacks stays absent). */
export function keepZoneFields(json: string, fields: readonly string[]): string {
  const zones: Record<string, unknown>[] = JSON.parse(json)
  return JSON.stringify(zones.map((zone) => Object.fromEntries(fields.filter((field) => field in zone).map((field) => [field, zone[field]]))))
}

export function zoneDataPlugin(fields: readonly string[]): Plugin {
  return {
    name: 'zone-data',
    // Before Vite's JSON plugin turns the file into a module.
    enforce: 'pre',
    transform(code, id) {
      return zoneTable.test(id) ? { code: keepZoneFields(code, fields), map: null } : null
    },
  }
}
