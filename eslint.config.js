import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The house's dependency rule (docs/design.md#layers): core ← machines ← src, core ← server; nothing imports tests/.
 * Each layer may not reach the folders named here, whatever the depth of the relative path.
 */
const outside = (...folders) => ({
  regex: `^(\\./|(\\.\\./)+)(${folders.join('|')})(/|$)`,
  message: 'Dependencies point down only: core ← machines ← src, core ← server (see README, The house).',
})
/** Packages that tie code to React, the DOM or Node: not in the pure layers. */
const platformPackages = {
  regex: '^(node:|(react|react-dom|@xstate/react|@tanstack/[^/]+|hono|@hono/[^/]+|pg|@electric-sql/[^/]+|nodemailer|pino|@vapi-ai/[^/]+|@tsparticles/[^/]+|fs|path|crypto)(/|$))',
  message: 'core/ and machines/ stay pure: no React, DOM or Node here; the app or the server provides effects.',
}
const noAlert = { selector: "CallExpression[callee.name='alert']", message: 'Use a toast (role="status"), never window.alert.' }
/**
 * A layer may not import the folders named, nor name them in a type (`typeof import('../src/…')`), and may
 * not use the extra patterns (platform packages). Replaces the global no-restricted-syntax: keep alert in.
 */
const layerRule = (folders, ...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [outside(...folders), ...patterns] }],
  'no-restricted-syntax': [
    'error',
    noAlert,
    {
      selector: `TSImportType[argument.literal.value=/^(\\.\\/|(\\.\\.\\/)+)(${folders.join('|')})(\\/|$)/]`,
      message: 'Dependencies point down only, in types too: declare the shape in core/ (see README, The house).',
    },
  ],
})
/** DOM and Node globals that would tie a pure layer to one platform. */
const platformGlobals = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history', 'fetch', 'process', 'Buffer', 'require', 'requestAnimationFrame', 'setTimeout', 'setInterval'].map(
  (name) => ({ name, message: 'core/ and machines/ stay pure: the app or the server provides this.' }),
)

export default tseslint.config(
  { ignores: ['dist', '.tmp', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        noAlert,
      ],
    },
  },
  {
    // Views render machine state; timers belong in machines as named delays (docs/design.md#machines).
    files: ['src/components/**/*.tsx', 'src/routes/**/*.tsx'],
    rules: {
      'no-restricted-globals': ['error', { name: 'setTimeout', message: 'Use a named delay in a machine.' }],
    },
  },
  { files: ['core/**/*.ts'], rules: { ...layerRule(['machines', 'src', 'server', 'tests', 'scripts', 'bench'], platformPackages), 'no-restricted-globals': ['error', ...platformGlobals] } },
  { files: ['machines/**/*.ts'], rules: { ...layerRule(['src', 'server', 'tests', 'scripts', 'bench'], platformPackages), 'no-restricted-globals': ['error', ...platformGlobals] } },
  { files: ['src/**/*.{ts,tsx}'], rules: layerRule(['server', 'tests', 'scripts', 'bench']) },
  { files: ['server/**/*.ts'], rules: layerRule(['src', 'machines', 'tests', 'scripts', 'bench']) },
  // The test runners' own configs (playwright*, vitest*) belong to the tests and may name them; the site's do not.
  {
    files: ['scripts/**/*.ts', 'bench/**/*.ts', '*.ts'],
    ignores: ['playwright*.config.ts', 'vitest*.config.ts'],
    rules: layerRule(['tests']),
  },
)
