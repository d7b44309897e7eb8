import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
    environment: 'node',
    // Debian's Radicale for the CalDAV tests, installed when missing and we are root.
    globalSetup: ['tests/server/support/ensureRadicale.ts'],
    // One worker (vitest's default on 2 cores): the files that start `npm start` share one production build, which
    // a second file's start rebuilds under the first's server when their settings differ.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
