/**
 * Busy times of one iCalendar file (a feed, or the events of a CalDAV calendar), with ical.js
 * (docs/calendars.md): every VEVENT over a window, recurrences expanded (RRULE, RDATE, EXDATE), RECURRENCE-ID
 * overrides moving or cancelling one instance, TRANSPARENT and CANCELLED events left out. Runs in the
 * calendar worker (calendarWorker.ts), once per refresh of a source, never per request and never on the
 * server's main thread: a calendar is untrusted input (docs/calendars.md#limits).
 *
 * Wall times become instants through the IANA database (Temporal), whatever zone name the file uses:
 * an IANA name as is, a Windows name (Outlook's `New Zealand Standard Time`) mapped to its IANA zone,
 * any other name through the file's own VTIMEZONE (ical.js), floating times in the host's zone.
 * All-day events block whole days of the host's zone.
 */
import ICAL from 'ical.js'
import { Temporal } from 'temporal-polyfill'
import { findIana } from 'windows-iana'
import { isValidTimeZone } from '../../core/bookingWire'
import type { Interval } from './busyTimes'
import { StepBudgetExceeded, withSteps } from './recurSteps'

export interface ParsedBusy {
  intervals: Interval[]
  /** VEVENTs read (an override counts once), for `npm run calendar`. */
  events: number
  /** Recurring events left out: their rule took more than MAX_STEPS_PER_SERIES steps (docs/calendars.md#limits). */
  skippedSeries: number
}

export interface ParseOptions {
  /** The host's zone: floating times and all-day events are read in it. */
  hostZone: string
  /** Only busy times overlapping [from, to) (epoch milliseconds) are kept. */
  from: number
  to: number
  /** Events this server wrote itself (each booking's UID): they block through the bookings already. */
  ownUids?: ReadonlySet<string>
  /** Recurrence steps this file may still take (docs/calendars.md#limits); what it took is subtracted. */
  budget?: { steps: number }
}

/**
 * Candidate times one series may step through. Most series start near the window (`fastForward`); one
 * that cannot, a COUNT with BY-parts, still reaches back five years by the day. So only a rule that
 * cannot match, or one that steps by seconds or minutes through the window, runs out. Such a series is
 * left out (what it gave before is kept) and counted.
 */
export const MAX_STEPS_PER_SERIES = 2_000
/** Candidate times one file (a feed, or all of a CalDAV account's events) may step through. */
export const MAX_STEPS_PER_SOURCE = 1_000_000

/** A file whose recurring events together took more than MAX_STEPS_PER_SOURCE steps. */
export class TooManyStepsError extends Error {
  constructor() {
    super('too many recurring events to expand')
  }
}

export class NotICalendarError extends Error {
  constructor() {
    super('not an iCalendar file')
  }
}

/** The IANA zone for a TZID, or undefined (then the file's VTIMEZONE decides). */
function ianaZone(tzid: string): string | undefined {
  // Some exporters write `/mozilla.org/20050126_1/Pacific/Auckland` or quote the name.
  const name = tzid.replace(/^"|"$/g, '').replace(/^\/[^/]+\/[^/]+\//, '')
  if (isValidTimeZone(name)) return name
  return findIana(name)[0]
}

/** An instant (epoch milliseconds) for an ical.js date-time, or undefined for a date (all-day). */
function instantOf(time: ICAL.Time, tzid: string | undefined, hostZone: string): number {
  if (time.zone === ICAL.Timezone.utcTimezone) return time.toUnixTime() * 1000
  const zone = tzid ? ianaZone(tzid) : hostZone
  if (zone) {
    const wall = new Temporal.PlainDateTime(time.year, time.month, time.day, time.hour, time.minute, time.second)
    // A wall time inside a spring-forward gap moves later, as calendars show it.
    return wall.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds
  }
  // A zone only the file defines: ical.js applies its VTIMEZONE (or, unknown, reads it as UTC).
  return time.toUnixTime() * 1000
}

/** Start of `date` in the host's zone, epoch milliseconds. */
const dayStart = (time: ICAL.Time, hostZone: string) =>
  new Temporal.PlainDate(time.year, time.month, time.day).toZonedDateTime(hostZone).epochMilliseconds

const tzidOf = (component: ICAL.Component, name: string): string | undefined => {
  const value = component.getFirstProperty(name)?.getParameter('tzid')
  return typeof value === 'string' ? value : undefined
}

/** Whether a component leaves its time free. */
function isFree(component: ICAL.Component): boolean {
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase()
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase()
  return transp === 'TRANSPARENT' || status === 'CANCELLED'
}

/** The busy interval of one occurrence: start and end as ical.js gives them, in `component`'s zones. */
function occurrence(
  component: ICAL.Component,
  start: ICAL.Time,
  end: ICAL.Time,
  hostZone: string,
): Interval {
  if (start.isDate) {
    const from = dayStart(start, hostZone)
    const until = end.isDate ? dayStart(end, hostZone) : from
    // DTEND of an all-day event is the day after; a missing or equal one means that one day.
    return { start: from, end: until > from ? until : Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(hostZone).add({ days: 1 }).epochMilliseconds }
  }
  const startTz = tzidOf(component, 'dtstart')
  const endTz = component.hasProperty('dtend') ? tzidOf(component, 'dtend') : startTz
  return { start: instantOf(start, startTz, hostZone), end: instantOf(end, endTz, hostZone) }
}

const DAY_MS = 86_400_000
/** Seconds of one step of the rule's FREQ, for the frequencies whose steps a start can skip whole. */
const STEP_SECONDS: Partial<Record<string, number>> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3_600, DAILY: 86_400, WEEKLY: 604_800 }

/**
 * Where to start a series long begun (docs/calendars.md#limits): DTSTART moved forward by whole periods of its
 * rule (FREQ × INTERVAL) to shortly before the window, so years of past steps are never taken. Whole
 * periods leave the rule's phase and BY-parts as they were; ical.js gives the moved DTSTART itself as an
 * occurrence, which lies before the window and is dropped. A COUNT counts from the true start, so it is
 * moved too, but only for a rule without BY-parts, where every period is one occurrence. One RRULE at a
 * frequency of a fixed length; anything else starts at DTSTART. 'ended': the COUNT ran out before.
 */
function fastForward(master: ICAL.Component, start: ICAL.Time, durationMs: number, from: number): ICAL.Time | 'ended' | undefined {
  const rules = master.getAllProperties('rrule')
  if (rules.length !== 1) return undefined
  const rule = rules[0]?.getFirstValue() as ICAL.Recur | undefined
  const unit = rule ? STEP_SECONDS[rule.freq] : undefined
  if (!rule || unit === undefined) return undefined
  if (rule.count && Object.keys(rule.parts).length > 0) return undefined
  const periodSeconds = unit * Math.max(1, rule.interval || 1)
  // Two days' margin covers any zone offset and a DST change between the two readings.
  const behindSeconds = (from - durationMs - 2 * DAY_MS) / 1000 - start.toUnixTime()
  const periods = Math.floor(behindSeconds / periodSeconds)
  if (periods <= 0) return undefined
  if (rule.count) {
    if (rule.count - periods <= 0) return 'ended'
    rule.count -= periods
  }
  const moved = start.clone()
  // Days as days: a daily or weekly series keeps its wall time across DST changes.
  if (unit >= 86_400) moved.adjust((periods * periodSeconds) / 86_400, 0, 0, 0)
  else moved.adjust(0, 0, 0, periods * periodSeconds)
  return moved
}

export function parseBusy(text: string, options: ParseOptions): ParsedBusy {
  let root: ICAL.Component
  try {
    root = new ICAL.Component(ICAL.parse(text))
  } catch {
    throw new NotICalendarError()
  }
  if (root.name !== 'vcalendar') throw new NotICalendarError()
  // Zones only the file defines (custom names): ical.js reads their VTIMEZONE when it meets the TZID.
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const tzid = String(vtimezone.getFirstPropertyValue('tzid') ?? '')
    if (tzid && !ianaZone(tzid) && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(vtimezone)
  }
  const { hostZone, from, to } = options
  const intervals: Interval[] = []
  const keep = (interval: Interval) => {
    if (interval.end > from && interval.start < to && interval.end > interval.start) intervals.push(interval)
  }

  // Series by UID: the master (with its rule) and its overrides (RECURRENCE-ID).
  const vevents = root.getAllSubcomponents('vevent')
  const series = new Map<string, { master?: ICAL.Component; overrides: ICAL.Component[] }>()
  let unnamed = 0
  for (const vevent of vevents) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? `no-uid-${unnamed++}`)
    if (options.ownUids?.has(uid)) continue
    const entry = series.get(uid) ?? { overrides: [] }
    if (vevent.hasProperty('recurrence-id')) entry.overrides.push(vevent)
    else entry.master = vevent
    series.set(uid, entry)
  }

  let events = 0
  let skippedSeries = 0
  const budget = options.budget ?? { steps: MAX_STEPS_PER_SOURCE }
  for (const { master, overrides } of series.values()) {
    events += (master ? 1 : 0) + overrides.length
    // Each override stands for itself, wherever it moved the instance (or cancels it). Events are made
    // with their exceptions given (none: overrides are matched here), or ical.js would scan every VEVENT
    // of the file for each one, quadratic in the file's size.
    const overridden = new Set<number>()
    for (const override of overrides) {
      const event = new ICAL.Event(override, { exceptions: [] })
      const recurrenceId = override.getFirstProperty('recurrence-id')
      const id = event.recurrenceId
      if (id && recurrenceId) {
        const tzid = recurrenceId.getParameter('tzid')
        overridden.add(id.isDate ? dayStart(id, hostZone) : instantOf(id, typeof tzid === 'string' ? tzid : undefined, hostZone))
      }
      if (!isFree(override) && event.startDate) keep(occurrence(override, event.startDate, event.endDate ?? event.startDate, hostZone))
    }
    if (!master || isFree(master)) continue
    const event = new ICAL.Event(master, { exceptions: [] })
    if (!event.startDate) continue
    if (!event.isRecurring()) {
      keep(occurrence(master, event.startDate, event.endDate ?? event.startDate, hostZone))
      continue
    }
    if (budget.steps <= 0) throw new TooManyStepsError()
    const allowed = Math.min(MAX_STEPS_PER_SERIES, budget.steps)
    try {
      const { used } = withSteps(allowed, () => expand(master, event, overridden, options, keep))
      budget.steps -= used
    } catch (error) {
      if (!(error instanceof StepBudgetExceeded)) throw error
      // Cut short by the file's budget rather than its own: the file is too much, not this series.
      if (allowed < MAX_STEPS_PER_SERIES) throw new TooManyStepsError()
      budget.steps -= allowed
      // Occurrences it gave before running out are kept: a calendar shows them too.
      skippedSeries++
    }
  }
  return { intervals, events, skippedSeries }
}

/** The occurrences of one recurring series up to the window's end, overridden instances left out. */
function expand(
  master: ICAL.Component,
  event: ICAL.Event,
  overridden: ReadonlySet<number>,
  { hostZone, from, to }: ParseOptions,
  keep: (interval: Interval) => void,
): void {
  const start = event.startDate
  const durationMs = Math.max(0, event.duration.toSeconds() * 1000)
  const moved = fastForward(master, start, durationMs, from)
  if (moved === 'ended') return
  const iterator = event.iterator(moved)
  const tzid = tzidOf(master, 'dtstart')
  // Occurrences that end well before the window are passed over without a zone conversion.
  const before = from - durationMs - 2 * DAY_MS
  for (let next = iterator.next(); next; next = iterator.next()) {
    if (next.toUnixTime() * 1000 < before) continue
    const startMs = next.isDate ? dayStart(next, hostZone) : instantOf(next, tzid, hostZone)
    if (startMs >= to) break
    if (overridden.has(startMs)) continue
    const end = next.clone()
    end.addDuration(event.duration)
    keep(occurrence(master, next, end, hostZone))
  }
}
