/**
 * `npm run bench:calendar`: how long a calendar takes to read, and how long it holds up the server's
 * own thread meanwhile (docs/calendars.md#limits). Each feed is served over loopback and read the way a
 * refresh reads it (feedSource: the request, then the calendar worker), while
 * `perf_hooks.monitorEventLoopDelay` watches this thread. Feeds: a busy host's history (5,000 to 20,000
 * events, recurring ones with moved instances), 30 February every day, 100 series by the second.
 * Goals: 20,000 events read in under 2 s; the longest block of this thread under 50 ms in every row.
 * For comparison, the last column is the same parse run on this thread: what the worker spares the server's requests.
 * A benchmark, never a test: it prints the figures against their goals and exits 0 whatever they are.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { feedSource } from '../server/calendar/feedSource'
import { parseBusy } from '../server/calendar/parseBusy'
import { bigCalendar, calendarOf, everySecond, thirtyFebruary, vevent } from './calendarFeeds'
import { median } from './median'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const ZONE = 'Pacific/Auckland'
const now = Date.now()
const window = { from: now - 86_400_000, to: now + 16 * 86_400_000 }

const feeds: [string, string][] = [
  ['5,000 events', bigCalendar(5_000, now)],
  ['10,000 events', bigCalendar(10_000, now)],
  ['20,000 events', bigCalendar(20_000, now)],
  ['30 February, every day', calendarOf([thirtyFebruary('invite@attacker.example', now), vevent('real@example.com', now + 86_400_000, 60)])],
  ['100 series by the second', calendarOf(Array.from({ length: 100 }, (_, i) => everySecond(`second-${i}@attacker.example`, now)))],
]

const served = new Map(feeds.map(([name, text], index) => [`/feed-${index}.ics`, { name, text }]))
const server = createServer((request, response) => {
  const feed = served.get(request.url ?? '')
  response.writeHead(feed ? 200 : 404, { 'Content-Type': 'text/calendar' })
  response.end(feed?.text ?? '')
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo

console.log(`Calendar reads, median of ${RUNS}; load average ${loadavg()[0]?.toFixed(1)} at the start.`)
console.log('| feed | size | read (request + worker) | longest block of this thread | the same parse on this thread |')
console.log('|---|---|---|---|---|')
let index = 0
for (const [name, text] of feeds) {
  const source = feedSource(`http://127.0.0.1:${port}/feed-${index++}.ics`, 0, ZONE)
  const reads: number[] = []
  const blocks: number[] = []
  let outcome = ''
  for (let run = 0; run < RUNS; run++) {
    const delay = monitorEventLoopDelay({ resolution: 1 })
    delay.enable()
    const started = performance.now()
    try {
      const read = await source.read({ ...window, ownUids: new Set() })
      outcome = `${read.events} events${read.skippedSeries ? `, ${read.skippedSeries} series left out` : ''}`
    } catch (error) {
      outcome = (error as Error).message
    }
    reads.push(performance.now() - started)
    delay.disable()
    blocks.push(delay.max / 1e6)
  }
  const started = performance.now()
  parseBusy(text, { hostZone: ZONE, ...window })
  const inThread = performance.now() - started
  const read = median(reads)
  const block = Math.max(...blocks)
  const readGoal = name === '20,000 events' ? ` (goal < 2,000: ${read < 2_000 ? 'met' : 'NOT met'})` : ''
  console.log(
    `| ${name} (${outcome}) | ${(text.length / 1e6).toFixed(2)} MB | ${read.toFixed(0)} ms${readGoal} | ${block.toFixed(1)} ms (goal < 50: ${block < 50 ? 'met' : 'NOT met'}) | ${inThread.toFixed(0)} ms |`,
  )
}
server.close()
