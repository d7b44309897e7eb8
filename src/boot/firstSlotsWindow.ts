/**
 * The picker's first slots window (core/slotWindow.ts: today in the zone, from 3 days before to the end
 * of 7 days after) worked out with Intl alone, for the page's idle prefetch: temporal-polyfill is not
 * loaded then, and running it at idle is a long task (docs/design.md#budgets: TBT). The one place that
 * does this without Temporal; tests/unit/firstSlotsWindow.test.ts checks it against slotWindow in many
 * zones and across daylight-saving changes. Where a day's midnight is skipped or repeated, it gives up
 * (null): the picker then asks for itself.
 */
import type { SlotWindow } from '../../core/slotWindow'
import { DAYS_AFTER, DAYS_BEFORE } from '../../core/slotsRequest'

const wallClocks = new Map<string, Intl.DateTimeFormat>()

/** The zone's wall clock at an instant, to the second. */
function wallClock(epochMs: number, timeZone: string) {
  let format = wallClocks.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    wallClocks.set(timeZone, format)
  }
  const part = Object.fromEntries(format.formatToParts(epochMs).map((p) => [p.type, Number(p.value)]))
  return { year: part.year!, month: part.month!, day: part.day!, hour: part.hour!, minute: part.minute!, second: part.second! }
}

/** The wall clock read as if it were UTC, minus the instant: the zone's offset then. */
function offsetAt(epochMs: number, timeZone: string): number {
  const w = wallClock(epochMs, timeZone)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(epochMs / 1000) * 1000
}

const sameDate = (a: { year: number; month: number; day: number }, b: { year: number; month: number; day: number }) =>
  a.year === b.year && a.month === b.month && a.day === b.day

/** The first instant of a civil day (given as UTC midnight of that date) in the zone, or null when it is not a plain midnight. */
function startOfDay(utcMidnight: number, timeZone: string): number | null {
  const date = new Date(utcMidnight)
  const wanted = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
  const guess = utcMidnight - offsetAt(utcMidnight, timeZone)
  const start = utcMidnight - offsetAt(guess, timeZone)
  const at = wallClock(start, timeZone)
  const midnight = sameDate(at, wanted) && at.hour === 0 && at.minute === 0 && at.second === 0
  // The instant before must be the day before: else this midnight came twice (clocks put back onto it).
  return midnight && !sameDate(wallClock(start - 1, timeZone), wanted) ? start : null
}

/** As Temporal.Instant#toString writes it: no fraction when it is zero, no trailing zeros. */
function instantText(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.000Z$/, 'Z').replace(/(\.\d*?)0+Z$/, '$1Z')
}

const DAY_MS = 86_400_000

/** The window the picker asks for first when it opens at `nowMs` in `timeZone`, or null (see above). */
export function firstSlotsWindow(nowMs: number, timeZone: string): SlotWindow | null {
  const today = wallClock(nowMs, timeZone)
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day)
  const start = startOfDay(todayUtc - DAYS_BEFORE * DAY_MS, timeZone)
  const afterEnd = startOfDay(todayUtc + (DAYS_AFTER + 1) * DAY_MS, timeZone)
  if (start === null || afterEnd === null) return null
  return { startTime: instantText(start), endTime: instantText(afterEnd - 1) }
}
