import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { caretOnFirstLine, caretOnLastLine, ComposerHistory } from '../../../src/webview/composerHistory';

describe('ComposerHistory', () => {
  it('ArrowUp walks back through every sent message, ArrowDown forward and back to the draft', () => {
    const history = new ComposerHistory(() => ['first', 'second', 'third']);
    assert.equal(history.up('my draft'), 'third');
    assert.equal(history.up('third'), 'second');
    assert.equal(history.up('second'), 'first');
    assert.equal(history.up('first'), undefined, 'nothing older than the first');
    assert.equal(history.down(), 'second');
    assert.equal(history.down(), 'third');
    assert.equal(history.down(), 'my draft', 'past the newest: the draft');
    assert.equal(history.walking, false);
    assert.equal(history.down(), undefined, 'ArrowDown outside the history does nothing');
  });

  it('a message sent again right after itself (Retry) is recalled once, so each ArrowUp shows another message', () => {
    const history = new ComposerHistory(() => ['Explain a.ts', 'Explain b.ts', 'Explain b.ts', 'Explain a.ts']);
    assert.equal(history.up(''), 'Explain a.ts');
    assert.equal(history.up('Explain a.ts'), 'Explain b.ts');
    assert.equal(history.up('Explain b.ts'), 'Explain a.ts', 'the same text sent at another time is kept');
    assert.equal(history.up('Explain a.ts'), undefined);
  });

  it('Escape leaves the history with the draft; typing keeps the recalled text and starts over', () => {
    const history = new ComposerHistory(() => ['first', 'second']);
    history.up('half typed');
    history.up('second');
    assert.equal(history.leave(), 'half typed');
    assert.equal(history.leave(), undefined);
    history.up('');
    history.settle();
    assert.equal(history.walking, false);
    assert.equal(history.up('second, changed'), 'second', 'a new walk starts at the newest');
    assert.equal(history.down(), 'second, changed');
  });

  it('follows the conversation: none sent, nothing recalled; a message sent meanwhile is the newest', () => {
    const sent: string[] = [];
    const history = new ComposerHistory(() => sent);
    assert.equal(history.up(''), undefined);
    assert.equal(history.walking, false);
    sent.push('one');
    assert.equal(history.up(''), 'one');
  });

  it('acts only with the caret on the first line (up) or the last line (down)', () => {
    const text = 'line one\nline two\nline three';
    assert.equal(caretOnFirstLine(text, 3), true);
    assert.equal(caretOnFirstLine(text, 12), false);
    assert.equal(caretOnLastLine(text, text.length - 2), true);
    assert.equal(caretOnLastLine(text, 12), false);
    assert.equal(caretOnFirstLine('', 0) && caretOnLastLine('', 0), true);
  });
});
