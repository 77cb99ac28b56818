import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../src/core/errors';
import { PTKFormatter, PTKParser } from '../../../../src/core/protocol';
import { assertTagName, protocolTags } from '../../../../src/core/protocol/tagNames';

describe('protocolTags', () => {
  it('puts the taught tag first, then the other built-in tag', () => {
    assert.deepEqual(protocolTags(), ['TOOL_CALL', 'PTK_CALL']);
    assert.deepEqual(protocolTags('PTK_CALL'), ['PTK_CALL', 'TOOL_CALL']);
    assert.deepEqual(protocolTags('ptk_call'), ['ptk_call', 'TOOL_CALL']);
    assert.deepEqual(protocolTags('CALL'), ['CALL', 'TOOL_CALL', 'PTK_CALL']);
  });

  it('is what the parser reads by default: both built-in tags are calls', () => {
    const parser = new PTKParser();
    for (const tag of protocolTags()) assert.equal(parser.parse(`<${tag}>{"tool":"a","args":{}}</${tag}>`).type, 'tool_call', tag);
  });
});

describe('assertTagName', () => {
  it('refuses a name that is not letters, digits and _, in the parser and the formatter alike', () => {
    assert.throws(() => assertTagName('1CALL'), (error: unknown) => (error as { code?: string }).code === PTKErrorCode.CONFIG_INVALID);
    assert.throws(() => new PTKParser({ tagNames: ['TOOL CALL'] }), /Invalid tag name "TOOL CALL"/);
    assert.throws(() => new PTKFormatter({ tagName: 'a-b' }), /Invalid tag name "a-b"/);
    assert.doesNotThrow(() => assertTagName('MY_CALL_2'));
  });
});
