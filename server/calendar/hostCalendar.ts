/**
 * The host's calendars as one set of busy times (docs/calendars.md). Every source (an iCalendar feed, a CalDAV
 * account) is read at start and every HOST_CALENDAR_REFRESH_SECONDS, expanded over the bookable window
 * then (not per request), and its busy times kept until the next good read. A source that fails keeps
 * its last good copy for HOST_CALENDAR_MAX_STALE_HOURS; past that, or before a first good read, the
 * calendar answers "cannot be trusted" and the scheduler offers no slots (a calendar nobody can see
 * could hold anything). The log says which source fails and since when, never its address.
 */
import type { CopyStore, SourceCopy } from '../db/calendarCopies'
import type { ChangeFeed } from '../db/changeFeed'
import type { Logger } from '../log/logger'
import { BusyTimes, type CalendarBusy, type Interval } from './busyTimes'

export type { SourceCopy } from '../db/calendarCopies'

/** One source: `read` returns its busy times over [from, to) (epoch ms) or throws an error safe to log. */
export interface CalendarSource {
  /** Stable and not secret: the database keys the last good copy by it. */
  id: string
  /** For people: `feed 1 (calendar.google.com)`, `CalDAV (caldav.fastmail.com)`. */
  name: string
  read(window: SourceWindow): Promise<{ intervals: Interval[]; events: number; skippedSeries?: number }>
}

/** What a source reads: busy times over [from, to) (epoch ms), without the events this server wrote. */
export interface SourceWindow {
  from: number
  to: number
  ownUids: ReadonlySet<string>
  /** Aborted when the server stops: a read in progress ends at once. */
  signal?: AbortSignal
}

export interface SourceState {
  id: string
  name: string
  copy: SourceCopy | undefined
  /** Epoch ms of the first failure since the last success; undefined while it reads fine. */
  failingSince: number | undefined
  error: string | undefined
}

export interface HostCalendar extends CalendarBusy {
  /** Reads every source once (the first call also loads the stored copies). */
  refresh(): Promise<void>
  /** Refreshes now and then every `refreshMs`. */
  start(): void
  stop(): Promise<void>
  states(): SourceState[]
}

export function createHostCalendar(options: {
  sources: CalendarSource[]
  /** Epoch ms now. */
  now: () => number
  daysAhead: number
  refreshMs: number
  maxStaleMs: number
  log: Pick<Logger, 'warn' | 'info' | 'error'>
  /**
   * Where last good copies outlive the process and are shared between instances (the database). With
   * it, one instance at a time reads the sources (a lease) and the others load what it stored when the
   * change feed says so.
   */
  copies?: CopyStore
  changes?: ChangeFeed
  /** The UIDs of the events this server wrote (its bookings'), so they do not block twice. */
  ownUids?: () => Promise<ReadonlySet<string>>
}): HostCalendar {
  const { sources, now, log } = options
  const states = new Map<string, SourceState>(
    sources.map((s) => [s.id, { id: s.id, name: s.name, copy: undefined, failingSince: undefined, error: undefined }]),
  )
  let version = 0
  let union: BusyTimes | undefined
  let loaded = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let stopped = false
  let stopping = new AbortController()
  /** Recurring events each source left out at its last read, so the log says so once, not each refresh. */
  const skipped = new Map<string, number>()

  const changed = () => {
    version++
    union = undefined
  }

  function adopt(id: string, copy: SourceCopy): void {
    const state = states.get(id)
    if (!state || (state.copy && state.copy.readAt >= copy.readAt)) return
    state.copy = copy
    changed()
  }

  async function loadStored(): Promise<void> {
    if (!options.copies) return
    const known = new Map([...states.values()].flatMap((state) => (state.copy ? [[state.id, state.copy.readAt] as const] : [])))
    const stored = await options.copies.load(sources.map((s) => s.id), known)
    for (const [id, copy] of stored) adopt(id, copy)
  }

  async function readOne(source: CalendarSource, ownUids: ReadonlySet<string>): Promise<void> {
    const state = states.get(source.id) as SourceState
    const at = now()
    const window = { from: at - 86_400_000, to: at + (options.daysAhead + 2) * 86_400_000, ownUids, signal: stopping.signal }
    try {
      const { intervals, events, skippedSeries = 0 } = await source.read(window)
      if (skippedSeries !== (skipped.get(source.id) ?? 0) && skippedSeries > 0) {
        log.warn(
          { source: source.name, skippedSeries },
          `Calendar: ${source.name} has ${skippedSeries} recurring event${skippedSeries === 1 ? '' : 's'} left out: ${skippedSeries === 1 ? 'its rule takes' : 'their rules take'} too many steps to reach the bookable window`,
        )
      }
      skipped.set(source.id, skippedSeries)
      const copy = { intervals, events, readAt: at }
      // A good read counts even if the database cannot keep it now (then only this instance has it).
      await options.copies?.save(source.id, copy).catch((error: unknown) => log.error({ err: error, source: source.name }, `Calendar: the copy of ${source.name} could not be stored`))
      if (state.failingSince !== undefined) log.info({ source: source.name }, `Calendar: ${source.name} reads again`)
      state.failingSince = undefined
      state.error = undefined
      state.copy = copy
      changed()
    } catch (error) {
      // Stopped mid-read: the source did not fail, the server is going.
      if (stopping.signal.aborted) return
      const reason = error instanceof Error ? error.message : 'failed'
      const firstFailure = state.failingSince === undefined
      state.failingSince ??= at
      state.error = reason
      const since = new Date(state.failingSince).toISOString()
      const usable = state.copy && at - state.copy.readAt <= options.maxStaleMs
      const consequence = usable
        ? `using the copy read at ${new Date((state.copy as SourceCopy).readAt).toISOString()}`
        : 'no usable copy: no slots are offered until it reads again'
      const line = `Calendar: ${source.name} cannot be read (${reason}) since ${since}; ${consequence}`
      if (firstFailure || !usable) log.warn({ source: source.name, failingSince: since }, line)
    }
  }

  async function refreshAll(): Promise<void> {
    if (!loaded) {
      loaded = true
      await loadStored().catch((error: unknown) => log.error({ err: error }, 'Calendar: the stored copies could not be read'))
    }
    const own = options.ownUids ? await options.ownUids().catch(() => new Set<string>()) : new Set<string>()
    // Another instance holds the lease: it reads the sources, and this one loads what it stored.
    if (options.copies && !(await options.copies.takeLease(now(), 2 * options.refreshMs))) return loadStored()
    for (const source of sources) {
      if (stopping.signal.aborted) return
      await readOne(source, own)
    }
  }

  // Another instance stored a newer copy (or a booking changed): load what is newer, nothing else.
  const unsubscribe = options.changes?.subscribe(() => {
    if (loaded) void loadStored().catch(() => undefined)
  })

  function schedule(): void {
    if (stopped) return
    timer = setTimeout(() => {
      void refresh().finally(schedule)
    }, options.refreshMs)
    timer.unref?.()
  }

  function refresh(): Promise<void> {
    running ??= refreshAll()
      .catch((error: unknown) => log.error({ err: error }, 'Calendar: refresh failed'))
      .finally(() => (running = undefined))
    return running
  }

  return {
    busy() {
      const at = now()
      for (const state of states.values()) {
        if (!state.copy || at - state.copy.readAt > options.maxStaleMs) return undefined
      }
      union ??= BusyTimes.of([...states.values()].flatMap((state) => (state.copy as SourceCopy).intervals))
      return union
    },
    version: () => version,
    refresh,
    start() {
      stopped = false
      if (stopping.signal.aborted) stopping = new AbortController()
      void refresh().finally(schedule)
    },
    async stop() {
      stopped = true
      unsubscribe?.()
      clearTimeout(timer)
      stopping.abort()
      await running
      await options.copies?.releaseLease().catch(() => undefined)
    },
    states: () => [...states.values()].map((state) => ({ ...state })),
  }
}
