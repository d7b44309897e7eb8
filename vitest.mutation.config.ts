import { defineConfig, mergeConfig } from 'vitest/config'
import paths from './vitest.paths.config'

/** The machine level as the mutation run (stryker.config.mjs) runs it: a file that fails to load is a failed test. */
export default mergeConfig(
  paths,
  defineConfig({ test: { reporters: ['default', './tests/paths/mutation/unloadableFileAsFailedTest.ts'] } }),
)
