/**
 * The UI level of the path tests: the same generated paths, one Playwright test each, carried out on
 * the built site in Chromium. Executors act as a visitor would (click, type, press keys), settle fakes
 * through `page.route` and advance `page.clock`; state checks look at what a visitor sees.
 *
 * Every generated path runs at the machine level. In the browser, where each path costs a page load,
 * the fewest of them that still walk every transition run; PATHS_UI_ALL=1 runs all of them.
 *
 * Each first event a visitor can take also runs as a first touch (level `first-touch`, "ui, first touch" in
 * the table): the page is opened with the app's scripts held back, the event is carried out on the
 * prerendered page, then the scripts load, and the state after it must be what a visitor sees in the normal
 * run. Nothing a visitor does before the app runs may be lost; what follows that state is the normal run's.
 */
import { test, type Page } from '@playwright/test'
import { holdAppScripts, waitForHydration } from '../../e2e/support/hydration'
import type { AnyStateMachine } from 'xstate'
import { checkState, execute, type InternalExecutors, type StateChecks, type UserExecutors } from './executors'
import { coveringSubset, createMachineModel, pathTitle, transitionCoveringPaths, walkedBy, type ModelOptions, type ModelPath, type Walked } from './machineModel'
import { writeExemption, writePathResult, type PathLevel } from './report'
import { uiReplay, withReplay } from './replay'

export interface UiPathSpec<M extends AnyStateMachine, TSut> extends ModelOptions {
  events: UserExecutors<M, TSut>
  internal: InternalExecutors<TSut>
  states: StateChecks<M, TSut>
  /** Which of the generated paths may run (all by default); the covering subset of them runs. */
  select?: (paths: ModelPath[]) => ModelPath[]
  /** Names a run, so two runs of one machine (say, the form in the modal and inline) keep apart in the report. */
  label?: string
  /**
   * Why no first event of this machine can come before the app runs (its view is drawn by the app), when
   * that is so: the first-touch variant is not run, and the coverage table says why.
   */
  noFirstTouch?: string
}

/** Pages of a first-touch run: their start must not wait for the app, whose scripts are held. */
const firstTouchPages = new WeakSet<Page>()

/**
 * What a path's start waits for once it has opened its page: the app, hydrated (or `ready`, when the
 * view has more to wait for, say a part the app loads at idle time); in a first-touch run nothing, since
 * the app's scripts are held until the path's first event has been carried out.
 */
export async function appReady(page: Page, ready: (page: Page) => Promise<unknown> = waitForHydration): Promise<void> {
  if (!firstTouchPages.has(page)) await ready(page)
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
  await walkSteps(machine, sut, path.steps.slice(1), spec)
  writePathResult({ machine: name, level: 'ui', title, ...walkedBy(machine, [path]) })
}

async function walkSteps<M extends AnyStateMachine, TSut>(
  machine: M,
  sut: TSut,
  steps: ModelPath['steps'],
  spec: Pick<UiPathSpec<M, TSut>, 'events' | 'internal' | 'states'>,
): Promise<void> {
  for (const step of steps) {
    await test.step(step.event.type, async () => {
      await execute(machine, sut, step.event, spec.events, spec.internal)
      await checkState(sut, step.state, spec.states)
    })
  }
}

/**
 * A first touch: the page opened with the app's scripts held, the path's one event carried out on the
 * prerendered page, then the app loads and hydrates; the state after the event must then be what a visitor
 * sees in the normal run. Its result counts against `all`, what every first event a visitor can take walks.
 */
async function walkFirstTouch<M extends AnyStateMachine, TSut>(
  name: string,
  machine: M,
  page: Page,
  start: (page: Page) => Promise<TSut>,
  path: ModelPath,
  title: string,
  all: Walked,
  spec: Pick<UiPathSpec<M, TSut>, 'events' | 'internal' | 'states'>,
): Promise<void> {
  const release = await holdAppScripts(page)
  firstTouchPages.add(page)
  const sut = await start(page)
  const [first] = path.steps.slice(1)
  await test.step(`${first!.event.type}, before the app runs`, async () => {
    await execute(machine, sut, first!.event, spec.events, spec.internal)
    await release()
    await checkState(sut, first!.state, spec.states)
  })
  const walked = walkedBy(machine, [path])
  writePathResult({ machine: name, level: 'first-touch', title, ...walked, allStates: all.states, allTransitions: all.transitions, allGuards: [] })
}

/** Runs one path's test; a failure names the command that reruns that path alone. */
async function replayOnFailure(describeName: string, title: string, walk: () => Promise<void>): Promise<void> {
  try {
    await walk()
  } catch (error) {
    throw withReplay(error, uiReplay(describeName, title))
  }
}

/** A path whose first event is the visitor's (not a timer or a settled request, which need the app). */
const startsWithVisitor = (path: ModelPath) => path.steps.length > 1 && !path.steps[1]!.event.type.startsWith('xstate.')

/** A path cut after its first event. */
const firstStep = (path: ModelPath): ModelPath => ({ ...path, state: path.steps[1]!.state, steps: path.steps.slice(0, 2) })

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
  const describeName = `${name}${spec.label ? ` (${spec.label})` : ''}: UI paths`
  test.describe(describeName, () => {
    for (const path of paths) {
      const title = `${prefix}${pathTitle(path)}`
      test(title, async ({ page }) =>
        replayOnFailure(describeName, title, async () => walkUiPath(name, machine, await start(page), path, title, spec)),
      )
    }
  })
  const level: PathLevel = 'first-touch'
  if (spec.noFirstTouch !== undefined) {
    writeExemption({ machine: name, level, exempt: spec.noFirstTouch })
    return paths
  }
  // One event each: the paths' first steps, the same step once (docs/testing.md#path-levels).
  const firstSteps = [...new Map(candidates.filter(startsWithVisitor).map((path) => [pathTitle(firstStep(path)), firstStep(path)])).values()]
  const firstTouches = process.env.PATHS_UI_ALL === '1' ? firstSteps : coveringSubset(machine, firstSteps)
  const all = walkedBy(machine, firstSteps)
  const firstTouchName = `${name}${spec.label ? ` (${spec.label})` : ''}: UI paths, first touch`
  test.describe(firstTouchName, () => {
    for (const path of firstTouches) {
      const title = `${prefix}${pathTitle(path)}`
      test(`first touch: ${title}`, async ({ page }) =>
        replayOnFailure(firstTouchName, `first touch: ${title}`, () => walkFirstTouch(name, machine, page, start, path, title, all, spec)),
      )
    }
  })
  return paths
}
