// Builds every bundle the product ships. Usage: node esbuild.config.mjs [--watch]
//  out/core.js       the pure PTK engine (CommonJS library, no vscode/playwright)
//  out/browser.js    the Playwright chat-tab backend (CommonJS library; playwright-core external)
//  out/cli.js        the headless Node CLI
//  out/extension.js  the VS Code extension (vscode external; playwright-core loaded lazily)
//  out/webview.js    the chat panel front-end (browser)
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const node = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
};

const builds = [
  { ...node, entryPoints: { core: 'src/core/index.ts' }, outdir: 'out' },
  { ...node, entryPoints: { browser: 'src/browser/index.ts' }, outdir: 'out', external: ['playwright-core'] },
  { ...node, entryPoints: { cli: 'src/host/node/cli.ts' }, outdir: 'out', external: ['playwright-core'] },
  { ...node, entryPoints: { extension: 'src/extension.ts' }, outdir: 'out', external: ['vscode', 'playwright-core'] },
  {
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: !production,
    minify: production,
    logLevel: 'info',
    entryPoints: { webview: 'src/webview/main.ts' },
    outdir: 'out',
  },
].filter((build) => Object.values(build.entryPoints).every((entry) => existsSync(entry)));

if (watch) {
  for (const build of builds) (await esbuild.context(build)).watch();
} else {
  await Promise.all(builds.map((build) => esbuild.build(build)));
}
