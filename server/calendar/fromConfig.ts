/** The host's calendar sources as the configuration names them, for the server and `npm run calendar`. */
import { Temporal } from 'temporal-polyfill'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import type { Logger } from '../log/logger'
import { caldavAccount, caldavSource, type CaldavAccount, type CaldavSettings } from './caldav'
import { feedSource } from './feedSource'
import { createHostCalendar, type CalendarSource, type HostCalendar } from './hostCalendar'
import { calendarUid } from './calendarUid'

/** The CalDAV account of the configuration, if any (one client, shared by the reads and the writes). */
export function caldavFromConfig(config: ServerConfig): { settings: CaldavSettings; account: CaldavAccount } | undefined {
  if (!config.CALDAV_URL || config.CALCOM_URL) return undefined
  const settings = {
    url: config.CALDAV_URL,
    username: config.CALDAV_USERNAME,
    password: config.CALDAV_PASSWORD,
    calendar: config.CALDAV_CALENDAR,
  }
  return { settings, account: caldavAccount(settings) }
}

export function calendarSources(
  config: ServerConfig,
  caldav: ReturnType<typeof caldavFromConfig> = caldavFromConfig(config),
): CalendarSource[] {
  const parseTimeoutMs = config.HOST_CALENDAR_PARSE_TIMEOUT_MS
  const feeds = config.HOST_CALENDAR_URLS.map((url, index) => feedSource(url, index, config.SCHEDULE_TIME_ZONE, { parseTimeoutMs }))
  return caldav ? [...feeds, caldavSource(caldav.settings, caldav.account, config.SCHEDULE_TIME_ZONE, parseTimeoutMs)] : feeds
}

/** A feed address fit to print: scheme and host, the secret path hidden. */
export function maskFeedUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}/***`
  } catch {
    return '[unparsable URL]'
  }
}

/** The host's calendars, or undefined when none is configured (or Cal.com answers the bookings). */
export function hostCalendarFromConfig({
  config,
  store,
  log,
  now = () => Date.now(),
  caldav = caldavFromConfig(config),
}: {
  config: ServerConfig
  store: Pick<BookingStore, 'list' | 'calendarCopies' | 'changes' | 'calendarSecret'>
  log: Pick<Logger, 'warn' | 'info' | 'error'>
  now?: () => number
  caldav?: ReturnType<typeof caldavFromConfig>
}): HostCalendar | undefined {
  const sources = calendarSources(config, caldav)
  if (config.CALCOM_URL || sources.length === 0) return undefined
  return createHostCalendar({
    sources,
    now,
    daysAhead: config.SCHEDULE_DAYS_AHEAD,
    refreshMs: config.HOST_CALENDAR_REFRESH_SECONDS * 1000,
    maxStaleMs: config.HOST_CALENDAR_MAX_STALE_HOURS * 3_600_000,
    log,
    copies: store.calendarCopies,
    changes: store.changes,
    async ownUids() {
      const rows = await store.list(Temporal.Instant.fromEpochMilliseconds(now() - 86_400_000), 100_000)
      return new Set(rows.map((row) => calendarUid(store.calendarSecret, row.id, config.BOOKING_HOST)))
    },
  })
}
