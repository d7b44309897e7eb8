/**
 * A webhook subscriber on a real socket, as an automation tool runs one: it records each delivery's headers and raw
 * body, answers with the statuses it is given (then 200), and checks both signatures the way a receiver does: Cal.com's
 * X-Cal-Signature-256 (the hex HMAC-SHA256 of the raw body, as n8n's Cal.com Trigger computes it) and Standard
 * Webhooks' (the standardwebhooks library's verify).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export interface Delivery {
  headers: Record<string, string>
  body: string
  /** The body as JSON (undefined when it is not). */
  json: { triggerEvent?: string; createdAt?: string; payload?: Record<string, unknown> } & Record<string, unknown>
  /** What this receiver answered. */
  answered: number
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') out[name] = value
  return out
}

/** Whether X-Cal-Signature-256 is the HMAC of this body with `secret`. */
export function calSignatureValid(delivery: Pick<Delivery, 'headers' | 'body'>, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(delivery.body).digest('hex'))
  const given = Buffer.from(delivery.headers['x-cal-signature-256'] ?? '')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Whether the Standard Webhooks signature holds (within the library's five minutes of the timestamp). */
export function standardSignatureValid(delivery: Pick<Delivery, 'headers' | 'body'>, secret: string): boolean {
  try {
    new Webhook(secret, { format: 'raw' }).verify(delivery.body, delivery.headers, { jsonParse: false })
    return true
  } catch {
    return false
  }
}

export class WebhookReceiver {
  readonly received: Delivery[] = []
  /** Statuses to answer, first to last; then 200. */
  answers: number[] = []
  /** While true, requests get no answer at all. */
  silent = false
  private server: Server | undefined
  private port = 0

  constructor(private readonly path = '/hooks/catch/123/abc?token=receiver-token') {}

  get url(): string {
    return `http://127.0.0.1:${this.port}${this.path}`
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => {
      let body = ''
      request.setEncoding('utf8')
      request.on('data', (chunk: string) => (body += chunk))
      request.on('end', () => {
        if (this.silent) return
        const answered = this.answers.shift() ?? 200
        let json: Delivery['json'] = {}
        try {
          json = JSON.parse(body) as Delivery['json']
        } catch {
          // A template that is not JSON (form-encoded): kept as text only.
        }
        this.received.push({ headers: headersOf(request), body, json, answered })
        response.writeHead(answered, { 'Content-Type': 'text/plain' }).end(answered < 300 ? 'ok' : 'not now')
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  /** What arrived for one booking (by its uid) and trigger, in order. */
  of(uid: string, trigger?: string): Delivery[] {
    return this.received.filter(
      (d) => (d.json.payload?.uid === uid || d.json.payload?.bookingUid === uid) && (trigger === undefined || d.json.triggerEvent === trigger),
    )
  }
}
