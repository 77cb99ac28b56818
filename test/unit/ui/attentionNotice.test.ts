import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attentionMessage, type Attention, type AttentionContext } from '../../../src/ui/attentionNotice';

const looking: AttentionContext = { enabled: true, windowFocused: true, viewVisible: true };
const approval: Attention = { kind: 'approval', conversationId: 'c1', title: 'Write notes/a.txt', shown: true };

describe('attention notices: told when the user looks elsewhere', () => {
  it('the shown conversation in a visible chat view of a focused window is seen already: no notice', () => {
    assert.equal(attentionMessage(approval, looking), undefined);
    assert.equal(attentionMessage({ ...approval, kind: 'done' }, looking), undefined);
  });

  it('another window focused, the chat view hidden, or another conversation shown: told', () => {
    const expected = 'PTK: the task “Write notes/a.txt” has a tool call waiting for your approval.';
    assert.equal(attentionMessage(approval, { ...looking, windowFocused: false }), expected);
    assert.equal(attentionMessage({ ...approval, shown: false }, looking), expected);
    assert.equal(attentionMessage({ ...approval, kind: 'done' }, { ...looking, viewVisible: false }), 'PTK: the task “Write notes/a.txt” is done.');
  });

  it('an approval asked while the chat view is hidden is not told twice: it is asked in a notification of its own', () => {
    assert.equal(attentionMessage(approval, { ...looking, viewVisible: false }), undefined);
    assert.equal(attentionMessage({ ...approval, shown: false }, { ...looking, windowFocused: false, viewVisible: false }), undefined);
  });

  it('says how the task ended: done, or failed with why', () => {
    const away = { ...looking, windowFocused: false };
    assert.equal(attentionMessage({ ...approval, kind: 'done' }, away), 'PTK: the task “Write notes/a.txt” is done.');
    assert.equal(attentionMessage({ ...approval, kind: 'failed', detail: 'Claude showed an error.' }, away), 'PTK: the task “Write notes/a.txt” failed: Claude showed an error.');
    assert.equal(attentionMessage({ ...approval, kind: 'failed' }, away), 'PTK: the task “Write notes/a.txt” failed.');
  });

  it('a long message and a long reason are shortened', () => {
    const message = attentionMessage({ ...approval, kind: 'failed', title: 'x'.repeat(200), detail: 'y'.repeat(500) }, { ...looking, windowFocused: false })!;
    assert.ok(message.length < 260, message);
    assert.match(message, /x…”/);
    assert.match(message, /y…$/);
  });

  it('ptk.notify off: never told', () => {
    assert.equal(attentionMessage({ ...approval, shown: false }, { enabled: false, windowFocused: false, viewVisible: true }), undefined);
    assert.equal(attentionMessage({ ...approval, kind: 'failed' }, { enabled: false, windowFocused: false, viewVisible: false }), undefined);
  });
});
