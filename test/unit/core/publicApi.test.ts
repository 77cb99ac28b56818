/**
 * The public surface of out/core.js follows docs/api.md: every name the document lists (in its
 * code blocks, code spans and tables) that the core defines is exported by the core's entry
 * point, as a type or as a run-time value, and the run-time ones are in the built bundle.
 * The document is read on every run, so a name added to it is checked without touching this test.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');
const CORE = join(ROOT, 'src', 'core');

/** The core bundle's entry point, as esbuild.config.mjs builds out/core.js. */
function coreEntry(): string {
  const config = readFileSync(join(ROOT, 'esbuild.config.mjs'), 'utf8');
  const match = /entryPoints:\s*\{\s*core:\s*'([^']+)'/.exec(config);
  assert.ok(match, 'esbuild.config.mjs has no `core` entry point');
  return join(ROOT, match[1]);
}

/** Every TypeScript file under a folder. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The code written in a Markdown document: fenced blocks and inline code spans (table cells included). */
function codeOf(markdown: string): string[] {
  const fence = /^```[^\n]*\n([\s\S]*?)^```/gm;
  const blocks = [...markdown.matchAll(fence)].map((match) => match[1]);
  const prose = markdown.replace(fence, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
  return [...blocks, ...spans];
}

/**
 * The identifiers of some code, leaving out members (`parser.validate`), parts of paths
 * (`src/core/ports.ts`) and file names (`executeCalls.ts`).
 */
function identifiersOf(code: string): string[] {
  return [...code.matchAll(/(?<![\w$./])[A-Za-z_$][\w$]*(?![\w$]|\.(?:ts|js|mjs|json|md)\b)/g)].map((match) => match[0]);
}

interface CoreExports {
  /** The names the entry point exports, each marked as a run-time value or a type only. */
  entry: Map<string, 'value' | 'type'>;
  /** Every name some module of the core exports. */
  anywhere: Set<string>;
}

function readCoreExports(entryPath: string): CoreExports {
  const files = sourceFiles(CORE);
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  assert.ok(parsed, 'tsconfig.json could not be read');
  const program = ts.createProgram({ rootNames: files, options: { ...parsed.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const exportsOf = (file: string): ts.Symbol[] => {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    return module ? checker.getExportsOfModule(module) : [];
  };
  const entry = new Map<string, 'value' | 'type'>();
  for (const symbol of exportsOf(entryPath)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    entry.set(symbol.getName(), target.flags & ts.SymbolFlags.Value ? 'value' : 'type');
  }
  const anywhere = new Set(files.flatMap((file) => exportsOf(file).map((symbol) => symbol.getName())));
  return { entry, anywhere };
}

describe('the public API (src/core/index.ts → out/core.js) offers every name docs/api.md lists', () => {
  const entryPath = coreEntry();
  const documented = new Set(codeOf(readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8')).flatMap(identifiersOf));
  let core: CoreExports;
  let listed: string[];
  let bundleDirectory: string;
  let bundle: Record<string, unknown>;

  before(async () => {
    core = readCoreExports(entryPath);
    listed = [...documented].filter((name) => core.anywhere.has(name)).sort();
    bundleDirectory = mkdtempSync(join(tmpdir(), 'ptk-core-api-'));
    const outfile = join(bundleDirectory, 'core.js');
    await esbuild.build({ entryPoints: [entryPath], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent' });
    bundle = createRequire(outfile)(outfile) as Record<string, unknown>;
  });

  after(() => {
    if (bundleDirectory) rmSync(bundleDirectory, { recursive: true, force: true });
  });

  it('reads the names from the document (the facades, the tools, the errors, the compatibility names)', () => {
    for (const name of ['PTKManager', 'ToolRunner', 'ExecutionManager', 'defineTool', 'ToolRegistry', 'PTKParser', 'PTKFormatter', 'PTKError', 'ILLMManager', 'ScriptedChatModel', 'InMemoryContextManager', 'toPTKTool', 'RawToolDefinition', 'formatToolCallMessage', 'z']) {
      assert.ok(listed.includes(name), `${name} is not found in docs/api.md`);
    }
    assert.ok(listed.length >= 80, `only ${listed.length} names read from docs/api.md`);
  });

  it('exports each of them from the entry point', () => {
    const missing = listed.filter((name) => !core.entry.has(name));
    assert.deepEqual(missing, [], `docs/api.md lists names ${entryPath} does not export`);
  });

  it('puts each run-time one in the built bundle', () => {
    const values = listed.filter((name) => core.entry.get(name) === 'value');
    assert.ok(values.length >= 60, `only ${values.length} run-time names`);
    const missing = values.filter((name) => bundle[name] === undefined);
    assert.deepEqual(missing, [], 'docs/api.md lists run-time names the bundle lacks');
  });

  it('exports a named list, not whole modules', () => {
    const entrySource = readFileSync(entryPath, 'utf8');
    assert.doesNotMatch(entrySource, /export \* from/);
  });
});
