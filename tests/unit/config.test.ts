/** The browser's settings: checked when Vite builds (vite.config.ts, core/settings.ts), read through src/config.ts. */
import type { ConfigEnv, UserConfig } from 'vite'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BROWSER_DEFAULTS } from '../../core/browserSettings'
import { ConfigError, readBrowserSettings } from '../../core/settings'
import { bookingSettings, siteSettings, voiceConfig } from '../../src/config'
import viteConfig from '../../vite.config'

const BUILD: ConfigEnv = { command: 'build', mode: 'production' }

/** The build's config for these variables (on top of the process's): what `vite build` would use. */
function buildWith(variables: Record<string, string>): UserConfig {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value)
  return (viteConfig as (env: ConfigEnv) => UserConfig)(BUILD)
}

describe('the browser settings', () => {
  afterEach(() => void vi.unstubAllEnvs())

  it('are the defaults with no variable set', () => {
    expect(readBrowserSettings({})).toEqual(BROWSER_DEFAULTS)
    expect(BROWSER_DEFAULTS).toEqual({
      booking: { host: 'kiwi-automate', eventTypeId: 7, eventTypeSlug: 'quick-chat', apiBase: '', locations: ['video'], phoneCountry: 'NZ', phoneCountries: [] },
      voice: null,
      site: { url: 'http://localhost:3000', consultationUrl: 'https://cal.com/kiwi-automate/consultation', externalScriptUrl: '' },
    })
  })

  it('are the defaults in src/config.ts outside a build (unit tests, the path tests loading the machines)', () => {
    expect({ booking: bookingSettings, voice: voiceConfig, site: siteSettings }).toEqual(BROWSER_DEFAULTS)
  })

  it('are read trimmed, an empty value meaning the default, the site URL without its trailing slash', () => {
    expect(
      readBrowserSettings({
        BOOKING_HOST: ' aroha ',
        BOOKING_EVENT_TYPE_ID: '42',
        VITE_CALENDAR_API_BASE: 'https://api.example.com/',
        VITE_SITE_URL: ' https://kiwi.example.nz// ',
        VITE_CONSULTATION_URL: '',
        VITE_EXTERNAL_SCRIPT_URL: 'https://cdn.example.com/widget.js',
        BOOKING_LOCATIONS: ' Phone , video',
        BOOKING_PHONE_COUNTRY: ' au ',
        BOOKING_PHONE_COUNTRIES: ' au, nz ',
      }),
    ).toEqual({
      booking: { host: 'aroha', eventTypeId: 42, eventTypeSlug: 'quick-chat', apiBase: 'https://api.example.com', locations: ['phone', 'video'], phoneCountry: 'AU', phoneCountries: ['AU', 'NZ'] },
      voice: null,
      site: { url: 'https://kiwi.example.nz', consultationUrl: BROWSER_DEFAULTS.site.consultationUrl, externalScriptUrl: 'https://cdn.example.com/widget.js' },
    })
  })

  it('configure voice only with both a public key and an assistant id', () => {
    const voice = (env: Record<string, string>) => readBrowserSettings(env).voice
    expect(voice({})).toBeNull()
    expect(voice({ VITE_VAPI_PUBLIC_KEY: 'pk' })).toBeNull()
    expect(voice({ VITE_VAPI_PUBLIC_KEY: ' ', VITE_VAPI_ASSISTANT_ID: 'a' })).toBeNull()
    expect(voice({ VITE_VAPI_PUBLIC_KEY: 'pk', VITE_VAPI_ASSISTANT_ID: 'a', VITE_VAPI_BASE_URL: 'https://x.example/' })).toEqual({
      publicKey: 'pk',
      assistantId: 'a',
      baseUrl: 'https://x.example',
    })
  })

  it('stop the build at a bad value, naming the variable', () => {
    const bad: Record<string, string> = {
      VITE_SITE_URL: 'kiwi.example.nz',
      VITE_CONSULTATION_URL: 'cal.com/kiwi',
      VITE_EXTERNAL_SCRIPT_URL: '/widget.js',
      VITE_CALENDAR_API_BASE: 'api',
      VITE_VAPI_BASE_URL: 'vapi',
      BOOKING_EVENT_TYPE_ID: 'seven',
      BOOKING_HOST: ' ',
    }
    for (const [name, value] of Object.entries(bad)) {
      vi.unstubAllEnvs()
      expect(() => buildWith({ [name]: value }), name).toThrow(ConfigError)
      expect(() => buildWith({ [name]: value }), name).toThrow(new RegExp(`^Invalid configuration:\\n- ${name}: `))
    }
  })

  it('are baked into the build as checked, voice as a constant of its own', () => {
    const { define } = buildWith({ VITE_SITE_URL: 'https://kiwi.example.nz/', VITE_VAPI_PUBLIC_KEY: 'pk', VITE_VAPI_ASSISTANT_ID: 'a' })
    const settings = JSON.parse(define?.['import.meta.env.BROWSER_SETTINGS'] as string) as unknown
    expect(settings).toMatchObject({ site: { url: 'https://kiwi.example.nz' }, voice: { publicKey: 'pk', assistantId: 'a' } })
    expect(define?.['import.meta.env.VOICE_CONFIGURED']).toBe('true')
  })
})
