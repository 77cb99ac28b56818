/**
 * ReplyStream: one model reply read once as it streams. Its settled prose is what an append-only
 * sink (a VS Code progress stream) shows, so it must only grow, always be a prefix of the prose
 * so far, and the finished reply's prose must start with it, however the reply ends.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StreamDelta } from '../../../../src/core/ports';
import { PTKParser, ReplyStream, xmlStyleProtocol } from '../../../../src/core/protocol';

const parser = new PTKParser();
const CALL = '<TOOL_CALL>{"tool":"read_file","args":{"path":"a.ts"}}</TOOL_CALL>';

const REPLIES = [
  'The answer is **four**.\n',
  `Reading first.\n${CALL}\nThen I will explain.\n`,
  // Blank lines a reply with a call loses (tidied) and a plain reply keeps (only trimmed).
  `Reading first.\n\n\n\nThen a call.\n${CALL}\n`,
  'Reading first.\n\n\n\nThen no call at all.\n',
  'Ok\n```tool\n{"tool":"read_file","args":{"path":"a.ts"}}\n```\nDone.\n',
  'Here:\n```json\n<TOOL_CALL>{"tool":"read_file","args":{}}</TOOL_CALL>\n```\nAfter.\n',
  'Empty tool block:\n```tool\n```\n\n\n\nand more.\n',
  `${CALL}\nTOOL_RESULT: {"success": true}\nInvented answer.\n`,
  'Near miss:\n\n\n\n{"tool": "read_file", "args": {}}\n',
  'Cut off: <TOOL_CALL>{"tool":"read_file","args":{"pa',
];

/** Streams `reply` in `size`-character deltas; returns every settled prose seen and the end's prose. */
function settledWhileStreaming(reply: string, size: number, stream = new ReplyStream(parser)): { seen: string[]; gains: string; content: string } {
  const seen: string[] = [];
  let gains = '';
  let full = '';
  for (let offset = 0; offset < reply.length; offset += size) {
    const text = reply.slice(offset, offset + size);
    full += text;
    stream.push({ text, full, rewrite: false });
    const settled = stream.settledProse();
    assert.ok(stream.proseSoFar().startsWith(settled), `settled prose is a prefix of the prose so far: ${JSON.stringify(settled)}`);
    seen.push(settled);
    gains += stream.settledProseGain();
  }
  return { seen, gains, content: stream.end().content ?? '' };
}

describe('ReplyStream', () => {
  it('settled prose only grows, and the finished prose starts with it, for every split', () => {
    for (const reply of REPLIES) {
      for (const size of [1, 2, 3, 5, 8, reply.length]) {
        const { seen, gains, content } = settledWhileStreaming(reply, size);
        const label = `${JSON.stringify(reply)} in ${size}-character deltas`;
        for (let index = 1; index < seen.length; index++) assert.ok(seen[index].startsWith(seen[index - 1]), `grows only: ${label}`);
        assert.ok(content.startsWith(seen.at(-1) ?? ''), `${JSON.stringify(content)} starts with ${JSON.stringify(seen.at(-1))}: ${label}`);
        assert.equal(gains, seen.at(-1), `the gains add up to the settled prose: ${label}`);
      }
    }
  });

  it('settles prose as it streams, up to text that may still change', () => {
    const stream = new ReplyStream(parser);
    const reply = 'Let me check the weather in Paris today.\n<TOOL_CALL>{"tool":"get_weather"';
    stream.push({ text: reply, full: reply, rewrite: false });
    assert.equal(stream.settledProse(), 'Let me check the weather in Paris today.');
    // Blank lines a call would tidy away stay unsettled until the reply shows whether it has one.
    const plain = new ReplyStream(parser);
    const text = 'First.\n\n\n\nSecond line of prose.\nThird';
    plain.push({ text, full: text, rewrite: false });
    assert.equal(plain.settledProse(), 'First.');
    assert.equal(plain.proseSoFar(), text);
  });

  it('settles nothing before the end when an alternative protocol may still take the reply', () => {
    const stream = new ReplyStream(new PTKParser({ alternativeProtocols: [xmlStyleProtocol] }));
    const reply = 'Some prose that an alternative syntax may still turn into a call.\n';
    stream.push({ text: reply, full: reply, rewrite: false });
    assert.equal(stream.settledProse(), '');
    assert.equal(stream.settledProseGain(), '');
  });

  it('reads a delta handed over twice once, and answers isComplete from the same scan', () => {
    const stream = new ReplyStream(parser);
    const first: StreamDelta = { text: 'Reading.\n', full: 'Reading.\n', rewrite: false };
    stream.push(first);
    assert.equal(stream.isComplete(first.full, first), false);
    const full = `Reading.\n${CALL}`;
    const second: StreamDelta = { text: CALL, full, rewrite: false };
    assert.equal(stream.isComplete(full, second), true);
    stream.push(second);
    assert.equal(stream.text, full);
    assert.equal(stream.proseSoFar(), 'Reading.');
  });

  it('a rewrite starts a fresh scan: its prose replaces what was shown, its settled prose is given only where it extends what was given', () => {
    const stream = new ReplyStream(parser);
    const draft = 'Draft words that the site showed first.\nMore';
    stream.push({ text: draft, full: draft, rewrite: false });
    assert.deepEqual(stream.proseChange(), { text: draft, rewrite: false });
    assert.equal(stream.settledProseGain(), 'Draft words that the site showed first.\nMor');
    const extended = `${draft} text after the rewrite.\nEnd`;
    stream.push({ text: '', full: extended, rewrite: true });
    assert.deepEqual(stream.proseChange(), { text: extended, rewrite: true });
    assert.equal(stream.settledProseGain(), 'e text after the rewrite.\nEn');
    const other = 'Another answer entirely.\nMore';
    stream.push({ text: '', full: other, rewrite: true });
    assert.equal(stream.settledProseGain(), '', 'settled prose given cannot be taken back: nothing more is given');
    stream.push({ text: ' and more text.\nX', full: `${other} and more text.\nX`, rewrite: false });
    assert.equal(stream.settledProseGain(), '');
  });
});
