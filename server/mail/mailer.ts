/** The mail worker as the server runs it: nodemailer over SMTP_URL, or .eml files in DATA_DIR/outbox. */
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import { createMailTransport, type MailTransport } from './transport'
import { createMailWorker, type MailWorker } from './worker'

export function createMailer(options: {
  config: ServerConfig
  store: BookingStore
  /** DATA_DIR, resolved: the outbox folder is its `outbox/`. */
  dataDir: string
  clock?: () => Temporal.Instant
  /** Where a line per message goes (the server's logger): never a name or an address. */
  log: (line: string) => void
  pollMs?: number
  /** Runs the outbox's calendar jobs (server/calendar/caldavWriter.ts), when CalDAV is configured. */
  calendar?: { sync(bookingUid: string): Promise<string> }
}): MailWorker {
  const mail = createMailTransport({ smtpUrl: options.config.SMTP_URL, outboxDir: join(options.dataDir, 'outbox') })
  const { calendar } = options
  // Calendar jobs ride the same outbox (same transaction, retries, leases); the rest are mails.
  const transport: MailTransport = {
    async send(job, signal) {
      if (job.recipient !== 'calendar') return mail.send(job, signal)
      if (!calendar) throw new Error('CalDAV is not configured (CALDAV_URL) on this instance')
      if (job.bookingUid === null) throw new Error('A calendar job without its booking')
      return calendar.sync(job.bookingUid)
    },
    close: () => mail.close(),
  }
  return createMailWorker({
    jobs: options.store.mailJobs,
    transport,
    clock: options.clock ?? (() => Temporal.Now.instant()),
    log: options.log,
    pollMs: options.pollMs,
  })
}
