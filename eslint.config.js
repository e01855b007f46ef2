import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import yadoban from './scripts/eslint/yadoban.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results*', 'playwright-report', 'data', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // One folder per console domain (src/crud/domain.ts); docs/architecture.md "Layout".
    files: ['resources/**/*.{ts,tsx}'],
    plugins: { yadoban },
    rules: { 'yadoban/domain-boundaries': 'error' },
  },
  {
    // Routes call services, services call queries, SQL lives in server/db (docs/architecture.md).
    files: ['server/**/*.ts'],
    plugins: { yadoban },
    rules: { 'yadoban/server-layers': 'error', 'yadoban/sql-in-db': 'error' },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Tests read JSON answers loosely; their assertions check the shape.
    files: ['tests/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
