import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../src/core/errors';
import { applyEdits } from '../../../src/tools/text/applyEdits';

function codeOf(action: () => unknown): PTKErrorCode | undefined {
  try {
    action();
  } catch (error) {
    return (error as { code?: PTKErrorCode }).code;
  }
  return undefined;
}

describe('applyEdits', () => {
  it('replaces an exact unique match', () => {
    assert.deepEqual(applyEdits('a\nb\nc\n', [{ search: 'b', replace: 'B' }]), { content: 'a\nB\nc\n', matches: ['exact'] });
  });

  it('applies edits in order, each seeing the previous result', () => {
    const result = applyEdits('one two', [{ search: 'one', replace: 'three' }, { search: 'three two', replace: 'done' }]);
    assert.equal(result.content, 'done');
  });

  it('treats $ patterns in the replacement literally', () => {
    assert.equal(applyEdits('x = 1', [{ search: '1', replace: "$& $1 $$ $'" }]).content, "x = $& $1 $$ $'");
  });

  it('falls back to whitespace-tolerant matching and re-indents the replacement', () => {
    const file = 'class A {\n\tmethod() {\n\t\treturn 1;\n\t}\n}\n';
    const result = applyEdits(file, [{ search: 'method() {\n    return 1;\n}', replace: 'method() {\n    return 2;\n}' }]);
    assert.deepEqual(result.matches, ['whitespace']);
    assert.equal(result.content, 'class A {\n\tmethod() {\n\t    return 2;\n\t}\n}\n');
  });

  it('tolerates trailing spaces and inner runs of spaces', () => {
    const result = applyEdits('let  x =   1;   \nnext\n', [{ search: 'let x = 1;', replace: 'let x = 2;' }]);
    assert.equal(result.content, 'let x = 2;\nnext\n');
  });

  it('refuses an empty search, no match and ambiguous matches, naming the edit', () => {
    assert.equal(codeOf(() => applyEdits('abc', [{ search: '', replace: 'x' }])), PTKErrorCode.EDIT_NO_MATCH);
    assert.equal(codeOf(() => applyEdits('abc', [{ search: 'zzz', replace: 'x' }])), PTKErrorCode.EDIT_NO_MATCH);
    assert.equal(codeOf(() => applyEdits('x\nx\n', [{ search: 'x', replace: 'y' }])), PTKErrorCode.EDIT_AMBIGUOUS);
    assert.equal(codeOf(() => applyEdits('  a\n\ta\n', [{ search: 'a\n', replace: 'y' }])), PTKErrorCode.EDIT_AMBIGUOUS);
    assert.throws(() => applyEdits('a b', [{ search: 'a', replace: 'A' }, { search: 'q', replace: '' }]), /Edit 2 of 2/);
  });

  it('a search of only blank lines never matches loosely (would empty lines at random)', () => {
    assert.equal(codeOf(() => applyEdits('a\n\nb\n', [{ search: '   \n', replace: 'X' }])), PTKErrorCode.EDIT_NO_MATCH);
  });

  it('keeps CRLF endings for LF edits', () => {
    assert.equal(applyEdits('a\r\nb\r\n', [{ search: 'a\nb', replace: 'c\nd' }]).content, 'c\r\nd\r\n');
  });
});
