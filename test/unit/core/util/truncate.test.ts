import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { shortenText } from '../../../../src/core/conversation/historyBudget';
import { PTKFormatter } from '../../../../src/core/protocol/formatter';
import { HeadTailCollector, truncateMiddle } from '../../../../src/core/util/truncate';
import { runShellCommand } from '../../../../src/host/shared/runCommand';
import { tmpdir } from 'node:os';

const MARKER = /\n\[… (\d+) characters omitted …\]\n/;

describe('truncateMiddle', () => {
  it('leaves text within the cap alone', () => {
    assert.deepEqual(truncateMiddle('short', 10), { text: 'short', omitted: 0 });
    assert.deepEqual(truncateMiddle('exactly10!', 10), { text: 'exactly10!', omitted: 0 });
  });

  it('keeps the head and the tail (60/40) with one marker, and the whole fits the cap', () => {
    const text = 'a'.repeat(500) + 'b'.repeat(500);
    const cut = truncateMiddle(text, 100);
    assert.ok(cut.text.length <= 100, `length ${cut.text.length}`);
    const [head, tail] = cut.text.split(MARKER.exec(cut.text)![0]);
    assert.match(head, /^a+$/);
    assert.match(tail, /^b+$/);
    assert.equal(head.length, Math.ceil((head.length + tail.length) * 0.6));
    assert.equal(Number(MARKER.exec(cut.text)![1]), cut.omitted);
    assert.equal(head.length + cut.omitted + tail.length, text.length, 'the count in the marker is exact');
  });
});

describe('HeadTailCollector', () => {
  it('collects chunks with bounded memory and gives the same text as truncateMiddle', () => {
    const chunks = Array.from({ length: 200 }, (_, index) => `chunk ${index} `.repeat(7));
    const collector = new HeadTailCollector(300);
    for (const chunk of chunks) collector.push(chunk);
    const whole = truncateMiddle(chunks.join(''), 300);
    assert.equal(collector.truncated, true);
    assert.equal(collector.omitted, whole.omitted);
    assert.equal(collector.toString(), whole.text);
  });

  it('keeps short output whole, even in many chunks', () => {
    const collector = new HeadTailCollector(100);
    for (const chunk of ['abc', 'def', 'ghi']) collector.push(chunk);
    assert.equal(collector.toString(), 'abcdefghi');
    assert.equal(collector.truncated, false);
    assert.equal(collector.omitted, 0);
  });
});

describe('one truncation marker everywhere', () => {
  it('tool results, older history results and command output all use the same cut and marker', async () => {
    const long = 'x'.repeat(3000) + 'END';
    const result = new PTKFormatter().formatToolResult({ success: false, data: null, error: long }, { maxChars: 800 });
    assert.match(result, /\\n\[… \d+ characters omitted …\]\\n/, 'the result JSON carries the marker (escaped)');
    assert.equal(shortenText(long, 200), truncateMiddle(long, 200).text);
    const output = await runShellCommand(`node -e "process.stdout.write('y'.repeat(5000) + 'TAIL')"`, { cwd: tmpdir(), timeoutMs: 20_000, maxOutputChars: 200 });
    assert.equal(output.stdout, truncateMiddle('y'.repeat(5000) + 'TAIL', 200).text);
    assert.equal(output.outputTruncated, true);
  });
});
