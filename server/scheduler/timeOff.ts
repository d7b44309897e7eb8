/**
 * The host's time off (docs/desk.md), taken on the desk: days of the host's zone with no slots, like public holidays,
 * but read from the database, so a change holds at once on every instance (the change feed drops the slots cache)
 * and for the voice assistant, which reads the same free slots.
 */
import { Temporal } from 'temporal-polyfill'
import type { BookingStore } from '../db/store'

/** The dates (YYYY-MM-DD) of time off from the day of `from` to the day of `to` in `zone`, both included. */
export async function timeOffDays(store: BookingStore, zone: string, from: Temporal.Instant, to: Temporal.Instant): Promise<Set<string>> {
  const first = from.toZonedDateTimeISO(zone).toPlainDate()
  const last = to.toZonedDateTimeISO(zone).toPlainDate()
  const days = new Set<string>()
  for (const entry of await store.desk.timeOff(first.toString())) {
    const start = Temporal.PlainDate.from(entry.from)
    const end = Temporal.PlainDate.from(entry.to)
    const lower = Temporal.PlainDate.compare(start, first) > 0 ? start : first
    const upper = Temporal.PlainDate.compare(end, last) < 0 ? end : last
    for (let date = lower; Temporal.PlainDate.compare(date, upper) <= 0; date = date.add({ days: 1 })) days.add(date.toString())
  }
  return days
}
