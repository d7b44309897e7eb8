/**
 * The countries each time zone serves (countries-and-timezones), for the zone search: a module of its own so the
 * booking form imports it once it has drawn (docs/performance.md#the-zone-list-behind-the-slots).
 */
export { getCountriesForTimezone } from 'countries-and-timezones'
