/**
 * Public holidays (SCHEDULE_HOLIDAYS): a day that is a public holiday where the host works
 * has no slots. The dates come from date-holidays, which knows each country's observed ("Monday")
 * days and regional days such as Auckland Anniversary Day.
 */
import Holidays from 'date-holidays'
import type { Temporal } from 'temporal-polyfill'
import { parseHolidayCode } from '../settings/holidayCode'

/** Whether a date (in the host's zone) is a public holiday of `code`; `undefined` code: never. */
export type HolidayCheck = (date: Temporal.PlainDate) => boolean

export function publicHolidays(code: string | undefined): HolidayCheck {
  const parsed = code ? parseHolidayCode(code) : undefined
  if (!parsed) return () => false
  const calendar = parsed.region ? new Holidays(parsed.country, parsed.region) : new Holidays(parsed.country)
  const byYear = new Map<number, ReadonlySet<string>>()
  return (date) => {
    let dates = byYear.get(date.year)
    if (!dates) {
      // Only days off for everyone: not observances, school or optional (bank) holidays.
      const days = calendar.getHolidays(date.year).filter((day) => day.type === 'public')
      dates = new Set(days.map((day) => day.date.slice(0, 10)))
      byYear.set(date.year, dates)
    }
    return dates.has(date.toString())
  }
}
