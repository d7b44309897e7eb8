/**
 * Path generation and coverage for the production machines (docs/design.md#path-tests), shared by both levels:
 * the machine with injected fakes (vitest) and the real UI (Playwright).
 *
 * - The model is `new TestModel(machine, …)` over the production machine itself; the events tried in
 *   each snapshot are the samples that the snapshot can take (`snapshot.can`), including the machine's
 *   own `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*` events, which the executors
 *   turn into settling a fake actor or advancing a clock.
 * - Paths: the shortest path to every reachable snapshot, extended by every transition out of it,
 *   then paths that are a prefix of another dropped. So every transition the model can take is walked.
 * - Coverage: state nodes from `getStateNodes`, transitions from `toDirectedGraph`, against the steps walked.
 */
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate'
import { transition } from 'xstate'
import { getStateNodes, TestModel, toDirectedGraph, type DirectedGraphNode, type StatePath } from 'xstate/graph'
import { toStateValue } from './executors'

export type AnySnapshot = SnapshotFrom<AnyStateMachine>
export type ModelPath = StatePath<AnySnapshot, EventObject>

export interface ModelOptions {
  /** Sample events by type: one per guard branch that matters. Types not listed are sent bare. */
  samples?: Record<string, ReadonlyArray<EventObject & Record<string, unknown>>>
  input?: unknown
  /** What makes two snapshots the same vertex; by default the state value and context. */
  serializeState?: (snapshot: AnySnapshot) => string
  /**
   * Also send the events that only a guard keeps from being taken (`snapshot.can` says no), so each guard's
   * "no" is walked as well as its "yes". The machine level does; a visitor at the UI level often cannot
   * (the control is disabled).
   */
  refusals?: boolean
}

export interface Transition {
  key: string
  source: string
  /** The state node ids it leads to (its source when it has none). */
  targets: string[]
  eventType: string
  transition: { guard?: unknown }
}

function edgesOf(node: DirectedGraphNode): Transition[] {
  const own = node.edges
    .filter((edge) => edge.id.endsWith(':0'))
    .map((edge) => {
      const key = edge.id.replace(/:0$/, '')
      return {
        key,
        source: edge.source.id,
        targets: node.edges.filter((other) => other.id.replace(/:\d+$/, '') === key).map((other) => other.target.id),
        eventType: edge.transition.eventType,
        transition: edge.transition,
      }
    })
  return [...own, ...node.children.flatMap(edgesOf)]
}

/** Every transition of the machine (one per transition definition, whatever its number of targets). */
export function machineTransitions(machine: AnyStateMachine): Transition[] {
  return edgesOf(toDirectedGraph(machine))
}

/** Every state node of the machine but the root. */
export function machineStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id)
}

/** The event types the machine reacts to anywhere, its internal done/error/after events included. */
export function machineEventTypes(machine: AnyStateMachine): string[] {
  return [...new Set(machineTransitions(machine).map((t) => t.eventType))]
}

interface NodeWithTransitions {
  parent?: NodeWithTransitions
  type: string
  transitions: Map<string, Array<{ guard?: unknown }>>
}

/**
 * The transitions XState considers for the event in this snapshot, in its order (document order, the
 * innermost state first), per active leaf: it takes the first whose guard allows it.
 */
function candidateChains(snapshot: AnySnapshot, eventType: string): Array<Array<{ guard?: unknown }>> {
  const nodes = (snapshot as unknown as { _nodes: NodeWithTransitions[] })._nodes
  return nodes
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((leaf) => {
      const chain: Array<{ guard?: unknown }> = []
      for (let node: NodeWithTransitions | undefined = leaf; node; node = node.parent) chain.push(...(node.transitions.get(eventType) ?? []))
      return chain
    })
}

/** Whether only guards keep the snapshot from taking the event: some transition for it exists, each guarded. */
const refusedByGuard = (snapshot: AnySnapshot, event: EventObject) =>
  !snapshot.can(event) && candidateChains(snapshot, event.type).some((chain) => chain.some((t) => t.guard))

export function createMachineModel(machine: AnyStateMachine, options: ModelOptions = {}) {
  const candidates: EventObject[] = machineEventTypes(machine).flatMap((type) => options.samples?.[type] ?? [{ type }])
  return new TestModel(machine, {
    events: (snapshot: AnySnapshot) => candidates.filter((event) => snapshot.can(event) || (options.refusals === true && refusedByGuard(snapshot, event))),
    ...(options.input !== undefined ? { input: options.input } : {}),
    ...(options.serializeState ? { serializeState: options.serializeState } : {}),
  } as never)
}

const stepKey = (path: ModelPath) => path.steps.map((s) => JSON.stringify(s.event)).join(' → ')

/** A path's name: its events, with the payload of any event that carries one. */
export function pathTitle(path: ModelPath): string {
  return path.steps
    .map(({ event }) => {
      const { type, ...payload } = event
      return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type
    })
    .join(' → ')
}

/** Paths that walk every transition of the model at least once. */
export function transitionCoveringPaths(model: ReturnType<typeof createMachineModel>): ModelPath[] {
  // Every vertex's own shortest path, also those that are a prefix of another (xstate drops them by
  // default), or the transitions out of every inner vertex of the shortest-path tree are never walked.
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true }) as unknown as ModelPath[]
  const adjacency = model.getAdjacencyMap() as Record<string, { state: AnySnapshot; transitions: Record<string, { event: EventObject; state: AnySnapshot }> }>
  const serialize = (s: AnySnapshot) => model.options.serializeState!(s as never, undefined as never)
  const toVertex = new Map(shortest.map((p) => [serialize(p.state), p]))
  const paths: ModelPath[] = []
  for (const [vertex, { transitions }] of Object.entries(adjacency)) {
    const head = toVertex.get(vertex)
    if (!head) continue
    for (const { event, state } of Object.values(transitions)) {
      paths.push({ state, steps: [...head.steps, { event, state }], weight: head.weight + 1 })
    }
  }
  // Every proper prefix of every path, by its steps, in one pass: comparing each path with every other
  // took seconds for the larger machines.
  const keyed = paths.map((path) => ({ path, key: stepKey(path) }))
  const prefixes = new Set<string>()
  for (const { key } of keyed) {
    for (let at = key.indexOf(' → '); at !== -1; at = key.indexOf(' → ', at + 1)) prefixes.add(key.slice(0, at))
  }
  const seen = new Set<string>()
  return keyed
    .filter(({ key }) => !prefixes.has(key) && !seen.has(key) && seen.add(key))
    .sort((a, b) => a.key.localeCompare(b.key))
    .map(({ path }) => path)
}

/** The fewest of the given paths (chosen greedily) that still walk every transition they walk together. */
export function coveringSubset(machine: AnyStateMachine, paths: readonly ModelPath[]): ModelPath[] {
  const walks = paths.map((path) => ({ path, transitions: walkedBy(machine, [path]).transitions }))
  const chosen: ModelPath[] = []
  const covered = new Set<string>()
  for (;;) {
    let best: (typeof walks)[number] | undefined
    let gain = 0
    for (const walk of walks) {
      const g = walk.transitions.filter((t) => !covered.has(t)).length
      if (g > gain) [best, gain] = [walk, g]
    }
    if (!best) return chosen.sort((a, b) => pathTitle(a).localeCompare(pathTitle(b)))
    chosen.push(best.path)
    for (const t of best.transitions) covered.add(t)
  }
}

export interface Walked {
  /** Every state node id and transition key of the machine, and both outcomes of each guarded transition. */
  allStates: string[]
  allTransitions: string[]
  allGuards: string[]
  /** Those the paths walked. */
  states: string[]
  transitions: string[]
  guards: string[]
}

/** A guard's two outcomes by its transition's name: taken, or not taken because the guard said no. */
const guardOutcomes = (name: string) => [`${name} taken`, `${name} refused`]

/** A transition's name in reports: `machine.source --EVENT--> [index]`. */
export const transitionName = (t: Transition) => `${t.source} --${t.eventType}--> #${t.key.split(':').at(-1)}`

/** States and transitions of the machine that the given paths walk. */
export function walkedBy(machine: AnyStateMachine, paths: ReadonlyArray<ModelPath>): Walked {
  const allStates = machineStates(machine)
  const allTransitions = machineTransitions(machine)
  // A state node id without the machine's own part is a state key: `machine.a.b` → 'a.b'.
  const depth = machine.root.id.split('.').length
  const stateValues = allStates.map((id) => [id, toStateValue(id.split('.').slice(depth).join('.'))] as const)
  const names = new Map(allTransitions.map((t) => [t.transition as unknown, transitionName(t)]))
  const seenStates = new Set<string>()
  const seenTransitions = new Set<unknown>()
  const seenGuards = new Set<string>()
  for (const path of paths) {
    let previous: AnySnapshot | undefined
    for (const step of path.steps) {
      for (const [id, value] of stateValues) if (step.state.matches(value)) seenStates.add(id)
      if (previous) {
        const taken = new Set<unknown>(machine.getTransitionData(previous as never, step.event))
        for (const t of taken) seenTransitions.add(t)
        // Guards XState asked before it found the transition it took (or found none): each said no.
        for (const chain of candidateChains(previous, step.event.type)) {
          for (const t of chain) {
            const [yes, no] = guardOutcomes(names.get(t) ?? '')
            if (taken.has(t)) {
              if (t.guard) seenGuards.add(yes!)
              break
            }
            if (t.guard) seenGuards.add(no!)
          }
        }
      }
      previous = step.state
    }
  }
  const allGuards = allTransitions.filter((t) => t.transition.guard).flatMap((t) => guardOutcomes(transitionName(t)))
  return {
    allStates,
    allTransitions: allTransitions.map(transitionName),
    allGuards,
    states: allStates.filter((id) => seenStates.has(id)),
    transitions: allTransitions.filter((t) => seenTransitions.has(t.transition)).map(transitionName),
    guards: allGuards.filter((g) => seenGuards.has(g)),
  }
}

/** A state value as the reviewed model writes it: `idle`, `open.loading`, `a.b + c.d` for parallel regions. */
export function stateKey(value: unknown): string {
  if (typeof value === 'string') return value
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => {
      const inner = stateKey(child)
      return inner ? `${key}.${inner}` : key
    })
    .join(' + ')
}

/** The context keys whose values differ between two snapshots. */
function changedKeys(before: AnySnapshot, after: AnySnapshot): string[] {
  const a = before.context as Record<string, unknown>
  const b = after.context as Record<string, unknown>
  const same = (x: unknown, y: unknown) => {
    if (x === y) return true
    try {
      return JSON.stringify(x) === JSON.stringify(y)
    } catch {
      return false
    }
  }
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !same(a[key], b[key])).sort()
}

/** What a step asks of the page (the effects the app provides) and of other actors, by name, in order. */
function effectsOf(machine: AnyStateMachine, before: AnySnapshot, event: EventObject): string[] {
  const [, actions] = transition(machine, before as never, event as never)
  return (actions as Array<{ type: string; params?: { event?: { type?: string } } }>).map((action) =>
    action.type === 'xstate.emit' || action.type === 'xstate.raise' || action.type === 'xstate.sendTo'
      ? `${action.type}(${String(action.params?.event?.type ?? '')})`
      : action.type,
  )
}

/**
 * What the model reaches, written for review: every snapshot-to-snapshot step as state → event → state
 * (a fixed delay with its milliseconds), the context keys it changes and the effects it asks for, and how
 * many distinct snapshots (context included) each state has. Compared with the committed file beside the
 * path tests, it notices a transition gone, added or redirected, a guard that lets more or less through, an
 * assignment or an effect dropped, though the paths, generated from the machine, follow such a change.
 */
export function reviewedModel(
  machine: AnyStateMachine,
  model: ReturnType<typeof createMachineModel>,
  views: Record<string, (snapshot: AnySnapshot) => unknown> = {},
): string {
  const adjacency = model.getAdjacencyMap() as Record<string, { state: AnySnapshot; transitions: Record<string, { event: EventObject; state: AnySnapshot }> }>
  const snapshots = new Map<string, number>()
  const seen = new Map<string, Set<string>>()
  const steps = new Set<string>()
  for (const { state, transitions } of Object.values(adjacency)) {
    const from = stateKey(state.value)
    snapshots.set(from, (snapshots.get(from) ?? 0) + 1)
    for (const [name, view] of Object.entries(views)) {
      if (!seen.has(from)) seen.set(from, new Set())
      seen.get(from)!.add(`${name} ${JSON.stringify(view(state))}`)
    }
    for (const { event, state: next } of Object.values(transitions)) {
      const { type, ...payload } = event
      const after = /^xstate\.after\.(.+?)\./.exec(type)
      const declared = after ? (machine.implementations.delays as Record<string, unknown>)[after[1]!] : undefined
      const ms = after ? (typeof declared === 'number' ? declared : Number.isFinite(Number(after[1])) ? Number(after[1]) : 'computed') : undefined
      const label = `${type}${Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : ''}${ms !== undefined ? ` (${ms} ms)` : ''}`
      const changes = changedKeys(state, next)
      const effects = effectsOf(machine, state, event)
      steps.add(
        `${from} --${label}--> ${stateKey(next.value)}` +
          (changes.length ? `  changes ${changes.join(', ')}` : '') +
          (effects.length ? `  does ${effects.join(', ')}` : ''),
      )
    }
  }
  return [
    `# ${machine.id}: what the machine-level paths reach. A change here is a change of behaviour: review it.`,
    '',
    'snapshots per state:',
    ...[...snapshots].sort(([a], [b]) => a.localeCompare(b)).map(([state, n]) => `  ${state}: ${n}`),
    '',
    'steps:',
    ...[...steps].sort().map((step) => `  ${step}`),
    ...(seen.size
      ? ['', 'what the views read, per state:', ...[...seen].sort(([a], [b]) => a.localeCompare(b)).map(([state, values]) => `  ${state}: ${[...values].sort().join('; ')}`)]
      : []),
    '',
  ].join('\n')
}
