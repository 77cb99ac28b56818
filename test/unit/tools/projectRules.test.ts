import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { DEFAULT_INSTRUCTION_FILES, instructionFileEntryProblem, loadProjectRules } from '../../../src/tools';
import { resolveInstructionFiles } from '../../../src/tools/projectRules/instructionFiles';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

/** A temporary folder with these files (relative path → content). */
function folder(files: Record<string, string>, name = 'project'): string {
  const base = temp.folder('ptk-rules-');
  const root = path.join(base, name);
  mkdirSync(root, { recursive: true });
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  }
  return root;
}

function workspaceOf(...roots: string[]): NodeWorkspace {
  return new NodeWorkspace({ roots, ripgrepPath: null });
}

describe('project rules: the conventions', () => {
  it('reads AGENTS.md, Copilot, .clinerules (file), .roo/rules and CLAUDE.md, in that order, each between lines naming its path', async () => {
    const root = folder({
      'CLAUDE.md': 'claude rule',
      '.roo/rules/b-second.md': 'roo second',
      '.roo/rules/a-first.txt': 'roo first',
      '.roo/rules/nested/c-third.md': 'roo third',
      '.roo/rules/image.png': 'not a rule',
      '.clinerules': 'cline single-file rule',
      '.github/copilot-instructions.md': 'copilot rule',
      'AGENTS.md': 'agents rule\n',
    });
    const rules = await loadProjectRules(workspaceOf(root));
    assert.deepEqual(
      rules.files.map((file) => file.displayPath),
      ['AGENTS.md', '.github/copilot-instructions.md', '.clinerules', '.roo/rules/a-first.txt', '.roo/rules/b-second.md', '.roo/rules/nested/c-third.md', 'CLAUDE.md'],
    );
    assert.ok(rules.files.every((file) => file.usage === 'whole' && path.isAbsolute(file.path)));
    assert.match(rules.instructions, /^PROJECT RULES:/);
    assert.match(rules.instructions, /--- BEGIN AGENTS\.md ---\nagents rule\n--- END AGENTS\.md ---/);
    assert.match(rules.instructions, /--- BEGIN \.roo\/rules\/nested\/c-third\.md ---\nroo third\n--- END/);
    assert.ok(!rules.instructions.includes('not a rule'), 'only .md and .txt files of a rules folder are read');
    assert.ok(rules.instructions.indexOf('copilot rule') < rules.instructions.indexOf('cline single-file rule'));
    assert.ok(rules.instructions.indexOf('roo third') < rules.instructions.indexOf('claude rule'));
  });

  it('reads a .clinerules folder of .md and .txt files by path', async () => {
    const root = folder({ '.clinerules/02-style.md': 'style rule', '.clinerules/01-core.txt': 'core rule', '.clinerules/notes.json': '{"x":1}' });
    const rules = await loadProjectRules(workspaceOf(root));
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['.clinerules/01-core.txt', '.clinerules/02-style.md']);
    assert.ok(rules.instructions.indexOf('core rule') < rules.instructions.indexOf('style rule'));
  });

  it('gives nothing for a workspace without instruction files, or without a folder', async () => {
    assert.deepEqual(await loadProjectRules(workspaceOf(folder({ 'README.md': 'readme' }))), { instructions: '', files: [], refused: [], skipped: [] });
    assert.deepEqual(await loadProjectRules(workspaceOf()), { instructions: '', files: [], refused: [], skipped: [] });
  });

  it('skips empty files and reads a file linked under two names once', async () => {
    const root = folder({ 'AGENTS.md': 'shared rule', '.github/copilot-instructions.md': '  \n' });
    symlinkSync(path.join(root, 'AGENTS.md'), path.join(root, 'CLAUDE.md'));
    const rules = await loadProjectRules(workspaceOf(root));
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['AGENTS.md']);
    assert.equal(rules.instructions.split('shared rule').length, 2);
  });

  it('names each folder of a multi-root workspace', async () => {
    const first = folder({ 'AGENTS.md': 'first rule' }, 'front');
    const second = folder({ 'CLAUDE.md': 'second rule' }, 'back');
    const rules = await loadProjectRules(workspaceOf(first, second));
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['front/AGENTS.md', 'back/CLAUDE.md']);
  });
});

describe('project rules: the nearest AGENTS.md', () => {
  const tree = {
    'AGENTS.md': 'root rule',
    'packages/app/AGENTS.md': 'app rule',
    'packages/app/src/AGENTS.md': 'app src rule',
    'packages/app/src/index.ts': 'export {};\n',
    'packages/other/AGENTS.md': 'other rule',
    'packages/other/main.ts': '',
  };

  it('adds the AGENTS.md files between the workspace folder and a focus file, nearest last', async () => {
    const root = folder(tree);
    const rules = await loadProjectRules(workspaceOf(root), { focusPaths: ['packages/app/src/index.ts'] });
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['AGENTS.md', 'packages/app/AGENTS.md', 'packages/app/src/AGENTS.md']);
    assert.ok(!rules.instructions.includes('other rule'), 'a sibling folder’s AGENTS.md is not about this file');
    assert.match(rules.instructions, /subfolder .* takes precedence/);
  });

  it('takes absolute focus paths and folders, from several focus paths, each file once', async () => {
    const root = folder(tree);
    const rules = await loadProjectRules(workspaceOf(root), { focusPaths: [path.join(root, 'packages', 'other', 'main.ts'), 'packages/app', 'packages/app/src/index.ts'] });
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['AGENTS.md', 'packages/other/AGENTS.md', 'packages/app/AGENTS.md', 'packages/app/src/AGENTS.md']);
  });

  it('ignores focus paths outside the workspace', async () => {
    const root = folder(tree);
    const elsewhere = folder({ 'sub/AGENTS.md': 'outside rule', 'sub/file.ts': '' }, 'elsewhere');
    const rules = await loadProjectRules(workspaceOf(root), { focusPaths: [path.join(elsewhere, 'sub', 'file.ts'), '../elsewhere/sub/file.ts'] });
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['AGENTS.md']);
  });
});

describe('project rules: files scoped by paths front matter', () => {
  const scoped = {
    'AGENTS.md': 'root rule',
    '.clinerules/always.md': 'always rule',
    '.clinerules/react.md': '---\npaths:\n  - "src/components/**"\n  - "src/hooks/**"\n---\n\n# React\nreact rule\n',
    '.clinerules/python.md': '---\npaths: "**/*.py"\n---\npython rule\n',
    '.clinerules/off.md': '---\npaths: []\n---\nturned off\n',
    '.clinerules/broken.md': '---\npaths: [unclosed\n---\nbroken front matter rule\n',
    'src/components/Button.tsx': '',
  };

  it('a scoped file applies when a task file matches one of its globs, without its front matter', async () => {
    const root = folder(scoped);
    const rules = await loadProjectRules(workspaceOf(root), { focusPaths: ['src/components/Button.tsx'] });
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['AGENTS.md', '.clinerules/always.md', '.clinerules/broken.md', '.clinerules/react.md']);
    assert.match(rules.instructions, /--- BEGIN \.clinerules\/react\.md ---\n\n# React\nreact rule\n--- END/);
    assert.ok(!rules.instructions.includes('paths:\n  - "src/components'), 'the front matter is not sent');
    assert.ok(rules.instructions.includes('paths: [unclosed'), 'front matter that is not YAML is left as written, and the file applies');
    assert.deepEqual(rules.skipped, [
      { displayPath: '.clinerules/off.md', paths: [] },
      { displayPath: '.clinerules/python.md', paths: ['**/*.py'] },
    ]);
  });

  it('a task with no files to match gets only the unscoped files', async () => {
    const root = folder(scoped);
    const rules = await loadProjectRules(workspaceOf(root));
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['AGENTS.md', '.clinerules/always.md', '.clinerules/broken.md']);
    assert.deepEqual(rules.skipped.map((file) => file.displayPath), ['.clinerules/off.md', '.clinerules/python.md', '.clinerules/react.md']);
  });

  it('a focus path outside the workspace matches nothing', async () => {
    const root = folder(scoped);
    const elsewhere = folder({ 'src/components/Other.tsx': '' }, 'elsewhere');
    const rules = await loadProjectRules(workspaceOf(root), { focusPaths: [path.join(elsewhere, 'src', 'components', 'Other.tsx')] });
    assert.ok(!rules.files.some((file) => file.displayPath === '.clinerules/react.md'));
  });
});

describe('project rules: the ptk.instructionFiles setting', () => {
  it('adds files and folders and removes defaults with "!"', async () => {
    const root = folder({
      'AGENTS.md': 'agents rule',
      'CLAUDE.md': 'claude rule',
      'docs/team-rules.md': 'team rule',
      '.cursor/rules/a.md': 'cursor rule',
    });
    const rules = await loadProjectRules(workspaceOf(root), { instructionFiles: ['!CLAUDE.md', 'docs/team-rules.md', './.cursor/rules/'] });
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['AGENTS.md', 'docs/team-rules.md', '.cursor/rules/a.md']);
    assert.ok(!rules.instructions.includes('claude rule'));
  });

  it('"!AGENTS.md" also turns off the nested AGENTS.md files', async () => {
    const root = folder({ 'AGENTS.md': 'root rule', 'sub/AGENTS.md': 'sub rule', 'sub/a.ts': '' });
    const rules = await loadProjectRules(workspaceOf(root), { instructionFiles: ['!AGENTS.md'], focusPaths: ['sub/a.ts'] });
    assert.deepEqual(rules.files, []);
  });

  it('resolves entries in order: defaults, removals, additions, no duplicates', () => {
    assert.deepEqual(resolveInstructionFiles(), [...DEFAULT_INSTRUCTION_FILES]);
    assert.deepEqual(resolveInstructionFiles(['!CLAUDE.md', '!.roo/rules/', 'AGENTS.md', 'x.md', 'x.md', '!nothing']), ['AGENTS.md', '.github/copilot-instructions.md', '.clinerules', 'x.md']);
    assert.deepEqual(resolveInstructionFiles(['extra.md', '!extra.md']), [...DEFAULT_INSTRUCTION_FILES]);
  });

  it('says what is wrong with an entry', () => {
    assert.equal(instructionFileEntryProblem('docs/rules.md'), undefined);
    assert.equal(instructionFileEntryProblem('!CLAUDE.md'), undefined);
    assert.match(instructionFileEntryProblem('') ?? '', /name a file or a folder/);
    assert.match(instructionFileEntryProblem('!') ?? '', /name a file or a folder/);
    assert.match(instructionFileEntryProblem('/etc/rules.md') ?? '', /relative/);
    assert.match(instructionFileEntryProblem('C:\\rules.md') ?? '', /relative/);
    assert.match(instructionFileEntryProblem('~/rules.md') ?? '', /relative/);
    assert.match(instructionFileEntryProblem('../rules.md') ?? '', /inside the workspace/);
    assert.match(instructionFileEntryProblem('rules/*.md') ?? '', /globs/);
  });
});

describe('project rules: the length limits', () => {
  it('cuts a long file to the per-file limit with the truncation marker and says so', async () => {
    const long = `HEAD-OF-FILE\n${'rule line\n'.repeat(5000)}TAIL-OF-FILE\n`;
    const root = folder({ 'AGENTS.md': long });
    const rules = await loadProjectRules(workspaceOf(root));
    const [file] = rules.files;
    assert.equal(file?.usage, 'cut');
    assert.equal(file?.chars, long.length);
    assert.ok(file!.omittedChars > long.length - 16_000);
    assert.match(rules.instructions, /--- BEGIN AGENTS\.md \(cut to 16000 of \d+ characters: \d+ left out in the middle\) ---/);
    assert.match(rules.instructions, /\[… \d+ characters omitted …\]/);
    assert.ok(rules.instructions.includes('HEAD-OF-FILE') && rules.instructions.includes('TAIL-OF-FILE'), 'the head and the tail are kept');
    assert.match(rules.instructions, /16000 characters per file and 32000 in all/);
  });

  it('keeps the total within the limit and names the files left out', async () => {
    const root = folder({ 'AGENTS.md': 'a'.repeat(600), '.clinerules': 'b'.repeat(600), '.roo/rules/r.md': 'r'.repeat(600), 'CLAUDE.md': 'c'.repeat(600) });
    const rules = await loadProjectRules(workspaceOf(root), { limits: { maxFileChars: 1000, maxTotalChars: 1700 } });
    assert.deepEqual(rules.files.map((file) => [file.displayPath, file.usage]), [
      ['AGENTS.md', 'whole'],
      ['.clinerules', 'whole'],
      ['.roo/rules/r.md', 'cut'],
      ['CLAUDE.md', 'leftOut'],
    ]);
    const contents = rules.instructions.replace(/^--- (BEGIN|END) .*$/gm, '').match(/[abr]{10,}[\s\S]*[abr]{10,}/)?.[0].replace(/\n\n+/g, '') ?? '';
    assert.ok(contents.length <= 1700 && contents.length > 1600, `the contents (${contents.length} characters) fill the total of 1700`);
    assert.ok(!/c{10,}/.test(rules.instructions), 'the file left out is not there');
    assert.match(rules.instructions, /Not included for lack of room \(read them with read_file when they matter\): CLAUDE\.md\./);
  });
});

describe('project rules: path safety', () => {
  it('refuses instruction files on the deny list, by default and by setting, without reading them', async () => {
    const root = folder({ '.env': 'SECRET=1', 'AGENTS.md': 'agents rule', 'CLAUDE.md': 'claude rule' });
    const rules = await loadProjectRules(workspaceOf(root), { instructionFiles: ['.env'], toolSettings: { denyPaths: ['**/.env', 'CLAUDE.md'] } });
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['AGENTS.md']);
    assert.ok(!rules.instructions.includes('SECRET') && !rules.instructions.includes('claude rule'));
    assert.deepEqual(rules.refused.map((refusal) => refusal.displayPath).sort(), ['.env', 'CLAUDE.md']);
    assert.match(rules.refused[0]!.reason, /deny list/);
  });

  it('refuses an instruction file or a rules folder that links outside the workspace', async () => {
    const root = folder({ 'CLAUDE.md': 'claude rule' });
    const outside = folder({ 'secret.md': 'OUTSIDE SECRET', 'rules/x.md': 'OUTSIDE FOLDER SECRET' }, 'outside');
    symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'AGENTS.md'));
    symlinkSync(path.join(outside, 'rules'), path.join(root, '.clinerules'));
    const rules = await loadProjectRules(workspaceOf(root));
    assert.deepEqual(rules.files.map((file) => file.displayPath), ['CLAUDE.md']);
    assert.ok(!rules.instructions.includes('OUTSIDE'));
    assert.deepEqual(rules.refused.map((refusal) => refusal.displayPath), ['AGENTS.md', '.clinerules']);
    assert.match(rules.refused[0]!.reason, /outside the workspace/);
  });

  it('refuses a binary or too large instruction file', async () => {
    const root = folder({ 'AGENTS.md': 'x'.repeat(2000), 'CLAUDE.md': 'binary\u0000data' });
    const rules = await loadProjectRules(workspaceOf(root), { toolSettings: { maxFileBytes: 1000 } });
    assert.deepEqual(rules.files, []);
    assert.deepEqual(rules.refused.map((refusal) => refusal.displayPath), ['AGENTS.md', 'CLAUDE.md']);
  });
});

describe('project rules: read again for every task', () => {
  it('a changed, added or removed file applies to the next load', async () => {
    const root = folder({ 'AGENTS.md': 'first version' });
    const workspace = workspaceOf(root);
    assert.match((await loadProjectRules(workspace)).instructions, /first version/);
    writeFileSync(path.join(root, 'AGENTS.md'), 'second version');
    writeFileSync(path.join(root, 'CLAUDE.md'), 'new claude rule');
    const second = await loadProjectRules(workspace);
    assert.match(second.instructions, /second version/);
    assert.ok(!second.instructions.includes('first version'));
    assert.deepEqual(second.files.map((file) => file.displayPath), ['AGENTS.md', 'CLAUDE.md']);
    rmSync(path.join(root, 'AGENTS.md'));
    assert.deepEqual((await loadProjectRules(workspace)).files.map((file) => file.displayPath), ['CLAUDE.md']);
  });

  it('stops when the task is cancelled', async () => {
    const root = folder({ 'AGENTS.md': 'rule' });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(loadProjectRules(workspaceOf(root), { signal: controller.signal }), { code: 'ABORTED' });
  });
});
