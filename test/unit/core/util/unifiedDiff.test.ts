/** The unified diff a review reads: git's hunk headers, three lines of context, created and deleted files. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unifiedDiff } from '../../../../src/core/util/unifiedDiff';

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`);

describe('unifiedDiff', () => {
  it('one changed line: a hunk with three lines of context each side, as git prints it', () => {
    const before = `${numbered(10).join('\n')}\n`;
    const after = before.replace('line 5\n', 'line five\n');
    assert.equal(
      unifiedDiff('src/a.ts', before, after),
      ['--- a/src/a.ts', '+++ b/src/a.ts', '@@ -2,7 +2,7 @@', ' line 2', ' line 3', ' line 4', '-line 5', '+line five', ' line 6', ' line 7', ' line 8', ''].join('\n'),
    );
  });

  it('changes far apart get hunks of their own; an inserted line shifts the later hunk', () => {
    const lines = numbered(30);
    const after = [...lines.slice(0, 2), 'inserted', ...lines.slice(2, 25), 'line 26 changed', ...lines.slice(26)];
    const diff = unifiedDiff('f', `${lines.join('\n')}\n`, `${after.join('\n')}\n`);
    assert.deepEqual(diff.split('\n').filter((line) => line.startsWith('@@')), ['@@ -1,5 +1,6 @@', '@@ -23,7 +24,7 @@']);
    assert.match(diff, /\n\+inserted\n/);
    assert.match(diff, /\n-line 26\n\+line 26 changed\n/);
  });

  it('a created file and a deleted one are diffed against /dev/null', () => {
    assert.equal(unifiedDiff('new.txt', undefined, 'a\nb\n'), '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+a\n+b\n');
    assert.equal(unifiedDiff('old.txt', 'x\n', undefined), '--- a/old.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n');
  });

  it('the same text has no diff', () => {
    assert.equal(unifiedDiff('same', 'a\n', 'a\n'), '');
  });

  it('keeps the common lines of a changed middle, and past the edit bound still gives a correct diff', () => {
    const before = 'a\nkeep\nb\n';
    const after = 'c\nkeep\nd\n';
    assert.match(unifiedDiff('f', before, after), /-a\n\+c\n keep\n-b\n\+d\n$/);
    // A bound of 1 edit: the file is all removed, then all added.
    assert.match(unifiedDiff('f', before, after, 1), /-a\n-keep\n-b\n\+c\n\+keep\n\+d\n$/);
  });
});
