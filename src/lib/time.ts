/**
 * Temporal helpers for the booking form (docs/design.md#time). Only the form's lazy chunk imports this file,
 * so temporal-polyfill stays out of the first load of every page.
 */
import { Temporal } from 'temporal-polyfill'

/** The visitor's IANA zone, from the browser. */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

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
  return Temporal.PlainDate.from(day).toLocaleString(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
}

/** A slot's time of day in the visitor's zone; 12 or 24 hours as the locale prefers. */
export function formatSlotTime(instant: string, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    Temporal.Instant.from(instant).epochMilliseconds,
  )
}

/** A slot with its day, for the 'Selected' summary: 'Monday, 23 November 2026 at 10:00 am'. */
export function formatSlot(instant: string, timeZone: string, locale?: string): string {
  const day = dateIn(instant, timeZone)
  return `${formatDay(day, locale)}, ${formatSlotTime(instant, timeZone, locale)}`
}

/** The zone as people read it: 'Pacific/Auckland (New Zealand Daylight Time)'. */
export function describeTimeZone(timeZone: string, at: string, locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(
    Temporal.Instant.from(at).epochMilliseconds,
  )
  const name = parts.find((p) => p.type === 'timeZoneName')?.value
  return name && name !== timeZone ? `${timeZone} (${name})` : timeZone
}

/** A call from start to end, for the manage page: 'Monday, 23 November 2026, 10:00 am to 10:15 am'. */
export function formatCall(start: string, end: string, timeZone: string, locale?: string): string {
  return `${formatSlot(start, timeZone, locale)} to ${formatSlotTime(end, timeZone, locale)}`
}
