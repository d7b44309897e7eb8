import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
        { selector: "CallExpression[callee.name='alert']", message: 'Use a toast (role="status"), never window.alert.' },
      ],
    },
  },
  {
    // Views render machine state; timers belong in machines as named delays (DESIGN §2).
    files: ['src/components/**/*.tsx', 'src/routes/**/*.tsx'],
    rules: {
      'no-restricted-globals': ['error', { name: 'setTimeout', message: 'Use a named delay in a machine.' }],
    },
  },
)
