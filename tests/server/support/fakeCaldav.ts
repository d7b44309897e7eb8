/**
 * A small CalDAV server for the tests of what a real one would not send (tests/server/calendarCaldavLimits.test.ts):
 * a calendar home or calendar on another server, redirects, answers of any size. It answers tsdav's
 * discovery by what each request asks for (current-user-principal, calendar-home-set, the calendars,
 * supported-report-set), the events query by the calendar's path, and records every request with the
 * Authorization it carried.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeCaldav {
  /** An address on this server; CALDAV_URL is url('/dav/'). */
  url: (path: string) => string
  /** The principal's calendar home (an absolute address may name another server). */
  home: string
  /** The calendars in the home, by href (absolute or not), or a whole answer to send instead. */
  calendars: string[] | Buffer
  /** The answer to the events query (REPORT) of the calendar at `path`. */
  events: (path: string) => string | Buffer
  /** Paths answering 302 to another address. */
  redirects: Map<string, string>
  /** Every request: method, path and its Authorization header. */
  log: { method: string; path: string; authorization: string | undefined }[]
  close(): Promise<void>
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A calendar-query answer holding each object's iCalendar text, as a CalDAV server sends it. */
export const multistatus = (objects: { href: string; ics: string }[]) =>
  [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">',
    ...objects.map(
      ({ href, ics }) =>
        `<d:response><d:href>${escapeXml(href)}</d:href><d:propstat><d:prop><d:getetag>"1"</d:getetag><c:calendar-data>${escapeXml(ics)}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`,
    ),
    '</d:multistatus>',
  ].join('\n')

const response = (href: string, prop: string) =>
  `<d:response><d:href>${escapeXml(href)}</d:href><d:propstat><d:prop>${prop}</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`
const davAnswer = (responses: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${responses.join('')}</d:multistatus>`

export async function startFakeCaldav(): Promise<FakeCaldav> {
  const fake: FakeCaldav = {
    url: () => '',
    home: '/dav/calendars/',
    calendars: ['/dav/calendars/work/'],
    events: () => multistatus([]),
    redirects: new Map(),
    log: [],
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const answer = (res: ServerResponse, status: number, body: string | Buffer = '', headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/xml; charset=utf-8', ...headers })
    res.end(body)
  }
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    fake.log.push({ method: req.method ?? '', path, authorization: req.headers.authorization })
    const location = fake.redirects.get(path)
    if (location) return answer(res, 302, '', { Location: location })
    if (path.startsWith('/.well-known/')) return answer(res, 404)
    if (req.method === 'PUT') return answer(res, 201)
    if (req.method === 'DELETE') return answer(res, 204)
    if (req.method === 'REPORT') return answer(res, 207, fake.events(path))
    if (body.includes('current-user-principal')) return answer(res, 207, davAnswer([response(path, '<d:current-user-principal><d:href>/dav/principal/</d:href></d:current-user-principal>')]))
    if (body.includes('calendar-home-set')) return answer(res, 207, davAnswer([response(path, `<c:calendar-home-set><d:href>${escapeXml(fake.home)}</d:href></c:calendar-home-set>`)]))
    if (body.includes('supported-report-set')) {
      const reports = ['c:calendar-query', 'c:calendar-multiget'].map((name) => `<d:supported-report><d:report><${name}/></d:report></d:supported-report>`).join('')
      return answer(res, 207, davAnswer([response(path, `<d:supported-report-set>${reports}</d:supported-report-set>`)]))
    }
    if (body.includes('displayname')) {
      if (Buffer.isBuffer(fake.calendars)) return answer(res, 207, fake.calendars)
      const calendars = fake.calendars.map((href, i) =>
        response(href, `<d:displayname>Calendar ${i + 1}</d:displayname><d:resourcetype><d:collection/><c:calendar/></d:resourcetype><c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>`),
      )
      return answer(res, 207, davAnswer([response(path, '<d:resourcetype><d:collection/></d:resourcetype>'), ...calendars]))
    }
    answer(res, 404)
  }
  const server = createServer((req, res) => {
    // A client that stops reading a large answer closes the connection under it.
    res.on('error', () => undefined)
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  fake.url = (path) => `http://127.0.0.1:${port}${path}`
  return fake
}
