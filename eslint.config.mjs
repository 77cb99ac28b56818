// Lint: typescript-eslint's recommended rules, plus the layering rule that keeps
// src/core pure (no VS Code, no Playwright), as house-style asks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const forbiddenInCore = ['vscode', 'playwright', 'playwright-core'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', '.tools/**', 'test-artifacts/**', 'media/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: forbiddenInCore.map((name) => ({ name, message: 'src/core must stay pure: no vscode or playwright imports (adapters live in src/host and src/browser).' })),
        patterns: [{ group: ['playwright-core/*', 'playwright/*'], message: 'src/core must stay pure.' }],
      }],
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.name='require'][arguments.0.value=/^(vscode|playwright|playwright-core)$/]",
        message: 'src/core must stay pure: no vscode or playwright requires.',
      }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', __dirname: 'readonly' } },
  },
);
