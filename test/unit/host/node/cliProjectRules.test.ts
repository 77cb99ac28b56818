import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { main, type CliIo } from '../../../../src/host/node/cli';
import { tempFolders } from '../../fixtures/tempFolders';

const temp = tempFolders();

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', stdout: (text: string) => void (io.out += text), stderr: (text: string) => void (io.err += text) };
  return io;
}

function project(): { root: string; script: string } {
  const root = temp.folder('ptk-cli-rules-');
  writeFileSync(path.join(root, 'AGENTS.md'), 'Run the linter before answering (rule CLI-42).\n');
  writeFileSync(path.join(root, 'CLAUDE.md'), 'Claude-only rule.\n');
  const script = path.join(root, 'replies.json');
  writeFileSync(script, JSON.stringify(['Understood.']));
  return { root, script };
}

describe('ptk CLI: project rules', () => {
  it('puts the workspace rules in the system prompt and names them on stderr', async () => {
    const { root, script } = project();
    const io = capture();
    assert.equal(await main(['run', '--workspace', root, '--script', script, 'Hello'], io), 0);
    assert.match(io.err, /^rules: AGENTS\.md, CLAUDE\.md$/m);
    const jsonIo = capture();
    assert.equal(await main(['run', '--workspace', root, '--script', script, '--json', 'Hello'], jsonIo), 0);
    const system: string = JSON.parse(jsonIo.out).messages.find((message: { role: string }) => message.role === 'system').content;
    assert.match(system, /--- BEGIN AGENTS\.md ---\nRun the linter before answering \(rule CLI-42\)\.\n--- END AGENTS\.md ---/);
    assert.match(system, /Claude-only rule/);
  });

  it('--instruction-file leaves a default out or adds a file, and refuses a bad entry', async () => {
    const { root, script } = project();
    writeFileSync(path.join(root, 'TEAM.md'), 'Team rule.\n');
    const io = capture();
    assert.equal(await main(['run', '--workspace', root, '--script', script, '--json', '--instruction-file', '!CLAUDE.md', '--instruction-file', 'TEAM.md', 'Hello'], io), 0);
    const system: string = JSON.parse(io.out).messages.find((message: { role: string }) => message.role === 'system').content;
    assert.ok(!system.includes('Claude-only rule'));
    assert.match(system, /--- BEGIN TEAM\.md ---\nTeam rule\./);
    const bad = capture();
    assert.equal(await main(['run', '--workspace', root, '--script', script, '--instruction-file', '../outside.md', 'Hello'], bad), 2);
    assert.match(bad.err, /--instruction-file "\.\.\/outside\.md": must stay inside the workspace folder/);
  });
});
