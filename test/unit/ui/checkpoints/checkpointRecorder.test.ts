import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { fingerprintOf } from '../../../../src/ui/checkpoints/checkpointLog';
import { runForConversation } from '../../../../src/ui/taskConversation';
import { makeRig, type CheckpointRig } from './checkpointFixture';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('CheckpointRecorder around writes', () => {
  const rigs: CheckpointRig[] = [];
  after(() => rigs.forEach((rig) => rig.cleanup()));
  const rig = (files: Record<string, string>) => {
    const created = makeRig(files);
    rigs.push(created);
    return created;
  };

  it('saves each file before its first change in a turn; a new file as absent; earlier files again at the next turn', async () => {
    const { recorder, workspace, store, file, updates } = rig({ 'a.txt': 'original a\n' });
    recorder.startTask('conv', 'task1', (update) => updates.push(update));
    recorder.startTurn(1, 1);
    await workspace.writeFile(file('a.txt'), 'a after turn 1\n');
    await workspace.writeFile(file('a.txt'), 'a written twice in turn 1\n');
    recorder.startTurn(2, 3);
    await workspace.writeFile(file('b/new.txt'), 'new b\n');
    const changes = await recorder.finishTask();

    const log = store.load('conv');
    assert.equal(log.checkpoints.length, 2);
    const [first, second] = log.checkpoints;
    assert.deepEqual({ turn: first!.turn, transcriptLength: first!.transcriptLength, changed: first!.changed }, { turn: 1, transcriptLength: 1, changed: [file('a.txt')] });
    assert.deepEqual(first!.before[file('a.txt')], fingerprintOf(bytes('original a\n')), 'the state before the first write of the turn, not between the two');
    // Turn 2 snapshots what the task touched so far (a.txt) and the new file as absent.
    assert.deepEqual(second!.before, { [file('a.txt')]: fingerprintOf(bytes('a written twice in turn 1\n')), [file('b/new.txt')]: { exists: false } });
    assert.deepEqual(second!.changed, [file('b/new.txt')]);
    assert.deepEqual(log.lastKnown[file('b/new.txt')], fingerprintOf(bytes('new b\n')));
    assert.deepEqual(log.lastKnown[file('a.txt')], fingerprintOf(bytes('a written twice in turn 1\n')));
    assert.deepEqual(await store.readBlob('conv', log, first!.before[file('a.txt')]!.exists ? (first!.before[file('a.txt')] as { sha256: string }).sha256 : ''), bytes('original a\n'));
    assert.deepEqual(updates.map((update) => [update.turn, update.files]), [[1, ['a.txt']], [1, ['a.txt']], [2, ['b/new.txt']]]);
    // The lines each file gained and lost over the whole task (a.txt's two writes count as one change).
    assert.deepEqual(changes, { files: ['a.txt', 'b/new.txt'], notes: [], counts: [{ path: 'a.txt', added: 1, removed: 1 }, { path: 'b/new.txt', added: 1, removed: 0 }] });
  });

  it('two conversations running tasks at once: each write goes to the checkpoints of the conversation whose task made it', async () => {
    const { recorder, workspace, store, file } = rig({ 'a.txt': 'a', 'b.txt': 'b' });
    recorder.startTask('first', 'task1', () => undefined);
    recorder.startTask('second', 'task2', () => undefined);
    recorder.startTurn(1, 0, 'first');
    recorder.startTurn(1, 0, 'second');
    await Promise.all([
      runForConversation('first', () => workspace.writeFile(file('a.txt'), 'a by the first')),
      runForConversation('second', () => workspace.writeFile(file('b.txt'), 'b by the second')),
    ]);
    // Written with no conversation named while both run: recorded in neither.
    await workspace.writeFile(file('a.txt'), 'a from elsewhere');
    assert.deepEqual(await recorder.finishTask('second'), { files: ['b.txt'], notes: [], counts: [{ path: 'b.txt', added: 1, removed: 1 }] });
    assert.deepEqual(await recorder.finishTask('first'), { files: ['a.txt'], notes: [], counts: [{ path: 'a.txt', added: 1, removed: 1 }] });
    assert.deepEqual(store.load('first').checkpoints.map((checkpoint) => checkpoint.changed), [[file('a.txt')]]);
    assert.deepEqual(store.load('second').checkpoints.map((checkpoint) => checkpoint.changed), [[file('b.txt')]]);
    assert.deepEqual(store.load('first').lastKnown[file('a.txt')], fingerprintOf(bytes('a by the first')));
  });

  it('records nothing without a task, and reads never open a checkpoint', async () => {
    const { recorder, workspace, store, file } = rig({ 'a.txt': 'a' });
    await workspace.writeFile(file('a.txt'), 'outside a task');
    recorder.startTask('conv', 'task1', () => undefined);
    recorder.startTurn(1, 0);
    await workspace.readFile(file('a.txt'));
    await workspace.listFiles(workspace.roots[0]!, { limit: 10 });
    assert.equal(await recorder.finishTask(), undefined);
    assert.equal(store.load('conv').checkpoints.length, 0);
    assert.equal(readFileSync(file('a.txt'), 'utf8'), 'outside a task');
  });

  it('a write that fails changes nothing and leaves no checkpoint', async () => {
    const { recorder, workspace, store, file } = rig({ 'dir/x.txt': 'x' });
    recorder.startTask('conv', 'task1', () => undefined);
    recorder.startTurn(1, 0);
    await assert.rejects(workspace.writeFile(file('dir'), 'a folder cannot be written'));
    assert.equal(await recorder.finishTask(), undefined);
    assert.deepEqual(store.load('conv').checkpoints, []);
  });

  it('a file over the per-file cap changes without a saved state: noted, and listed as not restorable', async () => {
    const created = makeRig({ 'big.txt': 'x'.repeat(2000) }, { limits: { maxFileBytes: 1000 } });
    rigs.push(created);
    const { recorder, workspace, store, file, updates } = created;
    recorder.startTask('conv', 'task1', (update) => updates.push(update));
    recorder.startTurn(1, 0);
    await workspace.writeFile(file('big.txt'), 'small now');
    const changes = await recorder.finishTask();
    const [checkpoint] = store.load('conv').checkpoints;
    assert.deepEqual(checkpoint!.unsaved, [file('big.txt')]);
    assert.deepEqual(checkpoint!.before, {});
    assert.match(checkpoint!.notes[0] ?? '', /big\.txt.*cannot be restored|cannot be restored.*big\.txt/);
    assert.deepEqual(changes?.files, ['big.txt']);
    assert.equal(updates.at(-1)?.notes.length, 1);
  });
});
