import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { visibleStreamingText } from '../../../src/ui/streamingText';

describe('visibleStreamingText', () => {
  it('shows prose and hides a tool call from its opening tag', () => {
    assert.equal(visibleStreamingText('Let me read it.\n<TOOL_CALL>{"tool":"read_file"'), 'Let me read it.');
    assert.equal(visibleStreamingText('Sure <PTK_CALL>{}</PTK_CALL>'), 'Sure');
  });
  it('hides an opening tag still being typed', () => {
    assert.equal(visibleStreamingText('Reading <TOOL_CA'), 'Reading');
    assert.equal(visibleStreamingText('a <'), 'a');
  });
  it('keeps a plain answer whole, including a lone < in code', () => {
    assert.equal(visibleStreamingText('if (a < b) return;'), 'if (a < b) return;');
  });
  it('hides a fenced tool block', () => {
    assert.equal(visibleStreamingText('Ok\n```tool\n{"tool":"x"}'), 'Ok');
  });
});
