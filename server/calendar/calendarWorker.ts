/**
 * The calendar worker (docs/calendars.md#limits): parses and expands one source's text (a feed's iCalendar
 * file, a CalDAV account's XML answers) off the server's main thread. expandInWorker.ts starts it for each
 * read with a memory limit and ends it when it runs over its time, so a hostile or huge calendar costs
 * this thread, never the server's requests.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { ExpandReply, ExpandRequest } from './expandInWorker'
import { calendarData, NotCaldavXmlError } from './multistatus'
import { MAX_STEPS_PER_SOURCE, NotICalendarError, parseBusy, TooManyStepsError } from './parseBusy'

function expandAll({ kind, texts, hostZone, from, to, ownUids }: ExpandRequest): ExpandReply {
  const options = { hostZone, from, to, ownUids: new Set(ownUids), budget: { steps: MAX_STEPS_PER_SOURCE } }
  const pairs: number[] = []
  let events = 0
  let skippedSeries = 0
  try {
    const decoder = new TextDecoder()
    const decoded = texts.map((text) => (typeof text === 'string' ? text : decoder.decode(text)))
    const files = kind === 'caldav' ? decoded.flatMap(calendarData) : decoded
    for (const text of files) {
      try {
        const parsed = parseBusy(text, options)
        for (const { start, end } of parsed.intervals) pairs.push(start, end)
        events += parsed.events
        skippedSeries += parsed.skippedSeries
      } catch (error) {
        // A CalDAV collection may hold other objects (a VTODO's file): only a feed must be a calendar.
        if (error instanceof NotICalendarError && kind === 'caldav') continue
        throw error
      }
    }
  } catch (error) {
    if (error instanceof TooManyStepsError) return { error: `has more recurring events than can be expanded (over ${MAX_STEPS_PER_SOURCE.toLocaleString('en-NZ')} steps)` }
    if (error instanceof NotICalendarError) return { error: 'did not answer an iCalendar file' }
    if (error instanceof NotCaldavXmlError) return { error: 'did not answer CalDAV XML' }
    return { error: kind === 'caldav' ? 'sent an event that could not be read' : 'sent an iCalendar file that could not be read' }
  }
  return { intervals: Float64Array.from(pairs), events, skippedSeries }
}

const reply = expandAll(workerData as ExpandRequest)
parentPort?.postMessage(reply, 'intervals' in reply ? [reply.intervals.buffer as ArrayBuffer] : [])
