/**
 * Temporal helpers for the booking form (docs/design.md#time). Only the form's lazy chunk imports this file,
 * so temporal-polyfill stays out of the first load of every page.
 */
import { Temporal } from 'temporal-polyfill'
import { readableZone } from '../../../core/zoneName'

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * One Intl.DateTimeFormat per locale and options: making one costs far more than using it, and the picker
 * formats every slot and day of the row on each render. A PlainDate is formatted as its UTC midnight in UTC,
 * which is what its toLocaleString does, without a new format each call.
 */
function format(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''} ${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) formats.set(key, (found = new Intl.DateTimeFormat(locale, options)))
  return found
}

const dayFormat = (day: string, locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  format(locale, { ...options, timeZone: 'UTC' }).format(Temporal.PlainDate.from(day).toZonedDateTime('UTC').epochMilliseconds)

/** Now, as an ISO instant (the machine's injected clock reading). */
export function nowInstant(): string {
  return Temporal.Now.instant().toString()
}

/** The calendar date of an instant in a zone, as YYYY-MM-DD. */
export function dateIn(instant: string, timeZone: string): string {
  return Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone).toPlainDate().toString()
}

/** A day shown by name and date, in the visitor's locale: 'Monday, 23 November 2026'. */
export function formatDay(day: string, locale?: string): string {
  return dayFormat(day, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })
}

/** How the visitor reads times: in which zone, and with a 12- or 24-hour clock. */
export interface TimeDisplay {
  timeZone: string
  hour24: boolean
}

/** A day of the day row, short: { weekday: 'Thu', date: '5 Mar' }. */
export function formatShortDay(day: string, locale?: string): { weekday: string; date: string } {
  return {
    weekday: dayFormat(day, locale, { weekday: 'short' }),
    date: dayFormat(day, locale, { day: 'numeric', month: 'short' }),
  }
}

/** A day by name and date without the year, as the empty-week message says it: 'Tuesday 6 January'. */
export function formatDayName(day: string, locale?: string): string {
  return dayFormat(day, locale, { weekday: 'long', day: 'numeric', month: 'long' }).replace(',', '')
}

/** A slot's time of day in the chosen zone, on the chosen clock: '2:00 pm' or '14:00'. */
export function formatSlotTime(instant: string, { timeZone, hour24 }: TimeDisplay, locale?: string): string {
  return format(locale, { hour: 'numeric', minute: '2-digit', hourCycle: hour24 ? 'h23' : 'h12', timeZone }).format(
    Temporal.Instant.from(instant).epochMilliseconds,
  )
}

/** A slot with its day, for the 'Selected' summary: 'Monday, 23 November 2026, 10:00 am'. */
export function formatSlot(instant: string, display: TimeDisplay, locale?: string): string {
  const day = dateIn(instant, display.timeZone)
  return `${formatDay(day, locale)}, ${formatSlotTime(instant, display, locale)}`
}

/** The place a zone is named after, as people say it: 'New York' for America/New_York, 'UTC' for UTC. */
export const zoneCity = (id: string): string => readableZone(id.slice(id.lastIndexOf('/') + 1))

/** A confirmed call's time with the place its zone is named after: 'Wednesday, 2 December 2026, 6:00 pm (New York time)'. */
export function formatSlotInZone(instant: string, display: TimeDisplay, locale?: string): string {
  return `${formatSlot(instant, display, locale)} (${zoneCity(display.timeZone)} time)`
}

/** A booked call in a few words: 'Wed 2 Dec, 6:00 pm Auckland time'. */
export function formatShortCall(instant: string, display: TimeDisplay, locale?: string): string {
  const { weekday, date } = formatShortDay(dateIn(instant, display.timeZone), locale)
  return `${weekday} ${date}, ${formatSlotTime(instant, display, locale)} ${zoneCity(display.timeZone)} time`
}

/**
 * The time of day at an instant on a clock `offset` from UTC (as utcOffset writes it: 'UTC+05:30'), on the chosen
 * clock: '4:30 pm' or '16:30'. One format serves every offset, where a format per zone costs milliseconds each to
 * make: the zone list shows the time of each of its 300 zones.
 */
export function formatTimeAtOffset(instant: string, offset: string, hour24: boolean, locale?: string): string {
  const [, sign, hours = '0', minutes = '0'] = /^UTC([+−])(\d\d):(\d\d)$/.exec(offset) ?? []
  const shift = (sign === '−' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000
  return format(locale, { hour: 'numeric', minute: '2-digit', hourCycle: hour24 ? 'h23' : 'h12', timeZone: 'UTC' }).format(
    Temporal.Instant.from(instant).epochMilliseconds + shift,
  )
}

/** A zone's offset from UTC at an instant: 'UTC+13:00', 'UTC−05:00', 'UTC'. */
export function utcOffset(timeZone: string, at: string): string {
  const parts = format('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(
    Temporal.Instant.from(at).epochMilliseconds,
  )
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  return name.replace('GMT', 'UTC').replace('-', '−')
}

/** The zone as people read it: 'Pacific/Auckland (New Zealand Daylight Time)'. */
export function describeTimeZone(timeZone: string, at: string, locale?: string): string {
  const parts = format(locale, { timeZone, timeZoneName: 'long' }).formatToParts(
    Temporal.Instant.from(at).epochMilliseconds,
  )
  const name = parts.find((p) => p.type === 'timeZoneName')?.value
  const readable = readableZone(timeZone)
  return name && name !== timeZone ? `${readable} (${name})` : readable
}

/** A call from start to end, for the manage page: 'Monday, 23 November 2026, 10:00 am to 10:15 am'. */
export function formatCall(start: string, end: string, display: TimeDisplay, locale?: string): string {
  return `${formatSlot(start, display, locale)} to ${formatSlotTime(end, display, locale)}`
}
