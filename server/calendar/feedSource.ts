/**
 * One iCalendar feed (HOST_CALENDAR_URLS; docs/calendars.md): a conditional GET (ETag, If-Modified-Since), gzip
 * accepted, a timeout, a size cap and checked redirects; the text is expanded in the calendar worker. The URL is a secret (a Google secret address reads the whole
 * calendar): it is never part of an error, a log line or a name; a feed is named by its position and
 * host (`feed 1 (calendar.google.com)`), and its failures by what went wrong.
 */
import { createHash } from 'node:crypto'
import { expandInWorker } from './expandInWorker'
import { fetchFeed, type Lookup } from './feedRedirects'
import type { CalendarSource } from './hostCalendar'
import { SourceError } from './sourceError'

export { SourceError } from './sourceError'

export interface FeedRead {
  /** The body, or undefined when the server answered 304 Not Modified. */
  text: string | undefined
  etag: string | undefined
  lastModified: string | undefined
}

export interface FeedOptions {
  timeoutMs?: number
  maxBytes?: number
  fetch?: typeof fetch
  /** How a redirect's host is resolved before it is followed (the system's DNS). */
  lookup?: Lookup
  /** HOST_CALENDAR_PARSE_TIMEOUT_MS: how long the worker may take to expand the feed. */
  parseTimeoutMs?: number
}

/** The most a feed's file, or all of a CalDAV account's events together, may weigh (docs/calendars.md#limits). */
export const CALENDAR_MAX_BYTES = 20_000_000

/** HOST_CALENDAR_PARSE_TIMEOUT_MS's default. */
export const DEFAULT_PARSE_TIMEOUT_MS = 10_000

/** `webcal://` is how calendar apps spell an https feed. */
export const feedUrl = (url: string) => url.replace(/^webcal:\/\//i, 'https://')

/** A stable id for a source that does not reveal it (the database keys its last good copy by it). */
export const sourceId = (kind: 'feed' | 'caldav', secretKey: string) =>
  `${kind}:${createHash('sha256').update(secretKey).digest('hex').slice(0, 16)}`

export const feedName = (url: string, index: number) => {
  let host = 'unknown host'
  try {
    host = new URL(feedUrl(url)).hostname
  } catch {
    // Left as is: the URL is checked at start.
  }
  return `feed ${index + 1} (${host})`
}

/** Why a request failed, in words with no URL (Node's errors carry a cause with a code). */
function describe(error: unknown, timedOut: boolean): string {
  if (error instanceof SourceError) return error.message
  if (timedOut) return 'timed out'
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause
  const code = typeof cause?.code === 'string' ? cause.code : undefined
  return code ? `could not connect (${code})` : 'could not connect'
}

/**
 * A response's body, cut off past `maxBytes`. `limit` is the cap the error names, when `maxBytes` is what is
 * left of a cap several answers share. Each chunk is copied once, as it arrives, into room for the most the
 * body may be (the system maps its pages only as they fill), so this thread never copies the body whole.
 */
export async function readCappedBytes(response: Response, maxBytes: number, limit = maxBytes): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = async (cancel: () => Promise<void> | undefined) => {
    await cancel()?.catch(() => undefined)
    return new SourceError(`larger than ${limit} bytes`)
  }
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) throw await tooLarge(() => response.body?.cancel())
  if (!response.body) return new Uint8Array(0)
  const body = new Uint8Array(new ArrayBuffer(maxBytes))
  let size = 0
  const reader = response.body.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (size + read.value.byteLength > maxBytes) throw await tooLarge(() => reader.cancel())
    body.set(read.value, size)
    size += read.value.byteLength
  }
  return body.subarray(0, size)
}

/** A response's body as text, cut off past `maxBytes` (readCappedBytes). */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBytes(response, maxBytes))
}

/** Reads a feed; `previous` makes the request conditional. Throws SourceError only. */
export async function readFeed(
  url: string,
  previous: { etag?: string; lastModified?: string } | undefined,
  { timeoutMs = 30_000, maxBytes = CALENDAR_MAX_BYTES, fetch: fetchImpl = fetch, lookup }: FeedOptions = {},
): Promise<FeedRead> {
  const signal = AbortSignal.timeout(timeoutMs)
  const headers: Record<string, string> = { Accept: 'text/calendar, */*;q=0.5', 'Accept-Encoding': 'gzip, deflate' }
  if (previous?.etag) headers['If-None-Match'] = previous.etag
  if (previous?.lastModified) headers['If-Modified-Since'] = previous.lastModified
  try {
    const response = await fetchFeed(feedUrl(url), { headers, signal }, { fetch: fetchImpl, lookup })
    const etag = response.headers.get('etag') ?? previous?.etag
    const lastModified = response.headers.get('last-modified') ?? previous?.lastModified
    if (response.status === 304) return { text: undefined, etag, lastModified }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      throw new SourceError(`answered HTTP ${response.status}`)
    }
    return { text: await readCapped(response, maxBytes), etag: etag ?? undefined, lastModified: lastModified ?? undefined }
  } catch (error) {
    throw new SourceError(describe(error, signal.aborted))
  }
}

/**
 * A feed as a calendar source: read conditionally; a 304 expands the text read before again (the
 * window moves with the time), so a feed's changes and the window's both show at each refresh.
 */
export function feedSource(
  url: string,
  index: number,
  hostZone: string,
  options: FeedOptions = {},
): CalendarSource {
  let last: FeedRead | undefined
  return {
    id: sourceId('feed', feedUrl(url)),
    name: feedName(url, index),
    async read({ from, to, ownUids, signal }) {
      const read = await readFeed(url, last?.text === undefined ? undefined : last, options)
      const text = read.text ?? last?.text
      if (text === undefined) throw new SourceError('answered 304 Not Modified to a first request')
      last = { ...read, text }
      try {
        const request = { kind: 'feed' as const, texts: [text], hostZone, from, to, ownUids: [...ownUids] }
        return await expandInWorker(request, { timeoutMs: options.parseTimeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS, signal })
      } catch (error) {
        // The next read asks for the whole file again rather than a 304 for a text that failed.
        last = undefined
        throw error
      }
    },
  }
}
