import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyReplacement, changeCounts, changeHunks, hunkLines, keepReplacement, linesOf, sameHunk, undoReplacement } from '../../../../src/ui/review/changeHunks';

const BEFORE = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n';
const AFTER = 'one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\n';

const undo = (before: string, after: string, index: number) => applyReplacement(after, undoReplacement(after, changeHunks(before, after)[index]!));
const keep = (before: string, after: string, index: number) => applyReplacement(before, keepReplacement(before, changeHunks(before, after)[index]!));

describe('changeHunks', () => {
  it('keeps each line terminator, the last line without one included', () => {
    assert.deepEqual(linesOf('a\r\nb\nc'), ['a\r\n', 'b\n', 'c']);
    assert.deepEqual(linesOf(''), []);
  });

  it('gives one hunk per separate change, without context', () => {
    const hunks = changeHunks(BEFORE, AFTER);
    assert.deepEqual(hunks, [
      { oldStart: 1, oldLines: ['two\n'], newStart: 1, newLines: ['TWO\n'] },
      { oldStart: 7, oldLines: [], newStart: 7, newLines: ['eight\n'] },
    ]);
    assert.equal(hunkLines(hunks[0]!), 'line 2');
    assert.equal(hunkLines(hunks[1]!), 'line 8');
  });

  it('a created file is one hunk of added lines; a deleted one of removed lines', () => {
    assert.deepEqual(changeHunks(undefined, 'a\nb\n'), [{ oldStart: 0, oldLines: [], newStart: 0, newLines: ['a\n', 'b\n'] }]);
    assert.deepEqual(changeHunks('a\n', undefined), [{ oldStart: 0, oldLines: ['a\n'], newStart: 0, newLines: [] }]);
    assert.deepEqual(changeHunks('same\n', 'same\n'), []);
  });

  it('undoing one hunk reverts only it; undoing every hunk gives the earlier text back', () => {
    assert.equal(undo(BEFORE, AFTER, 1), 'one\nTWO\nthree\nfour\nfive\nsix\nseven\n');
    assert.equal(undo(BEFORE, AFTER, 0), 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n');
    let text = AFTER;
    while (changeHunks(BEFORE, text).length > 0) text = undo(BEFORE, text, 0);
    assert.equal(text, BEFORE);
  });

  it('keeping a hunk moves it into the earlier text, so it leaves the diff', () => {
    const baseline = keep(BEFORE, AFTER, 0);
    assert.equal(baseline, 'one\nTWO\nthree\nfour\nfive\nsix\nseven\n');
    assert.deepEqual(changeHunks(baseline, AFTER), [{ oldStart: 7, oldLines: [], newStart: 7, newLines: ['eight\n'] }]);
  });

  it('puts back CRLF lines and a missing final newline byte for byte', () => {
    const before = 'a\r\nb\r\nx\r\ny\r\nc';
    const after = 'a\r\nB\r\nx\r\ny\r\nc\r\nd';
    // The last line gained a newline: it is part of the change that added "d".
    assert.deepEqual(changeHunks(before, after).map((hunk) => [hunk.oldLines, hunk.newLines]), [
      [['b\r\n'], ['B\r\n']],
      [['c'], ['c\r\n', 'd']],
    ]);
    let text = after;
    while (changeHunks(before, text).length > 0) text = undo(before, text, changeHunks(before, text).length - 1);
    assert.equal(text, before);
  });

  it('counts lines added and removed', () => {
    assert.deepEqual(changeCounts(BEFORE, AFTER), { added: 2, removed: 1 });
    assert.deepEqual(changeCounts(undefined, 'x\ny\n'), { added: 2, removed: 0 });
    assert.deepEqual(changeCounts('x\n', 'x\n'), { added: 0, removed: 0 });
  });

  it('a hunk computed again after another change is recognised only when it is the same change', () => {
    const [first, second] = changeHunks(BEFORE, AFTER);
    const afterUndo = undo(BEFORE, AFTER, 0);
    assert.ok(changeHunks(BEFORE, afterUndo).some((hunk) => sameHunk(hunk, second!)));
    assert.ok(!changeHunks(BEFORE, afterUndo).some((hunk) => sameHunk(hunk, first!)));
  });
});
