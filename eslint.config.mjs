// The lint gate of `npm test` (scripts/test.sh runs `pnpm lint` first): ESLint's and typescript-eslint's
// recommended rules, React's rules of hooks, no warnings allowed. Formatting is not checked here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/coverage/', '**/storybook-static/', '**/.mf/', '**/@mf-types/', 'tmp/', '.data*/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a value left unused on purpose (a property split off with ...rest, a callback's
      // unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Control characters are the separators of the server's row texts (NUL, unit separator), the characters an
      // xlsx or csv export must drop, and the terminal's escape codes: patterns name them on purpose.
      'no-control-regex': 'off',
      // 'l' is V8's linear-time engine (--enable-experimental-regexp-engine), the regex search's safety net.
      'no-invalid-regexp': ['error', { allowConstructorFlags: ['l'] }],
    },
  },
  {
    // React code: every package but the server, the API contract and the end-to-end tests (whose useBrowser
    // and useWorkDir are jest helpers, not React hooks).
    files: ['**/*.{ts,tsx}'],
    ignores: ['packages/server/**', 'packages/contract/**', 'packages/e2e/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Kysely's own advice for migrations: a migration sees the schema of its time, not today's typed one.
    files: ['packages/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain JavaScript is CommonJS run by Node: configs, bin scripts and the server's worker threads.
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
