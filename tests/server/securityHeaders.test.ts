import { webcrypto } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { contentSecurityPolicy, inlineScriptSources } from '../../server/http/securityHeaders'

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))

describe('the calendar API in the CSP', () => {
  it('connect-src allows the calendar API base when one is configured, and only then', () => {
    expect(directive(contentSecurityPolicy(loadConfig({})), 'connect-src')).toBe("connect-src 'self'")
    expect(directive(contentSecurityPolicy(loadConfig({ VITE_CALENDAR_API_BASE: 'https://calendar.example.com/base/' })), 'connect-src')).toBe(
      "connect-src 'self' https://calendar.example.com",
    )
  })
})

describe("the page template's inline scripts in the CSP", () => {
  // What a browser compares: the base64 SHA-256 of the script element's text, exactly as written.
  const browserHash = async (text: string) =>
    `'sha256-${Buffer.from(await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64')}'`

  it('allows each inline script by its hash, and no script that is loaded from a file', async () => {
    const loader = '(function load(a, b) {\n\tconsole.log(a, b)\n})(["/assets/app.js"], [])'
    const other = 'window.ready = true'
    const template = `<head><script type="module">${loader}</script><script src="/assets/x.js"></script></head><body><script>${other}</script></body>`
    expect(inlineScriptSources(template)).toEqual([await browserHash(loader), await browserHash(other)])
    const script = directive(contentSecurityPolicy(loadConfig({}), inlineScriptSources(template)), 'script-src')
    expect(script).toBe(`script-src 'self' ${await browserHash(loader)} ${await browserHash(other)}`)
  })

  it('has no inline script source for a template without inline scripts', () => {
    expect(inlineScriptSources('<head><script type="module" src="/assets/app.js"></script></head>')).toEqual([])
    expect(directive(contentSecurityPolicy(loadConfig({})), 'script-src')).toBe("script-src 'self'")
  })
})
