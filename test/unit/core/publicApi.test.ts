/**
 * The public surfaces follow docs/api.md exactly, both ways: the names its `names` blocks list
 * (core values and types, the `compat` namespace's values and types, the browser backend's values
 * and types) are the names the entry points export, each as a run-time value or as a type only,
 * and the built core bundle holds exactly the listed run-time names. Each listed name is also
 * described somewhere else in the document. The document is read on every run, so a name added to
 * it (or to an entry point) is checked without touching this test.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..', '..', '..');
const API_DOC = join(ROOT, 'docs', 'api.md');

/** An entry point of esbuild.config.mjs, by its bundle's name (`core` → src/core/index.ts). */
function entryOf(bundle: string): string {
  const config = readFileSync(join(ROOT, 'esbuild.config.mjs'), 'utf8');
  const match = new RegExp(`entryPoints:\\s*\\{\\s*${bundle}:\\s*'([^']+)'`).exec(config);
  assert.ok(match, `esbuild.config.mjs has no \`${bundle}\` entry point`);
  return join(ROOT, match[1]);
}

type Kind = 'value' | 'type';
type Surface = Record<Kind, string[]>;

/** The names of each ```names <list>``` block of a Markdown document, by list. */
function listsOf(markdown: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const match of markdown.matchAll(/^```names ([\w-]+)\n([\s\S]*?)^```/gm)) {
    assert.ok(!lists.has(match[1]), `docs/api.md has two \`names ${match[1]}\` blocks`);
    lists.set(match[1], match[2].split(/\s+/).filter(Boolean).sort());
  }
  return lists;
}

/** The documented surface of one entry (`core`, `compat`, `browser`). */
function documentedSurface(lists: Map<string, string[]>, name: string): Surface {
  const value = lists.get(`${name}-values`);
  const type = lists.get(`${name}-types`);
  assert.ok(value && type, `docs/api.md lacks the \`names ${name}-values\` or \`names ${name}-types\` block`);
  return { value, type };
}

/** The names a module exports, split into run-time values and types only, as the type checker sees them. */
function exportedSurface(program: ts.Program, file: string): Surface {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  assert.ok(module, `${file} is not a module of the program`);
  const surface: Surface = { value: [], type: [] };
  for (const symbol of checker.getExportsOfModule(module)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    // A type-only re-export of a class (`export type { BrowserChatModel }`) is a type at run time.
    const typeOnly = symbol.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration)) ?? false;
    surface[target.flags & ts.SymbolFlags.Value && !typeOnly ? 'value' : 'type'].push(symbol.getName());
  }
  surface.value.sort();
  surface.type.sort();
  return surface;
}

/** The document with its `names` blocks taken out: where each listed name must also be described. */
function prose(markdown: string): string {
  return markdown.replace(/^```names [\w-]+\n[\s\S]*?^```/gm, '');
}

describe('the public surfaces (out/core.js, its compat namespace, out/browser.js) are exactly what docs/api.md lists', () => {
  const coreEntry = entryOf('core');
  const browserEntry = entryOf('browser');
  const compatEntry = join(ROOT, 'src', 'core', 'compat', 'index.ts');
  const markdown = readFileSync(API_DOC, 'utf8');
  const lists = listsOf(markdown);
  let program: ts.Program;
  let bundleDirectory: string;
  let bundle: Record<string, unknown>;

  before(async () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    assert.ok(parsed, 'tsconfig.json could not be read');
    program = ts.createProgram({ rootNames: [coreEntry, compatEntry, browserEntry], options: { ...parsed.options, noEmit: true } });
    bundleDirectory = mkdtempSync(join(tmpdir(), 'ptk-core-api-'));
    const outfile = join(bundleDirectory, 'core.js');
    await esbuild.build({ entryPoints: [coreEntry], outfile, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'silent' });
    bundle = createRequire(outfile)(outfile) as Record<string, unknown>;
  });

  after(() => {
    if (bundleDirectory) rmSync(bundleDirectory, { recursive: true, force: true });
  });

  it('reads the lists from the document (the facades, the errors, the compatibility names, the browser factory)', () => {
    const core = documentedSurface(lists, 'core');
    for (const name of ['PTKManager', 'ToolRunner', 'ExecutionManager', 'defineTool', 'ToolRegistry', 'PTKParser', 'PTKFormatter', 'PTKError', 'ScriptedChatModel', 'compat', 'z']) {
      assert.ok(core.value.includes(name), `${name} is not listed in docs/api.md`);
    }
    assert.ok(core.type.includes('ChatModel') && core.type.includes('ILLMManager'));
    assert.ok(documentedSurface(lists, 'compat').value.includes('ConversationManager'));
    assert.deepEqual(documentedSurface(lists, 'browser').value, ['builtInChatSiteAddresses', 'createBrowserChatModel', 'createIsolatedWebBrowser', 'learnedSites']);
  });

  for (const [name, entry] of [['core', () => coreEntry], ['compat', () => compatEntry], ['browser', () => browserEntry]] as const) {
    it(`${name}: the entry point exports exactly the listed values and types`, () => {
      const exported = exportedSurface(program, entry());
      const documented = documentedSurface(lists, name);
      assert.deepEqual(exported.value, documented.value, `run-time names of ${entry()} differ from the \`names ${name}-values\` block of docs/api.md`);
      assert.deepEqual(exported.type, documented.type, `types of ${entry()} differ from the \`names ${name}-types\` block of docs/api.md`);
    });
  }

  it('core: the built bundle holds exactly the listed run-time names, and compat its own', () => {
    assert.deepEqual(Object.keys(bundle).sort(), documentedSurface(lists, 'core').value);
    assert.deepEqual(Object.keys(bundle.compat as object).sort(), documentedSurface(lists, 'compat').value);
  });

  it('describes every listed name outside the lists too', () => {
    const text = prose(markdown);
    const undescribed = [...lists.values()].flat().filter((name) => !new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text));
    assert.deepEqual([...new Set(undescribed)], [], 'docs/api.md lists names it does not describe');
  });

  it('exports named lists, not whole modules', () => {
    for (const entry of [coreEntry, compatEntry, browserEntry]) {
      assert.doesNotMatch(readFileSync(entry, 'utf8'), /export \* from/, entry);
    }
  });
});
