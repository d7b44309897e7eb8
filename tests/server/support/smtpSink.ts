/**
 * A real SMTP server inside the test (smtp-server): it receives what nodemailer sends, keeps the raw
 * message and its mailparser parse, can go down (its port closed) and come back on the same port,
 * and can refuse recipients with a reply code.
 */
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { expect } from 'vitest'

export const SMTP_USER = 'booking-site'
export const SMTP_PASSWORD = 's3cret pass'

export interface ReceivedMail {
  /** RCPT TO addresses. */
  envelopeTo: string[]
  raw: string
  parsed: ParsedMail
}

export class SmtpSink {
  received: ReceivedMail[] = []
  /** Recipients refused with this reply (e.g. 550 for good, 452 for now). */
  refuse = new Map<string, number>()
  port = 0
  private server: SMTPServer | undefined

  get running(): boolean {
    return this.server !== undefined
  }

  get url(): string {
    return `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: false,
      logger: false,
      onAuth: (auth, _session, callback) =>
        auth.username === SMTP_USER && auth.password === SMTP_PASSWORD
          ? callback(null, { user: auth.username })
          : callback(new Error('Invalid username or password')),
      onRcptTo: (address, _session, callback) => {
        const code = this.refuse.get(address.address)
        if (code === undefined) return callback()
        const error = new Error(`Mailbox ${address.address} refused`) as Error & { responseCode: number }
        error.responseCode = code
        callback(error)
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          simpleParser(raw).then(
            (parsed) => {
              this.received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed })
              callback()
            },
            (error: Error) => callback(error),
          )
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.port = (server.server.address() as AddressInfo).port
    this.server = server
  }

  /** Down: the port is closed, connections are refused. */
  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Waits until `count` messages have arrived in all. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    await expect.poll(() => this.received.length, { timeout: timeoutMs, interval: 20 }).toBeGreaterThanOrEqual(count)
    return this.received
  }

  private matching(address: string, prefix: string): ReceivedMail[] {
    return this.received.filter((m) => m.envelopeTo.includes(address) && (m.parsed.subject ?? '').startsWith(prefix))
  }

  /** Waits for the message to `address` whose subject starts with `prefix`; there must be one only. */
  async find(address: string, prefix: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    await expect.poll(() => this.matching(address, prefix).length, { timeout: timeoutMs, interval: 20 }).toBeGreaterThan(0)
    const found = this.matching(address, prefix)
    expect(found, `one mail to ${address} starting ${prefix}`).toHaveLength(1)
    return found[0] as ReceivedMail
  }
}
