/**
 * The machine level of the path tests: one vitest test per generated path, run against the production
 * machine with its actors replaced by fakes and its delays on a SimulatedClock.
 */
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine, EventObject, InputFrom, SnapshotFrom } from 'xstate'
import { checkState, execute, type InternalExecutors, type StateChecks, type UserExecutors } from './executors'
import { coveringSubset, createMachineModel, pathTitle, reviewedModel, transitionCoveringPaths, walkedBy, type AnySnapshot, type ModelOptions, type ModelPath } from './machineModel'
import { flush } from './fakes'
import { writePathResult } from './report'
import { machineReplay, withReplay } from './replay'

export interface MachineUnderTest {
  /** The running actor; an event only a guard refuses is sent to it as is. */
  actor: { send(event: EventObject): void }
  /** The running actor's current snapshot. */
  snapshot(): AnySnapshot
  stop(): void
}

export interface MachinePathSpec<M extends AnyStateMachine, TSut extends MachineUnderTest> extends ModelOptions {
  /** How each of the machine's own events is carried out. */
  events: UserExecutors<M, TSut>
  /** Clock and fakes for the machine's internal events. */
  internal: InternalExecutors<TSut>
  /** What must hold in each state (the context the views depend on), beyond the state value itself. */
  states: StateChecks<M, TSut>
  /**
   * The selectors views read of a snapshot (beside the machine), by name: the reviewed model lists what each
   * gives in each state, so a selector that misreads a state is noticed.
   */
  views?: Record<string, (snapshot: SnapshotFrom<M>) => unknown>
  /** Names a run, so two runs of one machine (say, with different input) keep apart in the report. */
  label?: string
  /**
   * Cases the covering paths (the mutation run's, docs/testing.md "Mutation testing") must walk beside every
   * transition, by name: each a test of a path's steps, of what comes before the machine acts (its snapshot
   * before a step, the step's event), never of what it did, which a mutant changes. The run adds the shortest
   * path that meets a case the covering paths miss, and fails when none of its paths meets it.
   */
  cases?: PathCases
  /**
   * The machine's other variants by name (another input, its samples): each walks every path of its own
   * model with the same executors and checks, so what only one variant does is checked in the others too.
   * A variant walks the spec's cases unless it names its own.
   */
  variants?: Record<string, ModelOptions & { cases?: PathCases }>
}

/** Named tests of a path, for `cases`. */
export type PathCases = Record<string, (path: ModelPath) => boolean>

/** The covering paths, and for each case they miss the shortest of all paths that meets it. */
function withCases(covering: ModelPath[], all: readonly ModelPath[], cases: PathCases): ModelPath[] {
  const chosen = [...covering]
  for (const meets of Object.values(cases)) {
    if (chosen.some(meets)) continue
    const shortest = all.filter(meets).sort((a, b) => a.steps.length - b.steps.length)[0]
    if (shortest) chosen.push(shortest)
  }
  return chosen
}

/**
 * @param name the machine's name in the report (its file name in machines/)
 * @param machine the production machine the paths are generated from
 * @param start starts the machine, its fakes injected through `machine.provide`, for one path, with the
 *   run's input (the spec's own, or a variant's)
 */
export function describeMachinePaths<M extends AnyStateMachine, TSut extends MachineUnderTest>(
  name: string,
  machine: M,
  start: (input: InputFrom<M>) => TSut,
  spec: MachinePathSpec<M, NoInfer<TSut>>,
): ModelPath[] {
  const { variants = {}, ...own } = spec
  const runs = [own, ...Object.entries(variants).map(([label, options]) => ({ ...own, ...options, label }))]
  return runs.map((run) => describeRun(name, machine, start, run))[0]!
}

function describeRun<M extends AnyStateMachine, TSut extends MachineUnderTest>(
  name: string,
  machine: M,
  start: (input: InputFrom<M>) => TSut,
  spec: MachinePathSpec<M, TSut>,
): ModelPath[] {
  const model = createMachineModel(machine, { ...spec, refusals: true })
  const all = transitionCoveringPaths(model)
  // Mutation testing (`npm run test:mutation`) runs the fewest paths that walk every transition, as the UI
  // level does: every mutant reloads the machine and reruns its paths. Fewer paths notice no more than all do,
  // so the score it reports is a floor for the whole machine level.
  const cases = spec.cases ?? {}
  const paths = process.env.PATHS_COVERING_ONLY ? withCases(coveringSubset(machine, all), all, cases) : all
  const describeName = `${name}${spec.label ? ` (${spec.label})` : ''}: machine paths`
  describe(describeName, () => {
    // The paths follow the machine, so a broken machine makes paths that pass on it; the committed model
    // file does not follow it. After a deliberate change, `vitest -u` rewrites it and the diff is reviewed.
    it('reaches what the reviewed model says', async () => {
      const file = `models/${name}${spec.label ? `.${spec.label.replaceAll(' ', '-')}` : ''}.txt`
      await expect(reviewedModel(machine, model, spec.views as Record<string, (snapshot: AnySnapshot) => unknown>)).toMatchFileSnapshot(file)
    })
    if (Object.keys(cases).length) {
      it('walks every named case', () => {
        expect(Object.keys(cases).filter((name) => !paths.some(cases[name]!))).toEqual([])
      })
    }
    for (const path of paths) {
      const title = `${spec.label ? `${spec.label}: ` : ''}${pathTitle(path)}`
      it(title, async () => {
        const sut = start(spec.input as InputFrom<M>)
        try {
          expect(sut.snapshot().value, 'initial state').toEqual(path.steps[0]?.state.value)
          for (const step of path.steps.slice(1)) {
            const before = sut.snapshot()
            if (!before.can(step.event)) {
              // Only a guard stood in the way (the last step of its path): the event reaches the machine
              // as it is, not through its executor, whose bookkeeping expects the event to be taken, and
              // nothing may change.
              sut.actor.send(step.event)
              await flush()
              expect(sut.snapshot().value, `${step.event.type} refused`).toEqual(before.value)
              expect(sut.snapshot().context, `${step.event.type} refused`).toEqual(before.context)
              continue
            }
            await execute(machine, sut, step.event, spec.events, spec.internal)
            await flush()
            expect(sut.snapshot().value, `after ${step.event.type}`).toEqual(step.state.value)
            await checkState(sut, sut.snapshot(), spec.states)
          }
          writePathResult({ machine: name, level: 'machine', title, ...walkedBy(machine, [path]) })
        } catch (error) {
          throw withReplay(error, machineReplay(expect.getState().testPath ?? '', describeName, title))
        } finally {
          sut.stop()
        }
      })
    }
  })
  return paths
}
