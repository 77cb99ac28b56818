import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { VisibleTextStream } from '../../../../src/core/modelProvider/visibleText';

/** Feeds `reply` in pieces of `size` characters and returns what was shown. */
function streamed(reply: string, size: number, stream = new VisibleTextStream()): string {
  let shown = '';
  for (let index = 0; index < reply.length; index += size) shown += stream.push(reply.slice(index, index + size));
  return shown;
}

describe('VisibleTextStream', () => {
  it('shows prose as it arrives and nothing from the call tag on, for every chunk size', () => {
    const reply = 'Let me check the weather.\n<TOOL_CALL>{"tool":"get_weather","args":{"city":"Paris"}}</TOOL_CALL>';
    for (const size of [1, 2, 3, 7, 16, reply.length]) {
      assert.equal(streamed(reply, size), 'Let me check the weather.', `chunk size ${size}`);
    }
  });

  it('never shows a partial tag, whatever case or tag name', () => {
    const stream = new VisibleTextStream();
    assert.equal(stream.push('Working on it <tool_ca'), 'Working on it');
    assert.equal(stream.push('ll>{"tool":"x"'), '');
    const other = new VisibleTextStream();
    assert.equal(streamed('Sure.\n<PTK_CALL>{"tool":"a","args":{}}</PTK_CALL>', 4, other), 'Sure.');
  });

  it('finish never shows the start of a call tag the reply was cut in ("\\n\\n<", "<TOOL_CAL")', () => {
    const call = '<TOOL_CALL>{"tool":"a","args":{}}</TOOL_CALL>';
    for (const cut of ['\n\n<', '\n\n<TOOL_CAL', '<tool_c', '< /TOOL']) {
      const stream = new VisibleTextStream();
      const shown = streamed(`Checking both.\n${call}${cut}`, 3, stream);
      assert.equal(shown + stream.finish(`Checking both.\n${cut}`), 'Checking both.', JSON.stringify(cut));
    }
    assert.equal(new VisibleTextStream().finish('2 < 3 and <b> is bold'), '2 < 3 and <b> is bold', 'other angle brackets stay prose');
  });

  it('without tag names (a request without tools) shows everything, markup-like text included', () => {
    const stream = new VisibleTextStream([]);
    const reply = 'Write <TOOL_CALL>{"tool":"x"}</TOOL_CALL> to call a tool, or ```tool blocks.';
    const shown = streamed(reply, 4, stream);
    assert.equal(shown + stream.finish(reply), reply);
  });

  it('hides ```tool fences and fenced JSON calls', () => {
    assert.equal(streamed('First.\n```tool\n{"tool":"a","args":{}}\n```', 3), 'First.');
    assert.equal(streamed('Second.\n```json\n{"tool":"a","args":{}}\n```', 3), 'Second.');
  });

  it('shows a "<" that does not start a tag once enough text follows it', () => {
    const reply = `if a < b then the answer is ${'long '.repeat(20)}done`;
    assert.equal(streamed(reply, 5), reply);
  });

  it('holds trailing whitespace back until text follows it', () => {
    const stream = new VisibleTextStream();
    assert.equal(stream.push('Hello   '), 'Hello');
    assert.equal(stream.push('world'), '   world');
  });

  it('finish() adds the rest of the parsed prose, and nothing when the shown text is not its prefix', () => {
    const stream = new VisibleTextStream();
    stream.push('The answer is <');
    assert.equal(stream.finish('The answer is <b>bold</b>.'), ' <b>bold</b>.');
    const diverged = new VisibleTextStream();
    diverged.push('Draft one that the site re-rendered');
    assert.equal(diverged.rewrite('Final'), '');
    assert.equal(diverged.push(' text'), '');
    assert.equal(diverged.finish('Final text'), '');
  });

  it('a rewrite that keeps the shown text goes on showing', () => {
    const stream = new VisibleTextStream();
    assert.equal(stream.push('Hello there, '), 'Hello there,');
    assert.equal(stream.rewrite('Hello there, friend'), ' friend');
  });

  // Its time (linear growth) is gated in bench/visibleText.bench.ts; here only the result.
  it('shows a 2 MB prose reply streamed in 16-character chunks whole', () => {
    const reply = 'word '.repeat(400_000);
    assert.equal(streamed(reply, 16), reply.trimEnd());
  });
});
