import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main, type CliIo } from '../../../../src/host/node/cli';

function capture(): CliIo & { out: string; err: string } {
  const io = { out: '', err: '', stdout: (text: string) => void (io.out += text), stderr: (text: string) => void (io.err += text) };
  return io;
}

function workspaceWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'ptk-cli-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), content);
  return root;
}

function scriptFile(replies: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ptk-script-')), 'replies.json');
  writeFileSync(file, JSON.stringify(replies));
  return file;
}

describe('ptk CLI', () => {
  it('demo: runs the loop with real tools on a sample workspace and prints the answer', async () => {
    const io = capture();
    assert.equal(await main(['demo'], io), 0);
    assert.match(io.out, /The version in package\.json is 1\.2\.3/);
    assert.match(io.out, /src\/greet\.ts/);
    assert.match(io.err, /→ read_file/);
  });

  it('run --script: the scripted model calls read_file on the workspace, the tool result reaches it', async () => {
    const root = workspaceWith({ 'notes.txt': 'the secret word is pineapple\n' });
    const script = scriptFile(['<TOOL_CALL>{"tool":"read_file","args":{"path":"notes.txt"}}</TOOL_CALL>', 'The word is pineapple.']);
    const io = capture();
    assert.equal(await main(['run', '--workspace', root, '--script', script, '--json', 'What is the secret word?'], io), 0);
    const result = JSON.parse(io.out);
    assert.equal(result.success, true);
    assert.equal(result.content, 'The word is pineapple.');
    assert.equal(result.totalToolCalls, 1);
    const toolMessage = result.messages.find((message: { content: string }) => message.content.startsWith('TOOL_RESULT'));
    assert.match(toolMessage.content, /pineapple/);
  });

  it('run --script --yes: a write is approved and lands on disk', async () => {
    const root = workspaceWith({});
    const script = scriptFile(['<TOOL_CALL>{"tool":"write_file","args":{"path":"out/hello.txt","content":"hi\\n"}}</TOOL_CALL>', 'Done.']);
    const io = capture();
    assert.equal(await main(['run', '--workspace', root, '--script', script, '--yes', 'Write hello'], io), 0);
    assert.equal(readFileSync(path.join(root, 'out', 'hello.txt'), 'utf8'), 'hi\n');
  });

  it('a path outside the workspace is refused and the model is told; nothing is written', async () => {
    const root = workspaceWith({});
    const script = scriptFile(['<TOOL_CALL>{"tool":"read_file","args":{"path":"../../etc/passwd"}}</TOOL_CALL>', 'I cannot read that file.']);
    const io = capture();
    assert.equal(await main(['run', '--workspace', root, '--script', script, '--json', 'Read it'], io), 0);
    const result = JSON.parse(io.out);
    const toolMessage = result.messages.find((message: { content: string }) => message.content.startsWith('TOOL_RESULT'));
    assert.match(toolMessage.content, /"success":false/);
    assert.match(toolMessage.content, /outside/i);
  });

  it('exits 1 with the error code when the task fails', async () => {
    const root = workspaceWith({});
    const script = scriptFile(Array(12).fill('<TOOL_CALL>{"tool":"no_such_tool","args":{}}</TOOL_CALL>'));
    const io = capture();
    assert.equal(await main(['run', '--workspace', root, '--script', script, 'Do it'], io), 1);
    assert.match(io.err, /TOOL_NOT_FOUND/);
  });

  it('refuses bad usage with exit code 2 and a specific message', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['run'], /give the task/],
      [['run', '--workspace', '/definitely/not/here', 'x'], /does not exist/],
      [['run', 'task without a model'], /choose a model/],
      [['run', '--script', '/nope.json', 'x'], /cannot read the script/],
      [['frobnicate'], /unknown command/],
      [['run', '--bogus'], /Unknown option/],
    ];
    for (const [argv, message] of cases) {
      const io = capture();
      assert.equal(await main(argv, io), 2, argv.join(' '));
      assert.match(io.err, message, argv.join(' '));
    }
  });
});
