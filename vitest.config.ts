import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
    environment: 'node',
    // Debian's Radicale for the CalDAV tests, installed when missing and we are root.
    globalSetup: ['tests/server/support/ensureRadicale.ts'],
    // Both cores: most files wait on a database, a socket or a child process (vitest's default leaves one idle).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
