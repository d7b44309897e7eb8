/** The mail worker as the server runs it: nodemailer over SMTP_URL, or .eml files in DATA_DIR/outbox. */
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import type { ServerConfig } from '../config'
import type { BookingStore } from '../db/store'
import { createMailTransport } from './transport'
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
}): MailWorker {
  return createMailWorker({
    jobs: options.store.mailJobs,
    transport: createMailTransport({ smtpUrl: options.config.SMTP_URL, outboxDir: join(options.dataDir, 'outbox') }),
    clock: options.clock ?? (() => Temporal.Now.instant()),
    log: options.log,
    pollMs: options.pollMs,
  })
}
