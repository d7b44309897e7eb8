/**
 * A module kept out of a page's first load (docs/design.md#budgets): imported once the page has loaded and the
 * browser is idle, or at once when the visitor shows intent (pointer, focus, click), whichever comes
 * first. Views read it with `useSyncExternalStore(m.subscribe, m.current, m.serverValue)`.
 */
import { afterFirstPaint } from '../lib/dom/pageEnvironment'

export interface DeferredModule<T> {
  /** Starts the import now (no-op once started or loaded). A failed import (offline) is retried by the next call. */
  load(): void
  /** Starts the import when the page is idle; returns a function that cancels that wish (an effect's cleanup). */
  loadWhenIdle(): () => void
  subscribe(listener: () => void): () => void
  /** The loaded module, or null before it is. */
  current(): T | null
  /** Always null: the prerendered page never holds the deferred part, so hydration matches. */
  serverValue(): null
}

export function deferredModule<T>(importModule: () => Promise<T>, whenIdle: () => Promise<void> = afterFirstPaint): DeferredModule<T> {
  let loaded: T | null = null
  let loading = false
  const listeners = new Set<() => void>()

  const load = () => {
    if (loaded !== null || loading) return
    loading = true
    importModule().then(
      (mod) => {
        loaded = mod
        loading = false
        for (const listener of [...listeners]) listener()
      },
      () => {
        loading = false // offline or a new deployment: the next intent tries again
      },
    )
  }

  return {
    load,
    loadWhenIdle() {
      let wanted = true
      void whenIdle().then(() => {
        if (wanted) load()
      })
      return () => {
        wanted = false
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    current: () => loaded,
    serverValue: () => null,
  }
}
