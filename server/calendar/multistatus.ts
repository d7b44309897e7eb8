/**
 * The iCalendar texts of a CalDAV calendar-query answer (RFC 4791 §9.6: each `calendar-data` of a
 * `multistatus`), read with saxes in one pass. Runs in the calendar worker (calendarWorker.ts), as the
 * parsing of the texts does: a CalDAV answer is untrusted input (docs/calendars.md#limits).
 */
import { SaxesParser } from 'saxes'

const CALDAV = 'urn:ietf:params:xml:ns:caldav'

export class NotCaldavXmlError extends Error {
  constructor() {
    super('not a CalDAV XML answer')
  }
}

export function calendarData(xml: string): string[] {
  const parser = new SaxesParser({ xmlns: true })
  const texts: string[] = []
  let current: string[] | undefined
  let root: string | undefined
  parser.on('opentag', (tag) => {
    root ??= tag.uri === 'DAV:' ? tag.local : ''
    if (tag.local === 'calendar-data' && tag.uri === CALDAV) current = []
  })
  const collect = (text: string) => current?.push(text)
  parser.on('text', collect)
  parser.on('cdata', collect)
  parser.on('closetag', (tag) => {
    if (tag.local !== 'calendar-data' || tag.uri !== CALDAV || !current) return
    const text = current.join('').trim()
    if (text) texts.push(text)
    current = undefined
  })
  try {
    parser.write(xml).close()
  } catch {
    throw new NotCaldavXmlError()
  }
  if (root !== 'multistatus') throw new NotCaldavXmlError()
  return texts
}
