/**
 * The slot window and merge of docs/design.md#wire, pure: which instants to ask the calendar for, and which of
 * its answer belong to the selected day in the visitor's zone.
 */
import { Temporal } from 'temporal-polyfill'
import { DAYS_AFTER, DAYS_BEFORE } from './slotsRequest'

/** What the slots of one day are asked for with. */
export interface SlotsQuery {
  /** The selected day, YYYY-MM-DD in the visitor's zone. */
  day: string
  timeZone: string
  /** When moving a booking: its uid (Cal.com's `rescheduleUid`), so its own slot counts as free. */
  rescheduleUid?: string
  /** Looking for the next free day after an empty week: the LOOKAHEAD_DAYS from `day` instead of the window around it. */
  lookahead?: boolean
}

export interface SlotWindow {
  /** Start of the selected day minus 3 days, in the visitor's zone, as an ISO instant. */
  startTime: string
  /** End of the selected day plus 7 days (the last millisecond), as an ISO instant. */
  endTime: string
}

// In core/slotsRequest.ts, which the page's idle prefetch imports without temporal-polyfill.
export { DAYS_AFTER, DAYS_BEFORE } from './slotsRequest'

export function slotWindow(day: string, timeZone: string): SlotWindow {
  const date = Temporal.PlainDate.from(day)
  const start = date.subtract({ days: DAYS_BEFORE }).toZonedDateTime({ timeZone })
  // The end of day+7 is the instant just before day+8 begins (days are not always 24 hours long).
  const end = date.add({ days: DAYS_AFTER + 1 }).toZonedDateTime({ timeZone }).subtract({ milliseconds: 1 })
  return { startTime: start.toInstant().toString(), endTime: end.toInstant().toString() }
}

/** How far the picker looks for the next free day after an empty week (the server allows 62 days a request). */
export const LOOKAHEAD_DAYS = 56

/** From the start of `day` to the end of the LOOKAHEAD_DAYS that begin with it, as ISO instants. */
export function lookaheadWindow(day: string, timeZone: string): SlotWindow {
  const date = Temporal.PlainDate.from(day)
  const start = date.toZonedDateTime({ timeZone })
  const end = date.add({ days: LOOKAHEAD_DAYS }).toZonedDateTime({ timeZone }).subtract({ milliseconds: 1 })
  return { startTime: start.toInstant().toString(), endTime: end.toInstant().toString() }
}

/** The range a query asks for: the window around its day, or the look-ahead from it. */
export const queryWindow = (query: SlotsQuery): SlotWindow =>
  query.lookahead ? lookaheadWindow(query.day, query.timeZone) : slotWindow(query.day, query.timeZone)

/** The response's `slots`: date keys in the requested zone, each with items carrying an ISO `time`. */
export type SlotsByDate = Record<string, ReadonlyArray<{ time: string }>>

/**
 * Merges the keys of the day before, the day and the day after, keeps the instants whose local date in
 * `timeZone` is `day`, sorts them and removes duplicates. Returns normalised ISO instants.
 * Remembered per answer (the same object) and zone: the picker's guards and day row ask it for the
 * same days many times per render, and each local date costs temporal-polyfill a zone lookup. The
 * list returned is shared: read it, do not change it.
 */
export function mergeDaySlots(slots: SlotsByDate, day: string, timeZone: string): string[] {
  let merged = mergedDays.get(slots)
  if (!merged) mergedDays.set(slots, (merged = new Map()))
  const key = `${timeZone} ${day}`
  let found = merged.get(key)
  if (!found) merged.set(key, (found = mergeDay(slots, day, timeZone)))
  return found
}

const mergedDays = new WeakMap<SlotsByDate, Map<string, string[]>>()

function mergeDay(slots: SlotsByDate, day: string, timeZone: string): string[] {
  const keys = [shiftDay(day, -1), day, shiftDay(day, 1)]
  const byEpoch = new Map<number, Temporal.Instant>()
  for (const key of keys) {
    for (const slot of localSlots(slots, key, timeZone)) {
      if (slot.date !== day) continue
      byEpoch.set(slot.instant.epochMilliseconds, slot.instant)
    }
  }
  return [...byEpoch.values()].sort(Temporal.Instant.compare).map((i) => i.toString())
}

/** The instants under one date key of an answer, each with its local date in the zone; worked out once. */
function localSlots(slots: SlotsByDate, key: string, timeZone: string): ReadonlyArray<{ instant: Temporal.Instant; date: string }> {
  let byKey = localDates.get(slots)
  if (!byKey) localDates.set(slots, (byKey = new Map()))
  const cacheKey = `${timeZone} ${key}`
  let found = byKey.get(cacheKey)
  if (!found) {
    found = (slots[key] ?? []).map((item) => {
      const instant = Temporal.Instant.from(item.time)
      return { instant, date: instant.toZonedDateTimeISO(timeZone).toPlainDate().toString() }
    })
    byKey.set(cacheKey, found)
  }
  return found
}

const localDates = new WeakMap<SlotsByDate, Map<string, ReadonlyArray<{ instant: Temporal.Instant; date: string }>>>()

/** The day after (+1) or before (-1) a YYYY-MM-DD day. Remembered: the day row and the guards ask the same shifts again and again. */
export function shiftDay(day: string, days: number): string {
  const key = `${day} ${days}`
  let shifted = shiftedDays.get(key)
  if (shifted === undefined) {
    if (shiftedDays.size > 1_000) shiftedDays.clear()
    shifted = Temporal.PlainDate.from(day).add({ days }).toString()
    shiftedDays.set(key, shifted)
  }
  return shifted
}

const shiftedDays = new Map<string, string>()

/** True when `day` is before `today` (both YYYY-MM-DD, in the visitor's zone). */
export function isBefore(day: string, today: string): boolean {
  return Temporal.PlainDate.compare(Temporal.PlainDate.from(day), Temporal.PlainDate.from(today)) < 0
}

/** Today's date in a zone at an instant. */
export function todayAt(now: string, timeZone: string): string {
  return Temporal.Instant.from(now).toZonedDateTimeISO(timeZone).toPlainDate().toString()
}

/** The number of days in the picker's day row. */
export const ROW_DAYS = 7

/**
 * The day row of a window loaded for `windowDay`: seven days from three days before it, never before
 * today. All of them lie inside the window (which runs from 3 days before to 7 days after), so each
 * day's count is known.
 */
export function rowDays(windowDay: string, today: string): string[] {
  const early = shiftDay(windowDay, -DAYS_BEFORE)
  const first = isBefore(early, today) ? today : early
  return Array.from({ length: ROW_DAYS }, (_, i) => shiftDay(first, i))
}

/** The first of `days` with a free slot in `slots` (in the visitor's zone), or null. */
export function firstFreeDay(slots: SlotsByDate, days: readonly string[], timeZone: string): string | null {
  return days.find((day) => mergeDaySlots(slots, day, timeZone).length > 0) ?? null
}

/** The earliest local date (in `timeZone`), on or after `from`, of any slot in `slots`, or null. */
export function firstFreeDayFrom(slots: SlotsByDate, from: string, timeZone: string): string | null {
  let first: string | null = null
  for (const items of Object.values(slots)) {
    for (const item of items) {
      const day = todayAt(item.time, timeZone)
      if (!isBefore(day, from) && (first === null || isBefore(day, first))) first = day
    }
  }
  return first
}
