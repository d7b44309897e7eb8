/** SCHEDULE_HOLIDAYS as the host writes it: a country, or a country and region, that date-holidays knows. */
import Holidays from 'date-holidays'

/** `NZ-AUK` → { country: 'NZ', region: 'AUK' }; undefined when date-holidays does not know it. */
export function parseHolidayCode(code: string): { country: string; region: string | undefined } | undefined {
  const [country = '', region, ...rest] = code.trim().toUpperCase().split('-')
  if (rest.length > 0 || !/^[A-Z]{2}$/.test(country)) return undefined
  const known = new Holidays()
  if (!(country in (known.getCountries() ?? {}))) return undefined
  if (region !== undefined && !(region in (known.getStates(country) ?? {}))) return undefined
  return { country, region }
}
