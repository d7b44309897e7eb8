/**
 * What `npm run calendar` prints: each source's state (read now, or why not; its stored
 * copy) and the busy blocks of the next 7 days in the host's zone as the scheduler sees them, so an
 * owner can check the setup in one command. Never a feed's address.
 */
import { Temporal } from 'temporal-polyfill'
import type { CopyStore, SourceCopy } from '../db/calendarCopies'
import { BusyTimes } from './busyTimes'
import type { CalendarSource } from './hostCalendar'
import type { HolidayCheck } from './holidays'

export interface ReportOptions {
  sources: CalendarSource[]
  hostZone: string
  now: Temporal.Instant
  daysAhead: number
  maxStaleMs: number
  isHoliday: HolidayCheck
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  /** The database's copies; undefined when it cannot be opened now (PGlite held by the running server). */
  copies: Pick<CopyStore, 'load'> | undefined
}

const DAYS = 7

export async function calendarReport(options: ReportOptions): Promise<{ text: string; ok: boolean }> {
  const { sources, hostZone, now } = options
  const at = now.epochMilliseconds
  const zoned = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(hostZone)
  const stamp = (ms: number) => zoned(ms).toPlainDateTime().toString({ smallestUnit: 'minute' }).replace('T', ' ')
  const stored = options.copies ? await options.copies.load(sources.map((s) => s.id)) : new Map<string, SourceCopy>()
  const lines: string[] = [`Calendar sources (times in ${hostZone}):`]
  const usable: SourceCopy[] = []
  let ok = true
  const window = { from: at - 86_400_000, to: at + (options.daysAhead + 2) * 86_400_000, ownUids: new Set<string>() }
  for (const source of sources) {
    lines.push(`- ${source.name}`)
    const copy = stored.get(source.id)
    try {
      const { intervals, events, skippedSeries = 0 } = await source.read(window)
      lines.push(`    read now: ${events} event${events === 1 ? '' : 's'}, ${intervals.length} busy block${intervals.length === 1 ? '' : 's'} in the bookable window`)
      if (skippedSeries > 0) lines.push(`    left out: ${skippedSeries} recurring event${skippedSeries === 1 ? ' whose rule takes' : 's whose rules take'} too many steps to reach the window`)
      usable.push({ intervals, events, readAt: at })
    } catch (error) {
      ok = false
      lines.push(`    cannot be read now: ${error instanceof Error ? error.message : 'failed'}`)
      if (copy && at - copy.readAt <= options.maxStaleMs) usable.push(copy)
      else lines.push('    no usable copy: while this lasts, no slots are offered')
    }
    if (options.copies) lines.push(copy ? `    last good copy in the database: read ${stamp(copy.readAt)}, ${copy.events} events` : '    no copy in the database yet')
  }
  if (!options.copies) lines.push('(The database is in use by the running server: stored copies not shown.)')

  const busy = BusyTimes.of(usable.flatMap((copy) => copy.intervals))
  const today = zoned(at).toPlainDate()
  lines.push('', `Busy in the next ${DAYS} days${options.bufferBeforeMinutes || options.bufferAfterMinutes ? ` (slots also keep ${options.bufferBeforeMinutes} min before and ${options.bufferAfterMinutes} min after each)` : ''}:`)
  for (let d = 0; d < DAYS; d++) {
    const date = today.add({ days: d })
    const dayStart = date.toZonedDateTime(hostZone).epochMilliseconds
    const dayEnd = date.add({ days: 1 }).toZonedDateTime(hostZone).epochMilliseconds
    const label = date.toLocaleString('en-NZ', { weekday: 'short', day: 'numeric', month: 'short' })
    const blocks = busy.within(dayStart, dayEnd).map((block) => {
      const from = block.start <= dayStart ? '00:00' : zoned(block.start).toPlainTime().toString({ smallestUnit: 'minute' })
      const to = block.end >= dayEnd ? '24:00' : zoned(block.end).toPlainTime().toString({ smallestUnit: 'minute' })
      return `${from}–${to}`
    })
    const holiday = options.isHoliday(date) ? ' (public holiday: no slots)' : ''
    lines.push(`  ${label}${holiday}: ${blocks.length > 0 ? blocks.join(', ') : 'free'}`)
  }
  return { text: lines.join('\n'), ok }
}
