/**
 * Busy times of one iCalendar file (a feed, or the events of a CalDAV calendar), with ical.js
 * (issue 24): every VEVENT over a window, recurrences expanded (RRULE, RDATE, EXDATE), RECURRENCE-ID
 * overrides moving or cancelling one instance, TRANSPARENT and CANCELLED events left out. Runs once
 * per refresh of a source, never per request.
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

export interface ParsedBusy {
  intervals: Interval[]
  /** VEVENTs read (an override counts once), for `npm run calendar`. */
  events: number
}

export interface ParseOptions {
  /** The host's zone: floating times and all-day events are read in it. */
  hostZone: string
  /** Only busy times overlapping [from, to) (epoch milliseconds) are kept. */
  from: number
  to: number
  /** Events this server wrote itself (each booking's UID): they block through the bookings already. */
  isOwnUid?: (uid: string) => boolean
}

/** Occurrences of one series looked at, at most: a runaway rule (FREQ=MINUTELY for years) stops there. */
const MAX_OCCURRENCES = 20_000

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

/** Series expanded between two yields to the event loop: a refresh never holds up requests for long. */
const SERIES_PER_TURN = 50
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function parseBusy(text: string, options: ParseOptions): Promise<ParsedBusy> {
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
    if (options.isOwnUid?.(uid)) continue
    const entry = series.get(uid) ?? { overrides: [] }
    if (vevent.hasProperty('recurrence-id')) entry.overrides.push(vevent)
    else entry.master = vevent
    series.set(uid, entry)
  }

  let events = 0
  let turn = 0
  for (const { master, overrides } of series.values()) {
    if (++turn % SERIES_PER_TURN === 0) await nextTurn()
    events += (master ? 1 : 0) + overrides.length
    // Each override stands for itself, wherever it moved the instance (or cancels it).
    const overridden = new Set<number>()
    for (const override of overrides) {
      const event = new ICAL.Event(override)
      const recurrenceId = override.getFirstProperty('recurrence-id')
      const id = event.recurrenceId
      if (id && recurrenceId) {
        const tzid = recurrenceId.getParameter('tzid')
        overridden.add(id.isDate ? dayStart(id, hostZone) : instantOf(id, typeof tzid === 'string' ? tzid : undefined, hostZone))
      }
      if (!isFree(override)) keep(occurrence(override, event.startDate, event.endDate, hostZone))
    }
    if (!master || isFree(master)) continue
    const event = new ICAL.Event(master)
    if (!event.startDate) continue
    if (!event.isRecurring()) {
      keep(occurrence(master, event.startDate, event.endDate ?? event.startDate, hostZone))
      continue
    }
    const iterator = event.iterator()
    const tzid = tzidOf(master, 'dtstart')
    for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
      const startMs = next.isDate ? dayStart(next, hostZone) : instantOf(next, tzid, hostZone)
      if (startMs >= to) break
      if (overridden.has(startMs)) continue
      const end = next.clone()
      end.addDuration(event.duration)
      keep(occurrence(master, next, end, hostZone))
    }
  }
  return { intervals, events }
}
