/**
 * Scenarios of the workspace tools that any Workspace implementation must pass. The Node
 * host runs them in tools.node.test.ts; the VS Code host can run the same list inside a real
 * extension host: create the fixture tree with `writeScenarioTree(root)`, open `root` as the
 * workspace folder, build a Workspace for it, and call `runWorkspaceScenarios`.
 *
 * Scenarios never need a human: writes use the autoApprove setting and commands the
 * allowedCommands setting.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { PTKErrorCode, isPTKError } from '../../../src/core/errors';
import type { PTKTool } from '../../../src/core/types';
import type { Workspace } from '../../../src/core/workspace';
import { createWorkspaceTools } from '../../../src/tools';
import type { ToolSettingsInput } from '../../../src/tools/settings';

/** Lines of long.txt (more than one read page). */
export const LONG_FILE_LINES = 2500;
/** Files under many/ (more than the list cap). */
export const MANY_FILES = 230;

/** Writes the fixture tree every scenario expects under `root`. */
export function writeScenarioTree(root: string): void {
  const put = (relativePath: string, content: string | Uint8Array) => {
    const full = path.join(root, relativePath);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  };
  put('src/alpha.ts', 'export const alpha = 1;\nexport function beta(): number {\n    return alpha + 1;\n}\n');
  put('src/nested/gamma.ts', "import { alpha } from '../alpha';\nexport const gamma = alpha * 2; // needle-gamma\n");
  put('src/dupe.ts', 'const same = 1;\nconst same = 1;\n');
  put('src/crlf.ts', 'first line\r\nsecond line\r\n');
  put('README.md', '# Fixture\nThe needle-readme is here.\n');
  put('long.txt', Array.from({ length: LONG_FILE_LINES }, (_, index) => `line ${index + 1}`).join('\n') + '\n');
  put('image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
  put('.gitignore', 'dist/\n*.log\n');
  put('dist/bundle.js', 'const needleIgnored = 1;\n');
  put('debug.log', 'needle-in-log\n');
  put('.env', 'SECRET_TOKEN=needle-secret\n');
  put('node_modules/pkg/index.js', 'module.exports = "needle-module";\n');
  for (let index = 0; index < MANY_FILES; index++) put(`many/file-${String(index).padStart(3, '0')}.txt`, `file ${index}\n`);
}

/** What a scenario gets. */
export interface ScenarioFixture {
  /** The workspace folder (absolute), holding writeScenarioTree's files. */
  root: string;
  workspace: Workspace;
}

/** Calls a tool as the engine would: arguments validated by its zod schema, then the handler. */
export async function callTool(tools: readonly PTKTool[], name: string, args: Record<string, unknown>, signal: AbortSignal = new AbortController().signal): Promise<any> {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  const parsed = tool.inputSchema ? tool.inputSchema.parse(args) : args;
  return tool.handler(parsed, { signal, toolCallId: 'call_test', iteration: 1 });
}

/** Asserts the promise rejects with a PTKError of `code` whose message matches `message`. */
export async function rejectsWithCode(promise: Promise<unknown>, code: PTKErrorCode, message?: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(isPTKError(error), `expected a PTKError, got ${String(error)}`);
    assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
    if (message) assert.match(error.message, message);
    return true;
  });
}

const SCENARIO_COMMAND_CWD = 'node -e "console.log(process.cwd())"';
const SCENARIO_COMMAND_FAILING = 'node -e "console.error(\'bad\'); process.exit(3)"';
const HANDS_FREE: ToolSettingsInput = { autoApprove: { write_file: true, edit_file: true }, allowedCommands: [SCENARIO_COMMAND_CWD, SCENARIO_COMMAND_FAILING] };

function toolsFor(fixture: ScenarioFixture, settings: ToolSettingsInput = {}): PTKTool[] {
  return createWorkspaceTools(fixture.workspace, { ...HANDS_FREE, ...settings });
}

function fileText(fixture: ScenarioFixture, relativePath: string): string {
  return readFileSync(path.join(fixture.root, relativePath), 'utf8');
}

/** One scenario. */
export interface WorkspaceScenario {
  name: string;
  run(fixture: ScenarioFixture): Promise<void>;
}

export const workspaceScenarios: WorkspaceScenario[] = [
  {
    name: 'read_file returns numbered lines of the whole small file',
    async run(fixture) {
      const result = await callTool(toolsFor(fixture), 'read_file', { path: 'src/alpha.ts' });
      assert.equal(result.path, 'src/alpha.ts');
      assert.equal(result.totalLines, 4);
      assert.equal(result.content.split('\n')[0], '1 | export const alpha = 1;');
      assert.equal(result.note, undefined);
    },
  },
  {
    name: 'read_file pages a long file and says how to read on',
    async run(fixture) {
      const tools = toolsFor(fixture, { readPageLines: 1000 });
      const first = await callTool(tools, 'read_file', { path: 'long.txt' });
      assert.equal(first.endLine, 1000);
      assert.match(first.note, /startLine 1001/);
      const last = await callTool(tools, 'read_file', { path: 'long.txt', startLine: 2001 });
      assert.equal(last.endLine, LONG_FILE_LINES);
      assert.match(last.content, /^2001 \| line 2001/);
      assert.equal(last.note, undefined);
      const range = await callTool(tools, 'read_file', { path: 'long.txt', startLine: 10, endLine: 12 });
      assert.deepEqual(range.content.split('\n'), ['10 | line 10', '11 | line 11', '12 | line 12']);
    },
  },
  {
    name: 'read_file keeps a page within resultFieldMaxChars and says where to read on',
    async run(fixture) {
      const page = await callTool(toolsFor(fixture, { resultFieldMaxChars: 500 }), 'read_file', { path: 'long.txt', startLine: 100 });
      assert.ok(page.content.length <= 500);
      assert.ok(page.endLine > 100 && page.endLine < 200);
      assert.match(page.note, new RegExp(`startLine ${page.endLine + 1}`));
      assert.match(page.content.split('\n').at(-1), new RegExp(`^ *${page.endLine} \\| line ${page.endLine}$`));
    },
  },
  {
    name: 'read_file refuses binary, too large, missing, directory, past-the-end',
    async run(fixture) {
      const tools = toolsFor(fixture, { maxFileBytes: 1000 });
      await rejectsWithCode(callTool(tools, 'read_file', { path: 'image.png' }), PTKErrorCode.BINARY_FILE, /binary/);
      await rejectsWithCode(callTool(tools, 'read_file', { path: 'long.txt' }), PTKErrorCode.FILE_TOO_LARGE, /limit/);
      await rejectsWithCode(callTool(tools, 'read_file', { path: 'src/missing.ts' }), PTKErrorCode.FILE_NOT_FOUND, /list_files|search_code/);
      await rejectsWithCode(callTool(tools, 'read_file', { path: 'src' }), PTKErrorCode.NOT_A_FILE, /directory/);
      await rejectsWithCode(callTool(tools, 'read_file', { path: 'src/alpha.ts', startLine: 99 }), PTKErrorCode.INVALID_TOOL_CALL, /past the end/);
    },
  },
  {
    name: 'write_file creates parent folders and replaces files',
    async run(fixture) {
      const tools = toolsFor(fixture);
      const created = await callTool(tools, 'write_file', { path: 'out/deep/new.txt', content: 'hello\nworld\n' });
      assert.equal(created.created, true);
      assert.equal(fileText(fixture, 'out/deep/new.txt'), 'hello\nworld\n');
      const replaced = await callTool(tools, 'write_file', { path: 'out/deep/new.txt', content: 'bye\n' });
      assert.equal(replaced.created, false);
      assert.equal(fileText(fixture, 'out/deep/new.txt'), 'bye\n');
    },
  },
  {
    name: 'edit_file: exact, whitespace-tolerant, no match, ambiguous (file untouched on failure)',
    async run(fixture) {
      const tools = toolsFor(fixture);
      await callTool(tools, 'write_file', { path: 'edit/target.ts', content: 'function f() {\n    return 1;\n}\n' });
      const exact = await callTool(tools, 'edit_file', { path: 'edit/target.ts', edits: [{ search: 'return 1;', replace: 'return 2;' }] });
      assert.deepEqual(exact.matches, ['exact']);
      assert.equal(fileText(fixture, 'edit/target.ts'), 'function f() {\n    return 2;\n}\n');
      const loose = await callTool(tools, 'edit_file', { path: 'edit/target.ts', edits: [{ search: 'function f() {\n  return 2;\n}', replace: 'function f() {\n  return 3;\n}' }] });
      assert.deepEqual(loose.matches, ['whitespace']);
      assert.equal(fileText(fixture, 'edit/target.ts'), 'function f() {\n  return 3;\n}\n');
      const before = fileText(fixture, 'edit/target.ts');
      await rejectsWithCode(callTool(tools, 'edit_file', { path: 'edit/target.ts', edits: [{ search: 'return 3;', replace: 'return 4;' }, { search: 'nowhere', replace: '' }] }), PTKErrorCode.EDIT_NO_MATCH, /Edit 2 of 2/);
      assert.equal(fileText(fixture, 'edit/target.ts'), before);
      await rejectsWithCode(callTool(tools, 'edit_file', { path: 'src/dupe.ts', edits: [{ search: 'const same = 1;', replace: '' }] }), PTKErrorCode.EDIT_AMBIGUOUS, /2 times/);
      assert.equal(fileText(fixture, 'src/dupe.ts'), 'const same = 1;\nconst same = 1;\n');
      await rejectsWithCode(callTool(tools, 'edit_file', { path: 'edit/none.ts', edits: [{ search: 'a', replace: 'b' }] }), PTKErrorCode.FILE_NOT_FOUND);
    },
  },
  {
    name: 'edit_file keeps CRLF line endings',
    async run(fixture) {
      await callTool(toolsFor(fixture), 'edit_file', { path: 'src/crlf.ts', edits: [{ search: 'first line\nsecond line', replace: 'one\ntwo' }] });
      assert.equal(fileText(fixture, 'src/crlf.ts'), 'one\r\ntwo\r\n');
    },
  },
  {
    name: 'list_files honours .gitignore, excludes and the deny list, and caps with a count',
    async run(fixture) {
      const tools = toolsFor(fixture, { listMaxEntries: 200 });
      const all = await callTool(tools, 'list_files', { directory: '.' });
      assert.equal(all.files.length, 200);
      assert.ok(all.omitted > 0, 'the count of left-out files is given');
      assert.match(all.note, /more files not shown/);
      const source = await callTool(tools, 'list_files', { directory: 'src', pattern: '**/*.ts' });
      assert.deepEqual([...source.files].sort(), ['src/alpha.ts', 'src/crlf.ts', 'src/dupe.ts', 'src/nested/gamma.ts']);
      const top = await callTool(tools, 'list_files', { directory: '.', pattern: '*.{md,log,js}' });
      assert.deepEqual(top.files, ['README.md'], 'ignored (debug.log, dist/, node_modules/) files are not listed');
      const hidden = await callTool(tools, 'list_files', { directory: '.', pattern: '.env*' });
      assert.deepEqual(hidden.files, []);
      await rejectsWithCode(callTool(tools, 'list_files', { directory: 'README.md' }), PTKErrorCode.NOT_A_DIRECTORY);
    },
  },
  {
    name: 'search_code finds matches with file:line:column, skips ignored and denied files',
    async run(fixture) {
      const tools = toolsFor(fixture);
      const result = await callTool(tools, 'search_code', { query: 'needle' });
      assert.deepEqual([...result.matches].sort(), ['README.md:2:5: The needle-readme is here.', 'src/nested/gamma.ts:2:36: export const gamma = alpha * 2; // needle-gamma']);
      const regex = await callTool(tools, 'search_code', { query: 'needle-(gamma|readme)', options: { regex: true, include: 'src/**' } });
      assert.deepEqual(regex.matches, ['src/nested/gamma.ts:2:36: export const gamma = alpha * 2; // needle-gamma']);
      const cased = await callTool(tools, 'search_code', { query: 'NEEDLE', options: { caseSensitive: true } });
      assert.equal(cased.count, 0);
      const capped = await callTool(tools, 'search_code', { query: 'file', options: { maxResults: 5, path: 'many' } });
      assert.equal(capped.count, 5);
      assert.equal(capped.truncated, true);
      await rejectsWithCode(callTool(tools, 'search_code', { query: '(unclosed', options: { regex: true } }), PTKErrorCode.INVALID_SEARCH_PATTERN);
    },
  },
  {
    name: 'run_command runs allow-listed commands in the workspace and returns exit code and output',
    async run(fixture) {
      const tools = toolsFor(fixture);
      const ok = await callTool(tools, 'run_command', { command: SCENARIO_COMMAND_CWD, cwd: 'src' });
      assert.equal(ok.exitCode, 0);
      assert.equal(path.basename(ok.stdout.trim()), 'src');
      const failing = await callTool(tools, 'run_command', { command: SCENARIO_COMMAND_FAILING });
      assert.equal(failing.exitCode, 3);
      assert.match(failing.stderr, /bad/);
      assert.match(failing.note, /exit code 3/);
    },
  },
  {
    name: 'writes never land in denied paths or outside the workspace',
    async run(fixture) {
      const tools = toolsFor(fixture);
      await rejectsWithCode(callTool(tools, 'write_file', { path: '.env', content: 'x' }), PTKErrorCode.PATH_DENIED);
      await rejectsWithCode(callTool(tools, 'write_file', { path: 'node_modules/pkg/index.js', content: 'x' }), PTKErrorCode.PATH_DENIED, /written/);
      await rejectsWithCode(callTool(tools, 'write_file', { path: '../escape.txt', content: 'x' }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
      assert.equal(existsSync(path.join(fixture.root, '..', 'escape.txt')), false);
      assert.equal(fileText(fixture, '.env'), 'SECRET_TOKEN=needle-secret\n');
    },
  },
];

/** Runs every scenario against a fresh fixture from `createFixture` (called once per scenario). */
export async function runWorkspaceScenarios(createFixture: () => Promise<ScenarioFixture>, scenarios: readonly WorkspaceScenario[] = workspaceScenarios): Promise<void> {
  for (const scenario of scenarios) {
    const fixture = await createFixture();
    try {
      await scenario.run(fixture);
    } catch (error) {
      throw new Error(`Scenario "${scenario.name}" failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
