/**
 * Import loops in server/ (issue 23): the server is a tree with one direction — routes (http/) → scheduler/ →
 * db/, mail/ and calendar/ beside it (docs/design.md#server). A loop, through value or type imports, fails
 * `npm run lint`. The layer rules between core/, machines/, src/ and server/ live in eslint.config.js.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-import-loop-in-server',
      severity: 'error',
      comment: 'server/ imports in one direction only: move the shared piece into its own module (see docs/design.md#server).',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'calendars-parsed-in-the-worker-only',
      severity: 'error',
      comment: 'A calendar is parsed in the calendar worker only, never on the server thread (docs/calendars.md#limits): go through expandInWorker.ts.',
      from: { path: '^server/', pathNot: '^server/calendar/(calendarWorker|parseBusy)[.]ts$' },
      to: { path: '^server/calendar/(parseBusy|recurSteps)[.]ts$' },
    },
  ],
  options: {
    // Type imports count: a loop of types is still a tangle for the reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^server/',
  },
}
