/**
 * A vitest reporter for the mutation run only: a test file that fails to load (its machine throws as it is
 * defined) gets one failed test carrying the load error. Stryker's vitest runner (9.6) builds a mutant's
 * result from the tests it collected, and such a file collects none, so the mutant would count as survived
 * though the suite fails (stryker-mutator/stryker-js#6150, open).
 */
import type { Reporter, Vitest } from 'vitest/node'

type FileTask = ReturnType<Vitest['state']['getFiles']>[number]

export default class UnloadableFileAsFailedTest implements Reporter {
  private vitest: Vitest | undefined

  onInit(vitest: Vitest): void {
    this.vitest = vitest
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue
      // A test as vitest records one once the run has finished; nothing runs or reads its context now.
      const failed = {
        type: 'test',
        name: 'loads',
        id: `${file.id}_loads`,
        mode: 'run',
        file,
        suite: file,
        meta: {},
        annotations: [],
        artifacts: [],
        result: { state: 'fail', errors: file.result.errors },
      } as unknown as FileTask['tasks'][number]
      file.tasks.push(failed)
    }
  }
}
