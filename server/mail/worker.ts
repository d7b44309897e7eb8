/**
 * The mail worker: sends the outbox's due jobs, one at a time, outside any transaction. A failure
 * that may pass (server down, 4xx) is tried again later with exponential backoff; a permanent
 * refusal (5xx) or the last attempt marks the job failed. The booking is never touched. Due times
 * are on the injected clock; `wake()` says new jobs were written; `stop()` lets the message in
 * flight finish, or, past the deadline, aborts it and hands it back to be sent later.
 */
import type { Temporal } from 'temporal-polyfill'
import type { MailJob, MailJobStore } from '../db/mailJobs'
import { pollingLoop } from '../runtime/pollingLoop'
import { errorCode, errorText, isPermanentFailure, type MailTransport } from './transport'

export interface MailWorker {
  start(): void
  /** Sends what is due now, without waiting for the next poll. */
  wake(): void
  /** Resolves once nothing is in flight; unsent jobs stay in the outbox for the next start. */
  stop(options?: { deadlineMs?: number }): Promise<void>
}

export interface MailWorkerOptions {
  jobs: MailJobStore
  transport: MailTransport
  clock: () => Temporal.Instant
  /** One line per message, and per failure; never a visitor's name or address. */
  log: (line: string) => void
  /** Looks for due jobs (and jobs of other instances) at least this often. */
  pollMs?: number
  leaseMs?: number
  batchSize?: number
  maxAttempts?: number
}

/** 30 s, 1 min, 2 min, … doubling up to an hour between attempts. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { jobs, transport, clock, log } = options
  const pollMs = options.pollMs ?? 30_000
  const leaseMs = options.leaseMs ?? 5 * 60_000
  const batchSize = options.batchSize ?? 10
  // With the backoff above, about 13 hours of trying.
  const maxAttempts = options.maxAttempts ?? 20

  let inFlight: AbortController | undefined

  const describe = (job: MailJob) => `mail job ${job.id} (${job.kind}, to the ${job.recipient})`

  async function deliver(job: MailJob): Promise<void> {
    const abort = new AbortController()
    inFlight = abort
    try {
      const where = await transport.send(job, abort.signal)
      await jobs.sent(job.id, clock())
      log(`Mail: ${describe(job)} ${where}`)
    } catch (error) {
      if (abort.signal.aborted) {
        await jobs.release(job.id)
        log(`Mail: ${describe(job)} handed back unsent (the server is stopping)`)
      } else if (isPermanentFailure(error) || job.attempts >= maxAttempts) {
        await jobs.failed(job.id, errorText(error))
        log(`Mail: ${describe(job)} failed for good after ${job.attempts} attempt(s) (${errorCode(error)})`)
      } else {
        const next = clock().add({ milliseconds: backoffMs(job.attempts) })
        await jobs.retry(job.id, errorText(error), next)
        log(`Mail: ${describe(job)} attempt ${job.attempts} failed (${errorCode(error)}); next try at ${next.toString()}`)
      }
    } finally {
      inFlight = undefined
    }
  }

  const loop = pollingLoop({
    async drain() {
      while (!loop.stopping) {
        const now = clock()
        // A reminder whose call has started (the server was down at its moment) is dropped, not sent late;
        // of several overdue ones to one person only the latest goes; a code's email is not sent once the code expired.
        for (const { id, reason } of await jobs.dropLate(now)) log(`Mail: mail job ${id} dropped: ${reason}`)
        const claimed = await jobs.claim(now, now.add({ milliseconds: leaseMs }), batchSize)
        if (claimed.length === 0) return
        for (const [i, job] of claimed.entries()) {
          if (loop.stopping) {
            for (const rest of claimed.slice(i)) await jobs.release(rest.id)
            return
          }
          await deliver(job)
        }
      }
    },
    nextDue: () => jobs.nextDue(),
    clock,
    pollMs,
    onError: (error) => log(`Mail: the outbox could not be read (${errorCode(error)}); trying again later`),
  })

  return {
    start: () => loop.start(),
    wake: () => loop.wake(),
    async stop({ deadlineMs = 10_000 } = {}) {
      await loop.stop({ deadlineMs, onLate: () => inFlight?.abort() })
      transport.close()
    },
  }
}
