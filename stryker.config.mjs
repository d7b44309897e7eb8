// @ts-check
/**
 * Mutation testing of the machines (`npm run test:mutation`): StrykerJS breaks `machines/` in small ways
 * and runs the machine-level path tests against each break; a break no path test notices is a survivor.
 * Survivors that cannot change behaviour are listed with their reason in tests/paths/equivalent-mutants.md.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // The machine files only: their selectors and helpers are read by views, which the UI level tests.
  mutate: [
    'machines/{bookingForm,bookingModal,copyFeedback,desk,deskSignIn,dropdownMenu,faqAccordion,manageBooking,mobileMenu,particleBackground,scrollIntent,slots,textChat,voiceCall}.ts',
  ],
  coverageAnalysis: 'perTest',
  plugins: ['@stryker-mutator/*', './tests/paths/mutation/ignorers.mjs'],
  ignorers: ['machine-declarations'],
  // Each path test settles its fakes in microtasks and on a simulated clock; none waits on real time. The
  // margin is for a loaded machine: a timeout counts as killed, so too short a one would flatter the score.
  timeoutMS: 15_000,
  concurrency: 2,
  reporters: ['html', 'json', 'progress', 'clear-text'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { reportTests: false, reportMutants: false, reportScoreTable: false },
  // Committed, so CI tests only the mutants of machines and path tests changed since it was written.
  incremental: true,
  incrementalFile: 'tests/paths/mutation/stryker-incremental.json',
  // The whole score; each machine's own floor (90 %, or its ratchet) is checked by tests/paths/mutation/table.ts.
  thresholds: { high: 95, low: 90, break: 90 },
  ignorePatterns: ['dist', 'data', 'test-results', 'playwright-report', '.tmp', 'bench', 'public'],
  tempDirName: '.tmp/stryker',
}
