import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cachedResultNote, cycleWarning, invalidArgumentsMessage, oneCallPerReplyNote, unknownToolMessage } from '../../../../src/core/protocol/feedback';

describe('feedback wording', () => {
  it('an unknown tool names the tools that exist, or says there are none', () => {
    assert.equal(unknownToolMessage('x', ['a', 'b']), 'Unknown tool "x". Available tools: a, b. Tool names are case-sensitive.');
    assert.match(unknownToolMessage('x', []), /Available tools: \(none\)\./);
  });

  it('bad arguments are listed path by path; a problem with the whole object says so', () => {
    const message = invalidArgumentsMessage('edit', [
      { path: ['edits', 0, 'old'], message: 'Required' },
      { path: [], message: 'Unrecognized key: "extra"' },
    ]);
    assert.equal(message, 'Invalid arguments for edit: edits.0.old: Required; (arguments): Unrecognized key: "extra".');
  });

  it('the rules\' notes name the tool and the numbers', () => {
    assert.match(cycleWarning(3), /last 6 tool calls repeat the same 3 calls/);
    assert.match(cachedResultNote('read_file'), /"read_file".*from cache/);
    assert.match(oneCallPerReplyNote('read_file', 2), /\(read_file\) was run; 2 other call\(s\) were ignored/);
  });
});
