import { createHash } from 'node:crypto'
import type { ServerConfig } from '../config'
import { voiceCspSources, type CspSources } from './voiceCsp'

const origin = (url: string | undefined) => (url ? new URL(url).origin : undefined)

const inlineScript = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g

/** The text of each inline `<script>` of a page (those without `src`), exactly as written. */
export function inlineScriptBodies(html: string): string[] {
  return [...html.matchAll(inlineScript)].map(([, body]) => body ?? '')
}

/**
 * The CSP sources of the page template's inline scripts, one `'sha256-…'` each: the build's app loader
 * (scripts/appLoaderPlugin.ts). Every page is rendered from that template, so these are all the inline
 * scripts the site has; any other is refused.
 */
export function inlineScriptSources(templateHtml: string): string[] {
  return inlineScriptBodies(templateHtml).map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`)
}

/**
 * The Content-Security-Policy of every response. Only what the page really loads is allowed: the
 * template's inline scripts by their hashes, the configured external script and calendar API, and
 * the voice platform's endpoints only when voice is configured.
 */
export function contentSecurityPolicy(config: ServerConfig, inlineScripts: readonly string[] = []): string {
  const extra: CspSources = voiceCspSources(config)
  const script = ["'self'", ...inlineScripts, origin(config.VITE_EXTERNAL_SCRIPT_URL), ...(extra.scriptSrc ?? [])].filter(Boolean)
  const connect = ["'self'", origin(config.VITE_CALENDAR_API_BASE), ...(extra.connectSrc ?? [])].filter(Boolean)
  const directives = [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // React renders style attributes; no inline <style> or script is trusted otherwise.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `media-src 'self' blob: ${(extra.mediaSrc ?? []).join(' ')}`.trim(),
    `worker-src 'self' blob: ${(extra.workerSrc ?? []).join(' ')}`.trim(),
    `frame-src ${(extra.frameSrc ?? ["'none'"]).join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
  return directives.join('; ')
}

// 180 days, this host only: other hosts of the agency's domain may still be served over plain HTTP.
const HSTS = 'max-age=15552000'

/** The headers of the site's pages and files. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), geolocation=(), microphone=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Strict-Transport-Security': HSTS,
  }
}

/**
 * The headers of answers that are data, never a page (the API): nothing may load, run or frame
 * them. The page-only headers (the page's CSP, permissions, opener) would only weigh on each answer.
 */
export const DATA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': HSTS,
}
