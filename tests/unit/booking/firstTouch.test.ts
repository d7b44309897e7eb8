/** The visit's first touch in the tab's sessionStorage (docs/booking.md#where-a-lead-came-from), read and reduced. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_TOUCH_KEY, firstTouch, keepFirstTouchOnly } from '../../../src/lib/pages/firstTouch'

/** The loader's note, as the browser stores an array: its items joined by commas. */
const note = (address: string, host?: string) => String([address, host])

describe('the first touch', () => {
  let items: Map<string, string>

  beforeEach(() => {
    items = new Map()
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
    })
    vi.stubGlobal('location', { host: 'kiwi.example', pathname: '/about' })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('reads the loader’s note: the landing path, the UTM parameters decoded, the first click id, the referring host', () => {
    items.set(FIRST_TOUCH_KEY, note('/use-cases?utm_source=linkedin&utm_medium=paid+social&utm_campaign=spring%2C%202026&email=a%40b.nz&msclkid=m1&gclid=g1', 'www.linkedin.com'))
    expect(firstTouch()).toEqual({
      landingPath: '/use-cases',
      referrerHost: 'www.linkedin.com',
      tracking: { utm_source: 'linkedin', utm_medium: 'paid social', utm_campaign: 'spring, 2026' },
      clickId: { name: 'gclid', value: 'g1' },
    })
  })

  it('keeps no referrer that is this site, or none', () => {
    items.set(FIRST_TOUCH_KEY, note('/', 'kiwi.example'))
    expect(firstTouch()).toEqual({ landingPath: '/' })
    items.set(FIRST_TOUCH_KEY, note('/docs'))
    expect(firstTouch()).toEqual({ landingPath: '/docs' })
  })

  it('is reduced to what a booking may carry, once, and read the same after', () => {
    items.set(FIRST_TOUCH_KEY, note('/?utm_source=news&token=secret&fbclid=f1', 'news.ycombinator.com'))
    const before = firstTouch()
    keepFirstTouchOnly()
    const kept = items.get(FIRST_TOUCH_KEY)!
    expect(kept).not.toContain('secret')
    expect(JSON.parse(kept)).toEqual({ landingPath: '/', referrerHost: 'news.ycombinator.com', tracking: { utm_source: 'news' }, clickId: { name: 'fbclid', value: 'f1' } })
    expect(firstTouch()).toEqual(before)
    keepFirstTouchOnly()
    expect(items.get(FIRST_TOUCH_KEY)).toBe(kept)
  })

  it('is nothing without a note, or where storage is blocked', () => {
    expect(firstTouch()).toEqual({})
    keepFirstTouchOnly()
    expect(items.size).toBe(0)
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
    })
    expect(firstTouch()).toEqual({})
    expect(() => keepFirstTouchOnly()).not.toThrow()
  })
})
