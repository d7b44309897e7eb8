/**
 * The server process's life: starting → ready → draining, and an orderly stop with a deadline.
 *
 * On shutdown a ready server first keeps serving for `delayMs` (SHUTDOWN_DELAY_MS) while `/readyz` says
 * "draining" and every answer closes its connection: a load balancer stops sending, and the requests
 * already on the wire (in the accept queue, on a keep-alive connection) are read and answered instead of
 * reset. Then whatever must be stopped, registered with `onShutdown(phase, name, stop)`, stops: the
 * phases run in order, the stoppables of one phase together:
 *
 *   1. `http`      stop accepting connections and answer every request already received
 *   2. `workers`   background workers (the mail outbox, say) finish their job or hand it back
 *   3. `database`  close the pool or PGlite, release the data directory
 *
 * then the process exits 0. If that takes longer than the deadline (SHUTDOWN_TIMEOUT_MS from the signal,
 * the delay included), it exits 1 anyway, naming what had not stopped. Each `stop` receives an AbortSignal that fires at the deadline,
 * so a worker can put its job back before the process goes.
 *
 * A worker registers like this (server/main.ts has the lifecycle):
 *
 *   lifecycle.onShutdown('workers', 'mail outbox', (deadline) => outbox.stop(deadline))
 */
import type { Logger } from './log/logger'

export type LifecycleState = 'starting' | 'ready' | 'draining'
export type ShutdownPhase = 'http' | 'workers' | 'database'
export type StopFunction = (deadline: AbortSignal) => Promise<void> | void

const PHASES: readonly ShutdownPhase[] = ['http', 'workers', 'database']

export interface Lifecycle {
  /** `/readyz` answers 200 only in `ready`. */
  readonly state: LifecycleState
  /** Everything is open: the server may take traffic. Ignored once draining. */
  ready(): void
  /** Registers something to stop, in its phase. */
  onShutdown(phase: ShutdownPhase, name: string, stop: StopFunction): void
  /**
   * Drains and stops everything, then exits; calling it again returns the same promise. `delay: false`
   * skips the delay (a person at a terminal); a server that never became ready has no traffic to wait for.
   */
  shutdown(reason: string, options?: { delay?: boolean }): Promise<void>
}

export interface LifecycleOptions {
  logger: Logger
  /** After this many milliseconds of shutdown the process exits with code 1. */
  timeoutMs: number
  /** How long a ready server keeps accepting, announced as draining, before it stops (less than timeoutMs). */
  delayMs?: number
  /** process.exit in the server. */
  exit: (code: number) => void
}

export function createLifecycle({ logger, timeoutMs, delayMs = 0, exit }: LifecycleOptions): Lifecycle {
  let state: LifecycleState = 'starting'
  const stoppables: { phase: ShutdownPhase; name: string; stop: StopFunction }[] = []
  let stopping: Promise<void> | undefined

  async function run(reason: string, waitMs: number): Promise<void> {
    const started = Date.now()
    const deadline = new AbortController()
    const pending = new Set<string>()
    let failed = false
    const timer = setTimeout(() => {
      deadline.abort()
      logger.error(
        { timeoutMs, pending: [...pending] },
        `Shutdown did not finish within ${timeoutMs} ms (still running: ${[...pending].join(', ') || 'nothing'}); exiting with code 1`,
      )
      exit(1)
    }, timeoutMs)
    if (waitMs > 0) {
      logger.info(
        { reason, delayMs: waitMs, timeoutMs },
        `Draining: /readyz answers 503; still accepting and answering (Connection: close) for ${waitMs} ms`,
      )
      await new Promise((resolve) => setTimeout(resolve, waitMs))
    }
    logger.info({ reason, timeoutMs }, 'Shutting down: no new connections; answering the requests already received')
    for (const phase of PHASES) {
      await Promise.all(
        stoppables
          .filter((s) => s.phase === phase)
          .map(async ({ name, stop }) => {
            pending.add(name)
            try {
              await stop(deadline.signal)
            } catch (error) {
              failed = true
              logger.error({ err: error, stoppable: name }, `Could not stop ${name}`)
            } finally {
              pending.delete(name)
            }
          }),
      )
      if (deadline.signal.aborted) return
    }
    clearTimeout(timer)
    const code = failed ? 1 : 0
    logger.info({ durationMs: Date.now() - started, exitCode: code }, 'Stopped')
    exit(code)
  }

  return {
    get state() {
      return state
    },
    ready() {
      if (state === 'starting') state = 'ready'
    },
    onShutdown(phase, name, stop) {
      stoppables.push({ phase, name, stop })
    },
    shutdown(reason, { delay = true } = {}) {
      const wasReady = state === 'ready'
      state = 'draining'
      stopping ??= run(reason, delay && wasReady ? delayMs : 0)
      return stopping
    },
  }
}
