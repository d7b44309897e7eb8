/**
 * The UI level of the path tests: the same generated paths, one Playwright test each, carried out on
 * the built site in Chromium. Executors act as a visitor would (click, type, press keys), settle fakes
 * through `page.route` and advance `page.clock`; state checks look at what a visitor sees.
 *
 * Every generated path runs at the machine level. In the browser, where each path costs a page load,
 * the fewest of them that still walk every transition run; PATHS_UI_ALL=1 runs all of them.
 */
import { test, type Page } from '@playwright/test'
import type { AnyStateMachine } from 'xstate'
import { checkState, execute, type InternalExecutors, type StateChecks, type UserExecutors } from './executors'
import { coveringSubset, createMachineModel, pathTitle, transitionCoveringPaths, walkedBy, type ModelOptions, type ModelPath } from './machineModel'
import { writePathResult } from './report'

export interface UiPathSpec<M extends AnyStateMachine, TSut> extends ModelOptions {
  events: UserExecutors<M, TSut>
  internal: InternalExecutors<TSut>
  states: StateChecks<M, TSut>
  /** Which of the generated paths may run (all by default); the covering subset of them runs. */
  select?: (paths: ModelPath[]) => ModelPath[]
  /** Names a run, so two runs of one machine (say, the form in the modal and inline) keep apart in the report. */
  label?: string
}

/**
 * Carries out one path on the page (`sut` is in its first state): checks that state, then each step's
 * event and the state it leads to, and records what the path walked under `title` in the report.
 */
export async function walkUiPath<M extends AnyStateMachine, TSut>(
  name: string,
  machine: M,
  sut: TSut,
  path: ModelPath,
  title: string,
  spec: Pick<UiPathSpec<M, TSut>, 'events' | 'internal' | 'states'>,
): Promise<void> {
  await checkState(sut, path.steps[0]!.state, spec.states)
  for (const step of path.steps.slice(1)) {
    await test.step(step.event.type, async () => {
      await execute(machine, sut, step.event, spec.events, spec.internal)
      await checkState(sut, step.state, spec.states)
    })
  }
  writePathResult({ machine: name, level: 'ui', title, ...walkedBy(machine, [path]) })
}

/**
 * @param name the machine's name in the report (its file name in machines/)
 * @param machine the production machine the paths are generated from
 * @param start opens the page in the machine's initial state and returns what the executors need
 */
export function describeUiPaths<M extends AnyStateMachine, TSut>(
  name: string,
  machine: M,
  start: (page: Page) => Promise<TSut>,
  spec: UiPathSpec<M, NoInfer<TSut>>,
): ModelPath[] {
  const generated = transitionCoveringPaths(createMachineModel(machine, spec))
  const candidates = spec.select ? spec.select(generated) : generated
  const paths = process.env.PATHS_UI_ALL === '1' ? candidates : coveringSubset(machine, candidates)
  const prefix = spec.label ? `${spec.label}: ` : ''
  test.describe(`${name}${spec.label ? ` (${spec.label})` : ''}: UI paths`, () => {
    for (const path of paths) {
      const title = `${prefix}${pathTitle(path)}`
      test(title, async ({ page }) => walkUiPath(name, machine, await start(page), path, title, spec))
    }
  })
  return paths
}
