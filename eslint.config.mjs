// Lint: typescript-eslint's recommended rules, plus the layer rule: each layer of src/
// imports only what its arrows in LAYERS allow (test/unit/lint proves each one fires).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layerImports } from './scripts/eslint/layerImports.mjs';

/** The layers and their arrows (see scripts/eslint/layerImports.mjs for the fields). */
const LAYERS = [
  {
    name: 'core',
    files: ['src/core/'],
    mayImport: ['src/core/'],
    forbidPackages: ['vscode', 'playwright', 'playwright-core'],
    why: 'src/core is the pure engine: no VS Code, no Playwright, nothing from the layers built on it (adapters live in src/host and src/browser)',
  },
  {
    name: 'shared',
    files: ['src/shared/'],
    mayImport: ['src/shared/'],
    packages: ['zod/mini', 'zod/locales'],
    why: 'src/shared is bundled into the webview: it imports only itself and zod/mini (full zod adds about 450 KB to the view)',
  },
  {
    name: 'webview',
    files: ['src/webview/'],
    mayImport: ['src/webview/', 'src/shared/'],
    packages: ['marked', 'dompurify'],
    why: 'the webview runs in the browser and talks to the host only through messages: it imports src/shared and its own files',
  },
  {
    name: 'tools',
    files: ['src/tools/'],
    mayImport: ['src/tools/', 'src/core/'],
    forbidPackages: ['vscode', 'playwright', 'playwright-core'],
    why: 'tools reach the editor only through the Workspace port (src/core/workspace.ts), so they run on every host',
  },
  {
    name: 'browser',
    files: ['src/browser/'],
    mayImport: ['src/browser/', 'src/core/'],
    forbidPackages: ['vscode'],
    why: 'the browser backend is loaded by the CLI too: no VS Code, and nothing of the tools, hosts or UI',
  },
  {
    name: 'host/shared',
    files: ['src/host/shared/'],
    mayImport: ['src/host/shared/', 'src/core/', 'src/tools/'],
    forbidPackages: ['vscode', 'playwright', 'playwright-core'],
    why: 'src/host/shared holds the Node helpers both hosts use (shell commands, ripgrep, the JS search): no VS Code, and nothing of either host',
  },
  {
    name: 'host/node',
    files: ['src/host/node/'],
    mayImport: ['src/host/node/', 'src/host/shared/', 'src/core/', 'src/tools/', 'src/browser/'],
    // Playwright loads only when a command needs the browser (a dynamic import()).
    typesOnly: ['src/browser/'],
    forbidPackages: ['vscode'],
    why: 'src/host/node is the CLI host: it runs outside VS Code and takes what both hosts use from src/host/shared',
  },
  {
    name: 'host/vscode',
    files: ['src/host/vscode/'],
    mayImport: ['src/host/vscode/', 'src/host/shared/', 'src/core/', 'src/tools/', 'src/ui/', 'src/shared/'],
    why: 'the VS Code host borrows nothing from the CLI host (src/host/node): what both hosts use lives in src/host/shared',
  },
  {
    name: 'ui (pure)',
    files: ['src/ui/'],
    mayImport: ['src/ui/', 'src/shared/', 'src/core/', 'src/tools/', 'src/browser/', 'src/host/shared/'],
    // The browser backend is out/browser.js, required on first use (src/ui/browserLoader.ts): activation never loads Playwright.
    typesOnly: ['src/browser/'],
    forbidPackages: ['vscode', 'playwright', 'playwright-core'],
    why: 'src/ui holds the pure controllers, tested in plain Node: the VS Code views and commands that drive them live in src/host/vscode, which imports them, never the other way',
  },
  {
    name: 'composition root',
    files: ['src/extension.ts'],
    why: 'the extension entry wires every layer together',
  },
];

// The scanners' character codes are copied into module constants (see charCodes.ts): a named
// import is a getter call per read in the CommonJS the tests and benchmarks run, ~4× slower.
const CHAR_CODES_AS_CONSTANTS = {
  selector: "ImportDeclaration[source.value=/(^|\\/)charCodes$/] > ImportSpecifier",
  message: 'Import charCodes as a namespace and copy the codes into module constants: const { CHAR_X } = charCodes.',
};

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
    files: ['src/**/*.ts'],
    plugins: { ptk: { rules: { 'layer-imports': layerImports } } },
    rules: { 'ptk/layer-imports': ['error', LAYERS] },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', CHAR_CODES_AS_CONSTANTS] },
  },
  {
    // The engine, its tools and the UI controllers throw the product's errors, each with its code
    // and its fault class (src/core/errors.ts), never a bare Error a caller cannot classify.
    files: ['src/core/**/*.ts', 'src/tools/**/*.ts', 'src/ui/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        CHAR_CODES_AS_CONSTANTS,
        { selector: "ThrowStatement > NewExpression[callee.name='Error']", message: 'Throw an error of src/core/errors.ts (ConfigurationError, …) with its code, not a bare Error.' },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'scripts/**', 'bench/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', __dirname: 'readonly' } },
  },
);
