import { afterEach, describe, expect, it, vi } from 'vitest'
import { localeUses24Hour, preferredHour24, preferredTimeZone, rememberHour24, rememberTimeZone } from '../../../src/lib/time/timePreferences'

/** A window whose localStorage is a Map, or one that refuses (a blocked storage). */
function stubStorage(blocked = false) {
  const store = new Map<string, string>()
  const refuse = () => {
    throw new DOMException('blocked', 'SecurityError')
  }
  vi.stubGlobal('window', {
    localStorage: {
      getItem: blocked ? refuse : (key: string) => store.get(key) ?? null,
      setItem: blocked ? refuse : (key: string, value: string) => void store.set(key, value),
    },
  })
  return store
}

afterEach(() => vi.unstubAllGlobals())

describe('the time zone and clock remembered', () => {
  it('the locale says the default clock: en-GB and de write 24 hours, en-US 12', () => {
    expect(localeUses24Hour('en-GB')).toBe(true)
    expect(localeUses24Hour('de-DE')).toBe(true)
    expect(localeUses24Hour('en-US')).toBe(false)
  })

  it('a remembered zone and clock come back; nothing remembered means the browser zone and the locale', () => {
    stubStorage()
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(preferredTimeZone()).toBe(browserZone)
    expect(preferredHour24()).toBe(localeUses24Hour())
    rememberTimeZone('America/New_York')
    rememberHour24(!localeUses24Hour())
    expect(preferredTimeZone()).toBe('America/New_York')
    expect(preferredHour24()).toBe(!localeUses24Hour())
  })

  it('a stored zone the browser does not know is ignored', () => {
    const store = stubStorage()
    store.set('kiwi.timeZone', 'Mars/Olympus_Mons')
    expect(preferredTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  it('blocked storage remembers nothing and breaks nothing', () => {
    stubStorage(true)
    expect(() => rememberTimeZone('Europe/London')).not.toThrow()
    expect(preferredTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
