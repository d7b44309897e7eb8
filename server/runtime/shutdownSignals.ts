/**
 * SIGTERM and SIGINT, counted as a person means them. The first starts the shutdown (server/lifecycle.ts).
 * The same stop often arrives twice within milliseconds: a signal to a process group (Ctrl-C in a
 * terminal, `kill -TERM -<pgid>`, systemd's KillMode=control-group) reaches the server and its parent,
 * and npm forwards what it received. So a signal less than a second after the first belongs to it; one
 * later is someone insisting (Ctrl-C again), and the process exits at once with code 1.
 */
import type { Lifecycle } from '../lifecycle'
import type { Logger } from '../log/logger'

/** A second signal this soon after the first is the same stop, delivered twice. */
export const SAME_STOP_WITHIN_MS = 1000

export interface ShutdownSignalOptions {
  lifecycle: Lifecycle
  logger: Logger
  /** Exits the process at once (a second, later signal). */
  exit: (code: number) => void
  /** Whether this signal stops without the delay (SIGINT from a terminal). */
  skipsDelay: (signal: NodeJS.Signals) => boolean
  now?: () => number
}

/** The handler for `process.on('SIGTERM' | 'SIGINT', …)`. */
export function shutdownOnSignals({ lifecycle, logger, exit, skipsDelay, now = () => performance.now() }: ShutdownSignalOptions) {
  let firstAt: number | undefined
  return (signal: NodeJS.Signals) => {
    const at = now()
    if (firstAt === undefined) {
      firstAt = at
      void lifecycle.shutdown(signal, { delay: !skipsDelay(signal) })
      return
    }
    const afterMs = Math.round(at - firstAt)
    if (afterMs < SAME_STOP_WITHIN_MS) {
      logger.info({ signal, afterMs }, `${signal} again ${afterMs} ms after the first: the same stop, delivered twice`)
      return
    }
    logger.warn({ signal, afterMs }, `${signal} again while draining: exiting now with code 1`)
    exit(1)
  }
}
