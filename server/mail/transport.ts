/**
 * Delivery of one outbox message with nodemailer: over SMTP_URL, or, without it (and for the
 * agency's notice while HOST_EMAIL is unset), as an RFC 5322 .eml file written by nodemailer's
 * stream transport into the outbox folder. The invite goes as nodemailer's icalEvent: a
 * `text/calendar; method=…` alternative and the attachment invite.ics.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { MailJob } from '../db/mailJobs'
import type { Mailbox } from '../db/mailMessage'

export interface MailTransport {
  /** Sends or writes the job's message; resolves with where it went, for the log (no visitor data). */
  send(job: MailJob, signal: AbortSignal): Promise<string>
  close(): void
}

const address = (box: Mailbox) => ({ name: box.name, address: box.address })

function mailOptions(job: MailJob, signal: AbortSignal) {
  const m = job.message
  return {
    messageId: job.messageId,
    from: address(m.from),
    // An outbox-only notice still says whom it is for: the agency's own sending address.
    to: address(m.to ?? m.from),
    cc: m.cc.map(address),
    ...(m.replyTo ? { replyTo: address(m.replyTo) } : {}),
    subject: m.subject,
    text: m.text,
    html: m.html,
    ...(m.invite ? { icalEvent: { filename: 'invite.ics', method: m.invite.method, content: m.invite.content } } : {}),
    ...(m.attachments ? { attachments: m.attachments.map((file) => ({ ...file, contentType: 'text/plain; charset=utf-8' })) } : {}),
    signal,
  }
}

export function createMailTransport(options: { smtpUrl: string | undefined; outboxDir: string }): MailTransport {
  const smtp = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // One connection, kept open between messages: a new connection per message cost 120 ms against a
        // local server, 17 ms reused (the worker sends one message at a time anyway).
        pool: true,
        maxConnections: 1,
        idleTimeout: 30_000,
        // A stalled server must not hold a job (and the server's shutdown) for nodemailer's minutes-long defaults.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      })
    : undefined
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

  async function writeEml(job: MailJob, signal: AbortSignal): Promise<string> {
    const info = await files.sendMail(mailOptions(job, signal))
    await mkdir(options.outboxDir, { recursive: true })
    const id = job.messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9-]/g, '')
    const path = join(options.outboxDir, `${job.kind}-${job.recipient}-${id}.eml`)
    // Written whole or not at all: a mail program never opens half a message.
    await writeFile(`${path}.tmp`, info.message as Buffer)
    await rename(`${path}.tmp`, path)
    return path
  }

  return {
    async send(job, signal) {
      if (!smtp || job.message.to === null) return `written to ${await writeEml(job, signal)}`
      await smtp.sendMail(mailOptions(job, signal))
      return 'sent over SMTP'
    },
    close() {
      smtp?.close()
      files.close()
    },
  }
}

/** An SMTP refusal that another try will not change (5xx), as opposed to a server down or a 4xx. */
export function isPermanentFailure(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown }
  // A rejected login is a setting to fix, after which the mail should still go.
  return typeof responseCode === 'number' && responseCode >= 500 && code !== 'EAUTH'
}

/** The error for the job's record (the database holds the addresses anyway). */
export function errorText(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown }
  return [code, responseCode, message].filter((part) => part !== undefined && part !== '').join(' ').slice(0, 1000)
}

/** The error for the log: codes only, never the server's text, which may quote an address. */
export function errorCode(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown }
  return [code, responseCode].filter((part) => part !== undefined).join(' ') || 'error'
}
