/**
 * Busy times as the scheduler checks slots against them: half-open intervals of epoch
 * milliseconds, sorted and merged once, then asked "does [start, end) overlap any?" by binary search.
 */

/** [start, end) in epoch milliseconds. */
export interface Interval {
  start: number
  end: number
}

export class BusyTimes {
  static readonly none = new BusyTimes([])

  /** Sorted by start, non-overlapping, non-touching: build with `BusyTimes.of`. */
  private constructor(readonly intervals: readonly Interval[]) {}

  /** The union of `intervals` (any order, overlaps allowed; empty ones dropped). */
  static of(intervals: Iterable<Interval>): BusyTimes {
    const sorted = [...intervals].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start)
    const merged: Interval[] = []
    for (const next of sorted) {
      const last = merged[merged.length - 1]
      if (last && next.start <= last.end) last.end = Math.max(last.end, next.end)
      else merged.push({ start: next.start, end: next.end })
    }
    return new BusyTimes(merged)
  }

  /** Every interval widened: `beforeMs` earlier, `afterMs` later (the free time kept around busy times). */
  widened(beforeMs: number, afterMs: number): BusyTimes {
    if (beforeMs === 0 && afterMs === 0) return this
    return BusyTimes.of(this.intervals.map((i) => ({ start: i.start - beforeMs, end: i.end + afterMs })))
  }

  /** Whether [start, end) shares any moment with a busy interval. */
  overlaps(start: number, end: number): boolean {
    // The first interval that ends after `start`; it overlaps when it also starts before `end`.
    let low = 0
    let high = this.intervals.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((this.intervals[mid] as Interval).end <= start) low = mid + 1
      else high = mid
    }
    const candidate = this.intervals[low]
    return candidate !== undefined && candidate.start < end
  }

  /** The intervals that overlap [from, to). */
  within(from: number, to: number): Interval[] {
    return this.intervals.filter((i) => i.end > from && i.start < to)
  }
}

/** The host's calendars as the scheduler reads them (server/calendar/hostCalendar.ts makes it). */
export interface CalendarBusy {
  /** Busy times of every source (not widened); undefined while a source's days cannot be offered. */
  busy(): BusyTimes | undefined
  /** Changes whenever `busy()` would answer differently: part of every cached answer's key. */
  version(): number
}
