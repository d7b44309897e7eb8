/**
 * Reads a calendar source's text in the calendar worker (docs/calendars.md#limits): a thread of its own with a
 * memory limit, ended when it runs over HOST_CALENDAR_PARSE_TIMEOUT_MS or when the server stops. Whatever
 * the text holds, this thread only waits: the server keeps answering, and a failure is a SourceError
 * in words (the source then counts as unreadable for this refresh).
 */
import { Worker } from 'node:worker_threads'
import type { Interval } from './busyTimes'
import { SourceError } from './sourceError'

export interface ExpandRequest {
  /**
   * A feed is one iCalendar file; a CalDAV account's texts are its calendar-query answers (XML), one per
   * calendar, each event one file in them (other objects are skipped).
   */
  kind: 'feed' | 'caldav'
  /** Text, or UTF-8 bytes the worker decodes: those are handed over, not copied (the caller loses them). */
  texts: (string | Uint8Array<ArrayBuffer>)[]
  hostZone: string
  from: number
  to: number
  ownUids: string[]
}

/** The worker's answer: busy intervals as [start, end, start, end, …] epoch ms, or why it failed. */
export type ExpandReply = { intervals: Float64Array; events: number; skippedSeries: number } | { error: string }

export interface Expanded {
  intervals: Interval[]
  events: number
  skippedSeries: number
}

export interface WorkerLimits {
  timeoutMs: number
  /** The worker's heap, at most: a calendar that needs more fails alone. */
  memoryMb?: number
  /** Ends the worker at once (the server is stopping). */
  signal?: AbortSignal
}

/** Heap for one read: a 20 MB feed (the size cap) parses in well under this. */
export const WORKER_MEMORY_MB = 512

// Built, the worker is dist/server/calendarWorker.js beside the bundle; run from source (tsx, vitest),
// it is the TypeScript file beside this one, loaded through tsx.
const fromSource = import.meta.url.endsWith('.ts')
const workerUrl = new URL(fromSource ? './calendarWorker.ts' : './calendarWorker.js', import.meta.url)

function startWorker(request: ExpandRequest, memoryMb: number): Worker {
  const transferList = [...new Set(request.texts.flatMap((text) => (typeof text === 'string' ? [] : [text.buffer])))]
  const options = { workerData: request, transferList, resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 } }
  if (!fromSource) return new Worker(workerUrl, options)
  // The loader is named through a value, so the built bundle names no development package in an import.
  const loader = JSON.stringify('tsx/esm/api')
  const load = `import(${loader}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}) })`
  return new Worker(load, { ...options, eval: true })
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`

export function expandInWorker(request: ExpandRequest, { timeoutMs, memoryMb = WORKER_MEMORY_MB, signal }: WorkerLimits): Promise<Expanded> {
  if (signal?.aborted) return Promise.reject(new SourceError('not read: the server is stopping'))
  return new Promise((resolve, reject) => {
    const worker = startWorker(request, memoryMb)
    let settled = false
    const finish = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      void worker.terminate()
      outcome()
    }
    const fail = (reason: string) => finish(() => reject(new SourceError(reason)))
    const timer = setTimeout(() => fail(`took longer than ${seconds(timeoutMs)} to read (HOST_CALENDAR_PARSE_TIMEOUT_MS)`), timeoutMs)
    const onAbort = () => fail('not read: the server is stopping')
    signal?.addEventListener('abort', onAbort, { once: true })
    worker.on('message', (reply: ExpandReply) => {
      if ('error' in reply) return fail(reply.error)
      const intervals: Interval[] = []
      for (let i = 0; i < reply.intervals.length; i += 2) intervals.push({ start: reply.intervals[i] as number, end: reply.intervals[i + 1] as number })
      finish(() => resolve({ intervals, events: reply.events, skippedSeries: reply.skippedSeries }))
    })
    worker.on('error', (error: Error & { code?: string }) =>
      fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `needed more than ${memoryMb} MB to read` : 'could not be read'),
    )
    worker.on('exit', () => fail('could not be read'))
  })
}
