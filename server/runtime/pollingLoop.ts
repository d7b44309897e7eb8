/**
 * A worker's loop over an outbox (the mail's, the webhooks'): runs `drain` now and whenever woken, then again when the
 * next job is due on the injected clock, or after `pollMs` at the latest (for other instances' jobs); never two runs at
 * once (a wake-up during a run runs it once more right after). `stop()` waits for the run in flight up to a
 * deadline, then calls `onLate` (which aborts what is in flight) and waits for the run to end.
 */
import type { Temporal } from 'temporal-polyfill'

export interface PollingLoop {
  start(): void
  wake(): void
  stop(options: { deadlineMs: number; onLate: () => void }): Promise<void>
  /** True from stop() on: a drain stops taking new work. */
  readonly stopping: boolean
}

export function pollingLoop(options: {
  drain: () => Promise<void>
  /** When the next job is due (or a lease runs out), if any. */
  nextDue: () => Promise<Temporal.Instant | undefined>
  clock: () => Temporal.Instant
  pollMs: number
  /** A run that threw: told, and the loop goes on. */
  onError: (error: unknown) => void
}): PollingLoop {
  let started = false
  let stopping = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let again = false

  async function nextDelay(): Promise<number> {
    const due = await options.nextDue().catch(() => undefined)
    if (!due) return options.pollMs
    // A floor, so a job another instance is taking right now does not spin this loop.
    return Math.min(options.pollMs, Math.max(250, due.epochMilliseconds - options.clock().epochMilliseconds))
  }

  function schedule(delayMs: number): void {
    clearTimeout(timer)
    if (stopping || !started) return
    timer = setTimeout(tick, delayMs)
    timer.unref?.()
  }

  function tick(): void {
    if (stopping || !started) return
    if (running) {
      again = true
      return
    }
    running = options
      .drain()
      .catch(options.onError)
      .then(async () => {
        const delay = again ? 0 : await nextDelay()
        again = false
        running = undefined
        schedule(delay)
      })
  }

  return {
    get stopping() {
      return stopping
    },
    start() {
      if (started) return
      started = true
      stopping = false
      tick()
    },
    wake() {
      if (started) schedule(0)
    },
    async stop({ deadlineMs, onLate }) {
      stopping = true
      clearTimeout(timer)
      const current = running
      if (current) {
        let deadline: ReturnType<typeof setTimeout> | undefined
        const late = new Promise<'late'>((resolve) => (deadline = setTimeout(() => resolve('late'), deadlineMs)))
        if ((await Promise.race([current, late])) === 'late') onLate()
        clearTimeout(deadline)
        await current
      }
      started = false
    },
  }
}
