import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ChatItem } from '../../../../src/shared/chat/protocol';
import { taskLineAfterReview } from '../../../../src/ui/review/taskLineAfterReview';

const line: Extract<ChatItem, { kind: 'checkpoint' }> = {
  kind: 'checkpoint',
  id: 'checkpoint-task:t1',
  scope: 'task',
  taskId: 't1',
  files: ['src/a.ts', 'src/b.ts', 'logo.png'],
  notes: [],
  counts: [
    { path: 'src/a.ts', added: 3, removed: 1 },
    { path: 'src/b.ts', added: 2, removed: 0 },
  ],
};

describe('the end-of-task line after a review undid changes', () => {
  it('counts what the task still changes', () => {
    const event = taskLineAfterReview(line, [
      { path: 'src/a.ts', added: 1, removed: 0 },
      { path: 'src/b.ts', added: 2, removed: 0 },
    ]);
    assert.deepEqual(event, { type: 'checkpoint', id: line.id, scope: 'task', taskId: 't1', notes: [], files: line.files, counts: [{ path: 'src/a.ts', added: 1, removed: 0 }, { path: 'src/b.ts', added: 2, removed: 0 }] });
  });

  it('leaves out a text file that is back as before the task (a binary one stays: it has no count)', () => {
    const event = taskLineAfterReview(line, [
      { path: 'src/a.ts', added: 0, removed: 0 },
      { path: 'src/b.ts', added: 2, removed: 0 },
    ]);
    assert.deepEqual(event, { type: 'checkpoint', id: line.id, scope: 'task', taskId: 't1', notes: [], files: ['src/b.ts', 'logo.png'], counts: [{ path: 'src/b.ts', added: 2, removed: 0 }] });
  });

  it('says the task is undone when every file is back as before it', () => {
    const textOnly = { ...line, files: ['src/a.ts', 'src/b.ts'] };
    const event = taskLineAfterReview(textOnly, [
      { path: 'src/a.ts', added: 0, removed: 0 },
      { path: 'src/b.ts', added: 0, removed: 0 },
    ]);
    assert.deepEqual(event, { type: 'checkpoint', id: line.id, scope: 'task', taskId: 't1', notes: [], files: textOnly.files, undone: textOnly.files });
  });

  it('changes nothing when the counts are the same, or the line was undone already', () => {
    assert.equal(taskLineAfterReview(line, line.counts!), undefined);
    assert.equal(taskLineAfterReview({ ...line, undone: line.files }, []), undefined);
  });
});
