import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contributedSettings } from '../../manifestSettings';
import { describe, it } from 'node:test';
import { addedList, countedBecauseTrusted, IgnoredSettingsNotice, ignoredInSettingsFile, ignoredInSettingsText, notRemovedSetting, SETTING_POLICIES, settingsSetInFile, whereFromSentence, type SettingSource } from '../../../../src/host/vscode/settingPolicy';

const ROOT = join(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const contributed = contributedSettings();
const restricted: string[] = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations ?? [];

const keysFrom = (from: SettingSource) => Object.entries(SETTING_POLICIES).filter(([, policy]) => policy.from === from).map(([key]) => key);

describe('the setting policy table', () => {
  it('decides every contributed ptk.* setting', () => {
    for (const key of Object.keys(contributed)) assert.ok(SETTING_POLICIES[key], `${key} has a policy`);
  });

  it('holds the settings a repository must never set, and those ignored in untrusted folders', () => {
    // Approvals, programs PTK launches, and where the chats (so the workspace's files) go.
    for (const key of ['ptk.tools.autoApprove', 'ptk.tools.allowedCommands', 'ptk.externalTools', 'ptk.browserPath', 'ptk.cdpUrl', 'ptk.profileDir', 'ptk.tools.protectedFiles', 'ptk.site', 'ptk.siteUrl', 'ptk.customSite', 'ptk.siteOverrides', 'ptk.sites', 'ptk.consultSites', 'ptk.tools.browserHosts']) assert.equal(SETTING_POLICIES[key]?.from, 'user', key);
    for (const key of ['ptk.tools.runTestsCommand', 'ptk.instructionFiles']) assert.equal(SETTING_POLICIES[key]?.from, 'trusted', key);
    for (const key of ['ptk.tools.denyPaths', 'ptk.tools.denyWritePaths']) assert.equal(SETTING_POLICIES[key]?.from, 'adds', key);
  });

  it('package.json: each restricted setting\'s description ends with the one sentence saying where it may come from', () => {
    const sentences = ['User settings only.', "Not from an untrusted folder's settings.", "A workspace's settings can add paths, not remove any."];
    for (const [key, setting] of Object.entries(contributed)) {
      const text = setting.markdownDescription ?? setting.description ?? '';
      const sentence = whereFromSentence(key);
      if (sentence) assert.ok(text.endsWith(` ${sentence}`), `${key} ends with "${sentence}": ${text.slice(-80)}`);
      for (const other of sentences) if (other !== sentence) assert.ok(!text.includes(other), `${key} does not say "${other}"`);
    }
  });

  it('package.json: user-only settings are application-scoped, the others are not', () => {
    for (const [key, setting] of Object.entries(contributed)) {
      assert.equal(setting.scope === 'application', SETTING_POLICIES[key]?.from === 'user', `${key} scope ${setting.scope ?? '(window)'}`);
    }
  });

  it('package.json: restrictedConfigurations lists exactly the settings ignored in untrusted folders', () => {
    assert.deepEqual([...restricted].sort(), keysFrom('trusted').filter((key) => key in contributed).sort());
  });

  it('docs/tools.md lists every setting with its scope; the README marks the restricted ones', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'tools.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## What a repository can and cannot change'));
    assert.ok(section.length > 100, 'the section exists');
    const label: Record<SettingSource, string> = { user: 'user only', trusted: 'ignored in untrusted folders', adds: 'workspace adds only', any: 'any' };
    for (const [key, policy] of Object.entries(SETTING_POLICIES)) assert.ok(section.includes(`| \`${key}\` | ${label[policy.from]} |`), `docs/tools.md row of ${key}`);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const line of readme.split('\n')) {
      const key = /^\| `(ptk\.[\w.]+)` \|/.exec(line)?.[1];
      if (!key) continue;
      const from = SETTING_POLICIES[key]?.from ?? 'any';
      assert.equal(line.includes('**User settings only.**'), from === 'user', `README row of ${key}`);
      assert.equal(line.includes("**Not from an untrusted folder's settings.**"), from === 'trusted', `README row of ${key}`);
      assert.equal(line.includes("**A workspace's settings can add paths, not remove any.**"), from === 'adds', `README row of ${key}`);
    }
  });
});

describe('ignoredInSettingsFile', () => {
  const repository = { 'ptk.tools.allowedCommands': ['sh x.sh'], 'ptk.siteUrl': 'https://evil.example', 'ptk.instructionFiles': ['x.md'], 'ptk.tools.listMaxEntries': 5, 'editor.fontSize': 20 };

  it('names the user-only settings in a trusted folder, and the restricted ones too in an untrusted folder', () => {
    assert.deepEqual(ignoredInSettingsFile(repository, true).map((setting) => setting.key), ['ptk.tools.allowedCommands', 'ptk.siteUrl']);
    assert.deepEqual(ignoredInSettingsFile(repository, false).map((setting) => setting.key), ['ptk.tools.allowedCommands', 'ptk.siteUrl', 'ptk.instructionFiles']);
  });

  it('sees the nested spelling and ignores null values', () => {
    const nested = { ptk: { browserPath: '/repo/b.sh', tools: { autoApprove: { write_file: true }, denyPaths: null } }, 'ptk.tools': { runTestsCommand: 'x' } };
    assert.deepEqual(ignoredInSettingsFile(nested, false).map((setting) => setting.key), ['ptk.browserPath', 'ptk.tools.autoApprove', 'ptk.tools.runTestsCommand']);
  });

  it('reads JSON with comments and trailing commas, a .code-workspace file\'s settings, and nothing from garbage', () => {
    const text = '{\n  // shared with the team\n  "ptk.cdpUrl": "http://127.0.0.1:9222", /* attach */\n  "ptk.tools.denyPaths": [],\n}\n';
    assert.deepEqual(ignoredInSettingsText(text, false).map((setting) => setting.key), ['ptk.cdpUrl'], 'a deny list is added to, never ignored whole');
    const workspaceFile = JSON.stringify({ folders: [{ path: '.' }], settings: { 'ptk.profileDir': '/repo/profile' } });
    assert.deepEqual(ignoredInSettingsText(workspaceFile, true, { settingsProperty: true }).map((setting) => setting.key), ['ptk.profileDir']);
    assert.deepEqual(ignoredInSettingsText('}}{{', false), []);
  });
});

describe('IgnoredSettingsNotice', () => {
  it('logs each setting once with why, and notifies once per report naming every new setting', () => {
    const lines: string[] = [];
    const notes: string[] = [];
    const notice = new IgnoredSettingsNotice({ log: (line) => lines.push(line), notify: (message) => notes.push(message) });
    const first = ignoredInSettingsFile({ 'ptk.tools.allowedCommands': ['x'], 'ptk.instructionFiles': ['x.md'] }, false);
    assert.equal(notice.report(first).length, 2);
    assert.equal(notice.report(first).length, 0, 'the same settings again: nothing new');
    notice.report(ignoredInSettingsFile({ 'ptk.browserPath': '/b' }, true));
    assert.equal(lines.length, 3);
    assert.match(lines[0]!, /ptk\.tools\.allowedCommands: only your user settings may set it: it lets commands run without asking/);
    assert.match(lines[1]!, /ptk\.instructionFiles: this folder is not trusted.*Trust the folder, or set it in your user settings, if you want it/);
    assert.equal(notes.length, 2);
    assert.match(notes[0]!, /ignored settings of this workspace: ptk\.tools\.allowedCommands, ptk\.instructionFiles\./);
    assert.match(notes[1]!, /ignored a setting of this workspace: ptk\.browserPath\./);
  });
});

describe('a deny list a workspace may only add to', () => {
  it('keeps every base entry, adds the workspace\'s new strings once, and names what a workspace list left out', () => {
    assert.deepEqual(addedList(['**/.env', '**/.git'], [[]]), { value: ['**/.env', '**/.git'], kept: ['**/.env', '**/.git'] });
    assert.deepEqual(addedList(['**/.env'], [['**/.env', 'secrets/**'], ['secrets/**', 'x/**', 3]]), { value: ['**/.env', 'secrets/**', 'x/**'], kept: ['**/.env'] });
    assert.deepEqual(addedList(['**/.env'], ['not a list']), { value: ['**/.env'], kept: [] });
  });

  it('the notice says what was not taken: a workspace can add paths, not remove them', () => {
    const lines: string[] = [];
    const notes: string[] = [];
    const notice = new IgnoredSettingsNotice({ log: (line) => lines.push(line), notify: (message) => notes.push(message) });
    assert.equal(notRemovedSetting('ptk.tools.denyPaths', []), undefined);
    notice.report([notRemovedSetting('ptk.tools.denyPaths', ['**/.env'])!, ...ignoredInSettingsFile({ 'ptk.browserPath': '/b' }, true)]);
    assert.match(lines[0]!, /Kept what the workspace's setting ptk\.tools\.denyPaths leaves out: a workspace can add paths, not remove them \(kept: \*\*\/\.env\)/);
    assert.equal(notes.length, 1);
    assert.match(notes[0]!, /ignored a setting of this workspace: ptk\.browserPath\./);
    assert.match(notes[0]!, /This workspace's settings try to remove paths from PTK's deny list \(ptk\.tools\.denyPaths\); a workspace can only add paths, so \*\*\/\.env stays denied\./);
    assert.doesNotMatch(notes[0]!, /\([^()]*\(/, 'no brackets inside brackets');
    assert.doesNotMatch(notes[0]!.split(". This workspace's settings try")[0]!, /denyPaths/, 'the deny list is not among the settings ignored whole');
  });
});

describe('a trusted folder that sets a trust-only setting is not silent', () => {
  const repository = { 'ptk.tools.runTestsCommand': 'sh evil.sh', ptk: { tools: { denyPaths: [], listMaxEntries: 5, autoApprove: { write_file: true } } } };

  it('names the trust-only settings a trusted workspace sets, and nothing while it is untrusted (they are ignored then)', () => {
    const keys = settingsSetInFile(repository);
    assert.deepEqual(countedBecauseTrusted(keys, true), ['ptk.tools.runTestsCommand'], 'the deny list only adds, so it is not "in effect" in a way to warn of');
    assert.deepEqual(countedBecauseTrusted(keys, false), []);
  });

  it('logs each once with what it does and notifies once, apart from the ignored ones', () => {
    const lines: string[] = [];
    const notes: string[] = [];
    const notice = new IgnoredSettingsNotice({ log: (line) => lines.push(line), notify: (message) => notes.push(message) });
    const keys = settingsSetInFile(repository);
    notice.report(ignoredInSettingsFile(repository, true));
    assert.deepEqual(notice.reportCounted(countedBecauseTrusted(keys, true)), ['ptk.tools.runTestsCommand']);
    assert.deepEqual(notice.reportCounted(countedBecauseTrusted(keys, true)), [], 'told once');
    assert.equal(lines.length, 2);
    assert.match(lines[1]!, /ptk\.tools\.runTestsCommand is in effect because this folder is trusted: it names the command run_tests runs/);
    assert.equal(notes.length, 2);
    assert.match(notes[1]!, /This workspace's settings set ptk\.tools\.runTestsCommand\. It is in effect because you trust this folder, and can change what PTK runs or reads\. The PTK log says what each does\./);
  });
});
