/** A task's diff from its checkpoints: each file it changed, from before the task to now; created and binary files. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { taskDiff } from '../../../../src/ui/checkpoints/taskDiff';
import { makeRig, type CheckpointRig } from './checkpointFixture';

let current: CheckpointRig | undefined;
afterEach(() => current?.cleanup());

function sourcesOf(rig: CheckpointRig) {
  return {
    store: rig.store,
    readFile: async (file: string) => (existsSync(file) ? new Uint8Array(readFileSync(file)) : undefined),
    displayPath: (file: string) => path.relative(rig.root, file).split(path.sep).join('/'),
  };
}

describe('taskDiff', () => {
  it('diffs every file the task changed, over all its turns, from before the task to now; other tasks are left out', async () => {
    const rig = (current = makeRig({ 'a.txt': 'one\ntwo\nthree\n', 'other.txt': 'x\n' }));
    const { recorder, workspace, file } = rig;
    recorder.startTask('conv', 'task1', () => undefined);
    recorder.startTurn(1, 1);
    await workspace.writeFile(file('a.txt'), 'one\n2\nthree\n');
    recorder.startTurn(2, 3);
    await workspace.writeFile(file('new.txt'), 'fresh\n');
    await recorder.finishTask();
    recorder.startTask('conv', 'task2', () => undefined);
    recorder.startTurn(1, 5);
    await workspace.writeFile(file('other.txt'), 'y\n');
    await recorder.finishTask();

    const diff = await taskDiff(sourcesOf(rig), 'conv', 'task1');
    assert.match(diff, /--- a\/a\.txt\n\+\+\+ b\/a\.txt\n@@ -1,3 \+1,3 @@\n one\n-two\n\+2\n three\n/);
    assert.match(diff, /--- \/dev\/null\n\+\+\+ b\/new\.txt\n@@ -0,0 \+1 @@\n\+fresh\n/);
    assert.doesNotMatch(diff, /other\.txt/);
    assert.equal(await taskDiff(sourcesOf(rig), 'conv', 'no-such-task'), '');
  });

  it('a binary file is named, not diffed', async () => {
    const rig = (current = makeRig({}));
    rig.recorder.startTask('conv', 'task1', () => undefined);
    rig.recorder.startTurn(1, 1);
    await rig.workspace.writeFile(rig.file('blob.bin'), 'a\u0000b');
    await rig.recorder.finishTask();
    assert.equal(await taskDiff(sourcesOf(rig), 'conv', 'task1'), '(blob.bin: binary file created)\n');
  });
});
