import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { compactDiff, createConsoleApprover } from '../../../../src/host/node/consoleApprover';

async function ask(answer: string, request: Parameters<ReturnType<typeof createConsoleApprover>>[0]) {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const approver = createConsoleApprover({ input, output });
  const pending = approver(request);
  input.end(`${answer}\n`);
  return { decision: await pending, shown };
}

describe('createConsoleApprover', () => {
  it('shows the command and maps y / a / n / free text', async () => {
    const request = { toolName: 'run_command', kind: 'command' as const, command: 'npm test', cwd: '/w' };
    const yes = await ask('y', request);
    assert.deepEqual(yes.decision, { decision: 'approve' });
    assert.match(yes.shown, /\$ npm test/);
    assert.deepEqual((await ask('a', request)).decision, { decision: 'always' });
    assert.deepEqual((await ask('n', request)).decision, { decision: 'reject' });
    assert.deepEqual((await ask('use pnpm instead', request)).decision, { decision: 'reject', reason: 'use pnpm instead' });
  });

  it('shows a diff for writes', async () => {
    const { shown } = await ask('y', { toolName: 'write_file', kind: 'write', path: '/w/a', before: 'a\nb\nc\n', after: 'a\nB\nc\n' });
    assert.match(shown, /- b\n\+ B/);
  });

  it('auto-approves without reading input', async () => {
    assert.deepEqual(await createConsoleApprover({ autoApprove: true })({ toolName: 'write_file', kind: 'write' }), { decision: 'approve' });
  });
});

describe('compactDiff', () => {
  it('drops the common lines and shows the changed middle', () => {
    assert.equal(compactDiff('1\n2\n3\n4', '1\n2\nX\nY\n4'), '@@ line 3 @@\n- 3\n+ X\n+ Y');
    assert.equal(compactDiff('', 'new'), '@@ line 1 @@\n+ new');
  });
});
