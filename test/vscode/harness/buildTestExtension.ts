/**
 * Builds the TEST BUILD of the extension into an extensions dir, the way VS Code finds
 * installed extensions (`<extensions-dir>/<publisher>.<name>-<version>/`): the real
 * src/extension.ts bundled with __PTK_TEST_BUILD__ defined (which turns the test hook on), the
 * real package.json (activation on startup added), and the in-VS-Code suite bundled separately.
 */
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { REPOSITORY_ROOT } from './paths';

/** Where the build went. */
export interface TestExtensionBuild {
  /** The extension's folder inside the extensions dir. */
  extensionDir: string;
  /** The compiled suite the extension runs (PTK_TEST_SUITE). */
  suitePath: string;
  /** "publisher.name". */
  extensionId: string;
}

const NODE_BUNDLE = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', sourcemap: 'inline', logLevel: 'error' } as const;

/** Options of buildTestExtension. */
interface BuildOptions {
  /** Also bundle the chat view (out/webview.js) and the browser backend (out/browser.js, playwright-core linked). */
  withUi?: boolean;
}

/** Bundles the extension and the suite into `extensionsDir`. */
export async function buildTestExtension(extensionsDir: string, suiteEntry: string, options: BuildOptions = {}): Promise<TestExtensionBuild> {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as Record<string, any>;
  const extensionId = `${manifest.publisher}.${manifest.name}`;
  const extensionDir = join(extensionsDir, `${extensionId}-${manifest.version}`);
  mkdirSync(join(extensionDir, 'out'), { recursive: true });
  // Activate at startup so the suite runs without a command; allow Restricted Mode (tools are limited there).
  const testManifest = {
    ...manifest,
    activationEvents: [...new Set([...(manifest.activationEvents ?? []), 'onStartupFinished'])],
    capabilities: { ...manifest.capabilities, untrustedWorkspaces: manifest.capabilities?.untrustedWorkspaces ?? { supported: 'limited', description: 'Tools that write files or run commands are disabled in Restricted Mode.' } },
  };
  writeFileSync(join(extensionDir, 'package.json'), JSON.stringify(testManifest, null, 2));
  for (const optional of ['media', 'LICENSE', 'README.md']) {
    try {
      cpSync(join(REPOSITORY_ROOT, optional), join(extensionDir, optional), { recursive: true });
    } catch {
      // Not every checkout has every optional file.
    }
  }
  await esbuild.build({
    ...NODE_BUNDLE,
    entryPoints: [join(REPOSITORY_ROOT, 'src', 'extension.ts')],
    outfile: join(extensionDir, 'out', 'extension.js'),
    external: ['vscode', 'playwright-core'],
    define: { __PTK_TEST_BUILD__: 'true' },
  });
  const suitePath = join(extensionDir, 'out', 'test-suite.js');
  await esbuild.build({ ...NODE_BUNDLE, entryPoints: [suiteEntry], outfile: suitePath, external: ['vscode', 'playwright-core'] });
  if (options.withUi) {
    const common = { bundle: true, logLevel: 'error', target: 'es2022' } as const;
    await esbuild.build({ ...common, platform: 'browser', format: 'iife', entryPoints: [join(REPOSITORY_ROOT, 'src', 'webview', 'main.ts')], outfile: join(extensionDir, 'out', 'webview.js') });
    await esbuild.build({ ...common, platform: 'node', format: 'cjs', target: 'node20', entryPoints: [join(REPOSITORY_ROOT, 'src', 'browser', 'index.ts')], outfile: join(extensionDir, 'out', 'browser.js'), external: ['playwright-core'] });
    mkdirSync(join(extensionDir, 'node_modules'), { recursive: true });
    symlinkSync(join(REPOSITORY_ROOT, 'node_modules', 'playwright-core'), join(extensionDir, 'node_modules', 'playwright-core'));
  }
  return { extensionDir, suitePath, extensionId };
}
