import { Temporal as Polyfill } from 'temporal-polyfill'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The browser build's Temporal (core/nativeTemporal.ts): each case imports the module afresh.
describe('the browser build\'s Temporal', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.resetModules()
  })

  it('is the browser\'s own where it has one, and the polyfill\'s file is not needed', async () => {
    const own = { Instant: {}, Now: {} }
    vi.stubGlobal('Temporal', own)
    const { Temporal } = await import('../../../core/nativeTemporal')
    expect(Temporal).toBe(own)
  })

  it('is temporal-polyfill\'s where the browser has none (Node 20 here, as Safari)', async () => {
    expect((globalThis as { Temporal?: unknown }).Temporal).toBeUndefined()
    const { Temporal } = await import('../../../core/nativeTemporal')
    expect(Temporal).toBe(Polyfill)
    expect(Temporal.Instant.from('2026-11-27T22:00:00Z').toZonedDateTimeISO('Pacific/Auckland').toPlainDate().toString()).toBe('2026-11-28')
  })
})
