/**
 * The machine level of the path tests: one vitest test per generated path, run against the production
 * machine with its actors replaced by fakes and its delays on a SimulatedClock.
 */
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { checkState, execute, type InternalExecutors, type StateChecks, type UserExecutors } from './executors'
import { createMachineModel, pathTitle, transitionCoveringPaths, walkedBy, type AnySnapshot, type ModelOptions, type ModelPath } from './machineModel'
import { flush } from './fakes'
import { writePathResult } from './report'

export interface MachineUnderTest {
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
  /** Names a run, so two runs of one machine (say, with different input) keep apart in the report. */
  label?: string
}

/**
 * @param name the machine's name in the report (its file name in machines/)
 * @param machine the production machine the paths are generated from
 * @param start starts the machine, its fakes injected through `machine.provide`, for one path
 */
export function describeMachinePaths<M extends AnyStateMachine, TSut extends MachineUnderTest>(
  name: string,
  machine: M,
  start: () => TSut,
  spec: MachinePathSpec<M, NoInfer<TSut>>,
): ModelPath[] {
  const paths = transitionCoveringPaths(createMachineModel(machine, spec))
  describe(`${name}${spec.label ? ` (${spec.label})` : ''}: machine paths`, () => {
    for (const path of paths) {
      const title = `${spec.label ? `${spec.label}: ` : ''}${pathTitle(path)}`
      it(title, async () => {
        const sut = start()
        try {
          expect(sut.snapshot().value, 'initial state').toEqual(path.steps[0]?.state.value)
          for (const step of path.steps.slice(1)) {
            await execute(machine, sut, step.event, spec.events, spec.internal)
            await flush()
            expect(sut.snapshot().value, `after ${step.event.type}`).toEqual(step.state.value)
            await checkState(sut, sut.snapshot(), spec.states)
          }
          writePathResult({ machine: name, level: 'machine', title, ...walkedBy(machine, [path]) })
        } finally {
          sut.stop()
        }
      })
    }
  })
  return paths
}
