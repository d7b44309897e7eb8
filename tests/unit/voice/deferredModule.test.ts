import { describe, expect, it, vi } from 'vitest'
import { deferredModule } from '../../../src/boot/deferredModule'
import { deferred, settle } from '../../paths/support/fakes'

function setupModule() {
  const idle = deferred<void>()
  const imports: Array<ReturnType<typeof deferred<{ name: string }>>> = []
  const importModule = vi.fn(() => {
    const next = deferred<{ name: string }>()
    imports.push(next)
    return next.promise
  })
  const mod = deferredModule(importModule, () => idle.promise)
  const notified = vi.fn()
  mod.subscribe(notified)
  return { mod, idle, imports, importModule, notified }
}

describe('deferredModule (the voice panel out of the first load)', () => {
  it('imports nothing until the page is idle, then imports once and tells its readers', async () => {
    const t = setupModule()
    t.mod.loadWhenIdle()
    await settle()
    expect(t.importModule).not.toHaveBeenCalled()
    expect(t.mod.current()).toBeNull()
    t.idle.resolve()
    await settle()
    expect(t.importModule).toHaveBeenCalledTimes(1)
    t.imports[0]!.resolve({ name: 'panel' })
    await settle()
    expect(t.mod.current()).toEqual({ name: 'panel' })
    expect(t.notified).toHaveBeenCalledTimes(1)
    expect(t.mod.serverValue()).toBeNull()
  })

  it('imports at once on intent, before the page is idle, and only once whatever comes next', async () => {
    const t = setupModule()
    t.mod.loadWhenIdle()
    t.mod.load()
    t.mod.load()
    expect(t.importModule).toHaveBeenCalledTimes(1)
    t.idle.resolve()
    await settle()
    expect(t.importModule).toHaveBeenCalledTimes(1)
    t.imports[0]!.resolve({ name: 'panel' })
    await settle()
    t.mod.load()
    expect(t.importModule).toHaveBeenCalledTimes(1)
    expect(t.mod.current()).toEqual({ name: 'panel' })
  })

  it('a cancelled idle wish (the widget unmounted) imports nothing', async () => {
    const t = setupModule()
    const cancel = t.mod.loadWhenIdle()
    cancel()
    t.idle.resolve()
    await settle()
    expect(t.importModule).not.toHaveBeenCalled()
  })

  it('a failed import (offline) is tried again on the next intent', async () => {
    const t = setupModule()
    t.mod.load()
    t.imports[0]!.reject(new TypeError('Failed to fetch dynamically imported module'))
    await settle()
    expect(t.mod.current()).toBeNull()
    expect(t.notified).not.toHaveBeenCalled()
    t.mod.load()
    expect(t.importModule).toHaveBeenCalledTimes(2)
    t.imports[1]!.resolve({ name: 'panel' })
    await settle()
    expect(t.mod.current()).toEqual({ name: 'panel' })
  })

  it('an unsubscribed reader is not told', async () => {
    const t = setupModule()
    const other = vi.fn()
    const unsubscribe = t.mod.subscribe(other)
    unsubscribe()
    t.mod.load()
    t.imports[0]!.resolve({ name: 'panel' })
    await settle()
    expect(other).not.toHaveBeenCalled()
    expect(t.notified).toHaveBeenCalledTimes(1)
  })
})
