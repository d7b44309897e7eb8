/**
 * The fields of @vvo/tzdb's zones that the 'Time zone' search reads (timeZones.ts). The build keeps only these
 * (scripts/zoneDataPlugin.ts): the package's table without its continents, raw offsets and preformatted labels.
 * Plain data: vite.config.ts imports it.
 */
export const zoneDataFields = ['name', 'group', 'countryCode', 'alternativeName', 'mainCities', 'abbreviation', 'dstAbbreviation'] as const
