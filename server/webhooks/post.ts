/**
 * One attempt of a delivery: a POST of the body with its headers, over node:http(s) so that the connection's
 * address is checked as it is made (./subscriberUrl.ts). No redirect is followed (a 3xx fails the attempt, as in
 * Cal.com), the whole exchange gets `timeoutMs`, and the answer's body is read and thrown away. What went wrong is
 * told by its code only: error messages can name the URL, which carries tokens.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import ipaddr from 'ipaddr.js'
import { isPublicAddress, lookupPublic } from './subscriberUrl'

export interface PostResult {
  /** The answer's status; null when none came. */
  status: number | null
  durationMs: number
  /** Why it failed without an answer, or what its status means; null when delivered. */
  error: string | null
}

export interface PostOptions {
  headers: Record<string, string>
  body: string
  timeoutMs: number
  allowPrivate: boolean
  /** Aborts the attempt (the server is stopping). */
  signal?: AbortSignal
}

/** A failure as it is recorded: a short text of its code. */
export function failureText(error: unknown): string {
  const code = (error as { code?: unknown }).code
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused'
    case 'ECONNRESET':
      return 'connection reset'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found'
    case 'EPRIVATE':
      return 'refused: the host is not on a public address'
    case 'ETIMEOUT':
      return 'no answer in time'
    case 'ABORT_ERR':
      return 'stopped: the server is shutting down'
    default:
      return typeof code === 'string' ? code : (error as Error).name || 'failed'
  }
}

export function postWebhook(target: string, options: PostOptions): Promise<PostResult> {
  const started = performance.now()
  const took = () => Math.round(performance.now() - started)
  return new Promise((resolve) => {
    const url = new URL(target)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    // An address written in the URL is never looked up: checked here instead.
    if (!options.allowPrivate && ipaddr.isValid(host) && !isPublicAddress(host)) {
      resolve({ status: null, durationMs: 0, error: failureText({ code: 'EPRIVATE' }) })
      return
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    let settled = false
    const finish = (result: PostResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const request = send(url, {
      method: 'POST',
      headers: { ...options.headers, 'Content-Length': Buffer.byteLength(options.body), 'User-Agent': 'Kiwi-Automate-Webhooks/1.0' },
      ...(options.allowPrivate ? {} : { lookup: lookupPublic }),
      signal: options.signal,
    })
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), options.timeoutMs)
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0
      const outcome = (): PostResult => ({
        status,
        durationMs: took(),
        error: status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? `answered ${status}: redirects are not followed` : `answered ${status}`,
      })
      response.on('end', () => finish(outcome()))
      response.on('close', () => finish(outcome()))
      response.resume()
    })
    request.on('error', (error) => finish({ status: null, durationMs: took(), error: failureText(error) }))
    request.end(options.body)
  })
}
