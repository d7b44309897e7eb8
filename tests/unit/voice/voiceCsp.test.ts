import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import { contentSecurityPolicy } from '../../../server/http/securityHeaders'
import { voiceCspSources } from '../../../server/http/voiceCsp'

const directive = (csp: string, name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? ''

describe('voice CSP sources', () => {
  it('adds nothing when voice is not configured (no key, or no assistant id)', () => {
    expect(voiceCspSources(loadConfig({}))).toEqual({})
    expect(voiceCspSources(loadConfig({ VITE_VAPI_PUBLIC_KEY: 'pk' }))).toEqual({})
    expect(voiceCspSources(loadConfig({ VITE_VAPI_ASSISTANT_ID: 'a1' }))).toEqual({})
    const csp = contentSecurityPolicy(loadConfig({}))
    expect(csp).not.toMatch(/daily|vapi|wasm/)
  })

  it('allows the default voice API, Daily over https and wss, and Daily’s call machine script when configured', () => {
    const csp = contentSecurityPolicy(loadConfig({ VITE_VAPI_PUBLIC_KEY: 'pk', VITE_VAPI_ASSISTANT_ID: 'a1' }))
    const connect = directive(csp, 'connect-src')
    expect(connect.split(' ')).toEqual(expect.arrayContaining(["'self'", 'https://api.vapi.ai', 'https://*.daily.co', 'wss://*.daily.co']))
    expect(directive(csp, 'script-src').split(' ')).toEqual(expect.arrayContaining(["'self'", 'https://*.daily.co']))
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-eval'")
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'")
  })

  it('uses the origin of VITE_VAPI_BASE_URL when set', () => {
    const sources = voiceCspSources(loadConfig({ VITE_VAPI_PUBLIC_KEY: 'pk', VITE_VAPI_ASSISTANT_ID: 'a1', VITE_VAPI_BASE_URL: 'https://voice.example.com/v1/' }))
    expect(sources.connectSrc).toContain('https://voice.example.com')
    expect(sources.connectSrc).not.toContain('https://api.vapi.ai')
  })
})
