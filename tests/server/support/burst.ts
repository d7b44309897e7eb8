/**
 * Run as a process of its own (`node --import tsx tests/server/support/burst.ts '<plan as JSON>'`): opens
 * one connection per request of the plan and writes each request at once, then, counting from the moment
 * every connection is open and written to, sends each signal of the plan so many milliseconds later. Prints
 * one JSON line: each request's status and body, or why it got no answer (ECONNRESET...), and when the
 * first signal went. Another process, so that neither the test's event loop nor its timers pace the
 * requests and the signals.
 */
import { once } from 'node:events'
import { partialRequest } from './serverProcess'

export interface BurstPlan {
  url: string
  requests: { method: 'GET' | 'POST'; path: string; body?: unknown }[]
  /** `target` is a pid, or minus a process group's id (one already gone is skipped); in order of `afterMs`. */
  signals: { target: number; signal: NodeJS.Signals; afterMs: number }[]
}

/** `atMs`: when it settled, in milliseconds from the burst's start. */
export type BurstOutcome = ({ status: number; body: string } | { error: string }) & { atMs: number }

const plan = JSON.parse(process.argv[2] ?? '') as BurstPlan
const started = performance.now()
const atMs = () => Math.round(performance.now() - started)

const requests = plan.requests.map(({ method, path, body }) =>
  partialRequest(plan.url, method, path, body === undefined ? '' : JSON.stringify(body), 0),
)
const outcomes = requests.map(({ response }) =>
  response.then(
    ({ status, body }): BurstOutcome => ({ status, body, atMs: atMs() }),
    (error: NodeJS.ErrnoException): BurstOutcome => ({ error: error.code ?? error.message, atMs: atMs() }),
  ),
)
// Every request is on the wire: its connection open, its bytes handed to the kernel.
await Promise.all(requests.map(({ socket }) => once(socket, 'connect').catch(() => undefined)))

/** When the first signal was sent (Date.now()). */
let signalledAt: number | undefined
// Each signal at least its offset's difference after the one before: a late timer does not bring two together.
const signalled = (async () => {
  let previousMs = 0
  for (const { target, signal, afterMs } of plan.signals) {
    await new Promise((resolve) => setTimeout(resolve, afterMs - previousMs))
    previousMs = afterMs
    signalledAt ??= Date.now()
    try {
      process.kill(target, signal)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
    }
  }
})()

const answered = await Promise.all(outcomes)
await signalled
console.log(JSON.stringify({ outcomes: answered, signalledAt }))
// Keep-alive connections of requests answered before the signal would keep this process alive.
process.exit(0)
