import { defineConfig } from 'vitest/config'

/** The machine level of the path tests (`npm run test:paths`); the coverage table runs after it. */
export default defineConfig({
  test: {
    include: [process.env.PATHS_REPORT ? 'tests/paths/report/coverage.report.ts' : 'tests/paths/**/*.paths.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
})
