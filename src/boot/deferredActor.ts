/**
 * An actor whose machine, and XState itself, are not in the page's first load (docs/design.md#budgets). The page
 * hydrates showing the machine's initial state; the machine's code is imported when the browser is
 * idle, or at once when an event is sent to it. Events sent before then are kept and given to the
 * actor, in order, as soon as it runs: a press during that time is late, never lost.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { DeferredModule } from './deferredModule'

/** What deferredActor needs of an XState actor (an ActorRef): typed from it, so no XState code is imported. */
interface RunnableActor {
  send(event: never): void
  getSnapshot(): unknown
  subscribe(listener: () => void): { unsubscribe(): void }
  start(): void
  stop(): void
}

export type EventOf<TActor extends RunnableActor> = Parameters<TActor['send']>[0]
export type SnapshotOf<TActor extends RunnableActor> = ReturnType<TActor['getSnapshot']>

export interface DeferredActor<TActor extends RunnableActor> {
  /** Sends now if the actor runs; otherwise keeps the event for it and imports its code at once. */
  send(event: EventOf<TActor>): void
  subscribe(listener: () => void): () => void
  /** The running actor's snapshot; undefined until it runs. */
  getSnapshot(): SnapshotOf<TActor> | undefined
  /**
   * Runs the actor once its code has loaded (at once if it has), importing the code when the page is
   * idle. Returns what stops it again (an effect's cleanup): a later start runs a new actor.
   */
  start(): () => void
}

export function deferredActor<TCode, TActor extends RunnableActor>(code: DeferredModule<TCode>, create: (code: TCode) => TActor): DeferredActor<TActor> {
  let actor: TActor | null = null
  let wanted = false
  const waiting: Array<EventOf<TActor>> = []
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }

  const runWhenLoaded = () => {
    const loaded = code.current()
    if (!wanted || actor || !loaded) return
    const running = create(loaded)
    actor = running
    running.subscribe(notify)
    running.start()
    for (const event of waiting.splice(0)) running.send(event as never)
    notify()
  }

  return {
    send(event) {
      if (actor) actor.send(event as never)
      else {
        waiting.push(event)
        code.load()
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    getSnapshot: () => actor?.getSnapshot() as SnapshotOf<TActor> | undefined,
    start() {
      wanted = true
      const stopListening = code.subscribe(runWhenLoaded)
      const cancelIdleLoad = code.loadWhenIdle()
      runWhenLoaded()
      return () => {
        wanted = false
        stopListening()
        cancelIdleLoad()
        const stopped = actor
        actor = null
        if (stopped) {
          stopped.stop()
          notify()
        }
      }
    },
  }
}

/**
 * What a view reads from a machine's snapshot, with its value in the machine's initial state: the
 * value the prerendered page and hydration show, until the machine runs. A unit test checks that
 * `initial` is what `select` gives for the initial snapshot (tests/unit/machines/deferredViews.test.ts).
 */
export interface Selection<TSnapshot, T> {
  select(snapshot: TSnapshot): T
  initial: T
}

export function selection<TSnapshot, T>(select: (snapshot: TSnapshot) => T, initial: T): Selection<TSnapshot, T> {
  return { select, initial }
}

/** A component's own deferred actor, running while it is mounted (as @xstate/react's useActorRef). */
export function useDeferredActor<TCode, TActor extends RunnableActor>(code: DeferredModule<TCode>, create: (code: TCode) => TActor): DeferredActor<TActor> {
  const [actor] = useState(() => deferredActor(code, create))
  useEffect(() => actor.start(), [actor])
  return actor
}

/** A selection of a deferred actor's snapshot; re-renders when it changes (as @xstate/react's useSelector). */
export function useDeferredSelector<TActor extends RunnableActor, T>(actor: DeferredActor<TActor>, { select, initial }: Selection<SnapshotOf<TActor>, T>): T {
  const current = () => {
    const snapshot = actor.getSnapshot()
    return snapshot === undefined ? initial : select(snapshot)
  }
  return useSyncExternalStore(actor.subscribe, current, () => initial)
}
