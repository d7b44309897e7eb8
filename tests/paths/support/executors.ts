/**
 * Typed executors for generated paths. User events are keyed by the machine's own event types and
 * states by its own state keys, so a new event or state without an executor or a check does not
 * compile. The machine's internal events are carried out generically: `xstate.after.*` advances a
 * clock by the named delay, `xstate.done.actor.<id>` / `xstate.error.actor.<id>` settle the fake
 * behind the invoked actor `<id>`.
 */
import type { AnyStateMachine, EventFromLogic, EventObject, SnapshotFrom } from 'xstate'

type Flatten<V> = V extends string ? V : V extends object ? { [K in keyof V & string]: K | `${K}.${Flatten<V[K]>}` }[keyof V & string] : never

/** Every state of a machine as a dotted key: `'idle'`, `'open'`, `'open.loading'`. */
export type StateKey<M extends AnyStateMachine> = Flatten<SnapshotFrom<M>['value']>

/**
 * The machine's own events. A machine may list an invoked actor's done/error events in its union (when
 * child states take them), but those are carried out by `internal`, like every `xstate.*` event.
 */
export type UserEvent<M extends AnyStateMachine> = Exclude<EventFromLogic<M>, { type: `xstate.${string}` }>
export type UserEventType<M extends AnyStateMachine> = UserEvent<M>['type']

export interface InternalExecutors<TSut> {
  /** Advances the clock by `ms` (a SimulatedClock, Playwright's page.clock). */
  advance(sut: TSut, ms: number): void | Promise<void>
  /**
   * Delays the machine computes from its context (not a fixed number), by name: how far the clock must
   * move from now for the delay to be due.
   */
  delays?: Record<string, (sut: TSut) => number | Promise<number>>
  /**
   * Settle the fake behind each invoked actor id. The event is the model's sample: its `output` or
   * `error` says which result to settle with when the machine's guards tell results apart.
   */
  done: Record<string, (sut: TSut, event: EventObject & { output?: unknown }) => void | Promise<void>>
  error: Record<string, (sut: TSut, event: EventObject & { error?: unknown }) => void | Promise<void>>
}

export type UserExecutors<M extends AnyStateMachine, TSut> = {
  [K in UserEventType<M>]: (sut: TSut, event: Extract<UserEvent<M>, { type: K }>) => void | Promise<void>
}

export type StateChecks<M extends AnyStateMachine, TSut> = Record<StateKey<M>, (sut: TSut) => void | Promise<void>>

/** The milliseconds of a delay by its name or number, as the machine declares it. */
export function delayMs(machine: AnyStateMachine, delay: string): number {
  const declared = (machine.implementations.delays as Record<string, unknown>)[delay]
  const ms = typeof declared === 'number' ? declared : Number(delay)
  if (!Number.isFinite(ms)) throw new Error(`Delay ${delay} of ${machine.id} is not a fixed number of milliseconds.`)
  return ms
}

/** Carries out one step's event. */
export async function execute<M extends AnyStateMachine, TSut>(
  machine: M,
  sut: TSut,
  event: EventObject,
  user: UserExecutors<M, TSut>,
  internal: InternalExecutors<TSut>,
): Promise<void> {
  const after = /^xstate\.after\.(.+?)\.(.+)$/.exec(event.type)
  if (after) {
    const computed = internal.delays?.[after[1]!]
    return internal.advance(sut, computed ? await computed(sut) : delayMs(machine, after[1]!))
  }
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
  if (settled) {
    const run = internal[settled[1] as 'done' | 'error'][settled[2]!]
    if (!run) throw new Error(`No executor settles actor "${settled[2]}" (${event.type}).`)
    return run(sut, event)
  }
  const run = (user as Record<string, ((sut: TSut, event: EventObject) => void | Promise<void>) | undefined>)[event.type]
  if (!run) throw new Error(`No executor for event ${event.type}.`)
  return run(sut, event)
}

/** Runs the check of every state key the snapshot is in (parents and leaves). */
export async function checkState<M extends AnyStateMachine, TSut>(
  sut: TSut,
  snapshot: { matches(value: never): boolean },
  checks: StateChecks<M, TSut>,
): Promise<void> {
  for (const [key, check] of Object.entries(checks) as Array<[string, (sut: TSut) => void | Promise<void>]>) {
    if (snapshot.matches(toStateValue(key) as never)) await check(sut)
  }
}

/** A dotted state key as a state value for `snapshot.matches`: `'idle'` → `'idle'`, `'a.b'` → `{ a: 'b' }`. */
export function toStateValue(key: string): string | Record<string, unknown> {
  const parts = key.split('.')
  return parts.reduceRight<string | Record<string, unknown>>((acc, part, i) => (i === parts.length - 1 ? part : { [part]: acc }), '')
}
