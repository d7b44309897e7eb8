/**
 * The host's CalDAV account (CALDAV_URL, CALDAV_USERNAME, CALDAV_PASSWORD) through tsdav, the
 * CalDAV client Cal.com uses: the calendars are discovered from the server's address. Busy times are
 * read from every calendar that holds events; bookings are written into CALDAV_CALENDAR (by display
 * name; default the first calendar that holds events). The password, and the address's userinfo, never
 * reach an error or a log: failures are told in our own words. Every request goes through caldavFetch.ts
 * (the server's origin only, answers capped); the events are asked for here and read in the calendar
 * worker (docs/calendars.md#limits).
 */
import { DAVClient, type DAVCalendar } from 'tsdav'
import { caldavFetch, caldavRequest } from './caldavFetch'
import { expandInWorker } from './expandInWorker'
import { CALENDAR_MAX_BYTES, DEFAULT_PARSE_TIMEOUT_MS, sourceId } from './feedSource'
import type { CalendarSource } from './hostCalendar'
import { SourceError } from './sourceError'

export interface CaldavSettings {
  url: string
  username: string
  password: string
  /** The display name of the calendar bookings go into; undefined: the first that holds events. */
  calendar: string | undefined
}

/** A failure of the CalDAV server in words without its address or the password. */
export function caldavFailure(error: unknown): SourceError {
  if (error instanceof SourceError) return error
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { code?: unknown } }
  const text = typeof message === 'string' ? message : ''
  if (/401|403|unauthori[sz]ed|invalid credentials|forbidden/i.test(text)) return new SourceError('the server refused the username or password')
  if (typeof cause?.code === 'string') return new SourceError(`could not connect (${cause.code})`)
  if (/fetch failed|ECONN|ENOTFOUND|timed? ?out|abort/i.test(text)) return new SourceError('could not connect')
  return new SourceError('the CalDAV server answered an error')
}

const holdsEvents = (calendar: DAVCalendar) => !calendar.components || calendar.components.includes('VEVENT')
const displayName = (calendar: DAVCalendar) => (typeof calendar.displayName === 'string' ? calendar.displayName : '')

/** One logged-in client per account, made again after a failure. */
export function caldavAccount(settings: CaldavSettings, timeoutMs = 30_000) {
  let client: Promise<DAVClient> | undefined
  const connect = async () => {
    const made = new DAVClient({
      serverUrl: settings.url,
      credentials: { username: settings.username, password: settings.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetchOptions: { signal: AbortSignal.timeout(timeoutMs) },
      fetch: caldavFetch({ serverUrl: settings.url }),
    })
    await made.login()
    return made
  }
  /** Runs `work` with a logged-in client; any failure is a SourceError and forces a new login next time. */
  async function withClient<T>(work: (dav: DAVClient) => Promise<T>): Promise<T> {
    try {
      client ??= connect()
      const dav = await client
      // A fresh timeout for each use (tsdav keeps the options it was given).
      dav.fetchOptions = { signal: AbortSignal.timeout(timeoutMs) }
      return await work(dav)
    } catch (error) {
      client = undefined
      throw caldavFailure(error)
    }
  }
  return {
    withClient,
    /** Every calendar of the account that holds events. */
    calendars: () => withClient(async (dav) => (await dav.fetchCalendars()).filter(holdsEvents)),
    /** The calendar bookings are written into. */
    async target(): Promise<DAVCalendar> {
      const calendars = await withClient(async (dav) => (await dav.fetchCalendars()).filter(holdsEvents))
      const found = settings.calendar ? calendars.find((c) => displayName(c) === settings.calendar) : calendars[0]
      if (!found) throw new SourceError(settings.calendar ? 'has no calendar of the name in CALDAV_CALENDAR' : 'has no calendar that holds events')
      return found
    },
  }
}

export type CaldavAccount = ReturnType<typeof caldavAccount>

export const caldavName = (url: string) => {
  try {
    return `CalDAV (${new URL(url).hostname})`
  } catch {
    return 'CalDAV'
  }
}

/** `2026-11-27T00:00:00.000Z` as CalDAV writes a UTC time: `20261127T000000Z`. */
const caldavTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

/** The calendar-query REPORT for every event overlapping the window, with its iCalendar text (RFC 4791 §7.8). */
const eventsQuery = (from: number, to: number) =>
  [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">',
    '<d:prop><d:getetag/><c:calendar-data/></d:prop>',
    `<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${caldavTime(from)}" end="${caldavTime(to)}"/></c:comp-filter></c:comp-filter></c:filter>`,
    '</c:calendar-query>',
  ].join('')

/**
 * Each calendar's events over the window as the server answers them (XML bytes, decoded and parsed in the
 * worker), one calendar after another: all of them together at most CALENDAR_MAX_BYTES, as one feed.
 */
async function fetchEvents(dav: DAVClient, calendars: DAVCalendar[], serverUrl: string, from: number, to: number): Promise<Uint8Array<ArrayBuffer>[]> {
  const answers: Uint8Array<ArrayBuffer>[] = []
  let left = CALENDAR_MAX_BYTES
  for (const calendar of calendars) {
    const init = {
      method: 'REPORT',
      headers: { ...dav.authHeaders, Depth: '1', 'Content-Type': 'application/xml; charset=utf-8' },
      body: eventsQuery(from, to),
      signal: dav.fetchOptions?.signal,
    }
    const { response, body } = await caldavRequest(calendar.url, init, { serverUrl, maxBytes: left, limit: CALENDAR_MAX_BYTES })
    if (response.status === 401 || response.status === 403) throw new SourceError('the server refused the username or password')
    if (!response.ok) throw new SourceError(`the CalDAV server answered HTTP ${response.status}`)
    left -= body.byteLength
    answers.push(body)
  }
  return answers
}

/** The account's busy times, from every calendar that holds events, over the window. */
export function caldavSource(
  settings: CaldavSettings,
  account: CaldavAccount,
  hostZone: string,
  parseTimeoutMs = DEFAULT_PARSE_TIMEOUT_MS,
): CalendarSource {
  return {
    id: sourceId('caldav', `${settings.url}|${settings.username}`),
    name: caldavName(settings.url),
    async read({ from, to, ownUids, signal }) {
      const texts = await account.withClient(async (dav) => {
        const calendars = (await dav.fetchCalendars()).filter(holdsEvents)
        return fetchEvents(dav, calendars, settings.url, from, to)
      })
      return expandInWorker({ kind: 'caldav', texts, hostZone, from, to, ownUids: [...ownUids] }, { timeoutMs: parseTimeoutMs, signal })
    },
  }
}
