import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changeHunks } from '../../../../src/ui/review/changeHunks';
import { ReviewNotes, reviewNote } from '../../../../src/ui/review/reviewNote';

describe('reviewNote', () => {
  it('names each undone change by file and the lines it is on now', () => {
    const [replaced, added] = changeHunks('a\nb\nc\nd\n', 'a\nB\nB2\nc\nd\ne\n');
    const note = reviewNote([
      { path: 'src/a.ts', hunk: replaced! },
      { path: 'src/a.ts', hunk: added! },
      { path: 'src/new.ts', wholeFile: 'deleted' },
      { path: 'README.md', wholeFile: 'restored' },
    ]);
    assert.equal(
      note,
      [
        '[Review] The user reviewed your changes and undid some of them; read a file again before editing it:',
        '- src/a.ts line 2: back as before your change (your 2 lines there were undone)',
        '- src/a.ts: removed what you added after line 5 (1 line)',
        '- src/new.ts: deleted (the file you created was removed)',
        '- README.md: the whole file is back as it was before your changes',
      ].join('\n'),
    );
    assert.equal(reviewNote([]), '');
  });

  it('a removal that was undone says the lines are back', () => {
    const [removed] = changeHunks('a\nb\nc\n', 'a\n');
    assert.equal(reviewNote([{ path: 'x.txt', hunk: removed! }]).split('\n')[1], '- x.txt lines 2–3: back as before your change (you had removed them)');
  });
});

describe('ReviewNotes', () => {
  it('keeps the notes per conversation until its next prompt takes them', () => {
    const notes = new ReviewNotes();
    const [hunk] = changeHunks('a\n', 'b\n');
    notes.add('c1', { path: 'a.txt', hunk: hunk! });
    notes.add('c2', { path: 'other.txt', wholeFile: 'restored' });
    assert.match(notes.take('c1'), /a\.txt line 1/);
    assert.equal(notes.take('c1'), '', 'told once');
    assert.match(notes.take('c2'), /other\.txt/);
  });

  it('a whole-file undo replaces the earlier undos of that file', () => {
    const notes = new ReviewNotes();
    const [hunk] = changeHunks('a\n', 'b\n');
    notes.add('c', { path: 'a.txt', hunk: hunk! });
    notes.add('c', { path: 'a.txt', wholeFile: 'restored' });
    assert.equal(notes.take('c').split('\n').length, 2);
  });
});
