import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFrontMatter } from '../../../src/core/util/frontMatter';

describe('readFrontMatter', () => {
  it('splits a YAML header from the body (CRLF, a byte-order mark, an empty header)', () => {
    assert.deepEqual(readFrontMatter('---\ndescription: x\ntools: [a, b]\n---\nbody\n'), { status: 'ok', header: 'description: x\ntools: [a, b]', data: { description: 'x', tools: ['a', 'b'] }, body: 'body\n' });
    assert.deepEqual(readFrontMatter('\uFEFF---\r\nname: y\r\n---\r\nbody'), { status: 'ok', header: 'name: y', data: { name: 'y' }, body: 'body' });
    assert.deepEqual(readFrontMatter('---\n---\nbody'), { status: 'ok', header: '', data: undefined, body: 'body' });
  });

  it('tells no header, an unclosed header and an invalid one apart', () => {
    assert.deepEqual(readFrontMatter('# Title\n\n---\nmore'), { status: 'none', body: '# Title\n\n---\nmore' });
    assert.deepEqual(readFrontMatter('---\nname: y\nbody without a closing line'), { status: 'unclosed', body: '---\nname: y\nbody without a closing line' });
    const invalid = readFrontMatter('---\ntools: [a\n---\nbody');
    assert.equal(invalid.status, 'invalid');
    assert.equal(invalid.body, 'body');
  });

  it('a "---" inside a line does not close the header', () => {
    assert.equal(readFrontMatter('---\nname: a---\nbody').status, 'unclosed');
  });
});
