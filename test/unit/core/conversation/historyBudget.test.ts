import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compactHistory, historyLength, shortenText } from '../../../../src/core/conversation/historyBudget';
import type { PTKMessage } from '../../../../src/core/types';

function transcript(turns: number, resultSize: number): PTKMessage[] {
  const messages: PTKMessage[] = [
    { role: 'system', content: 'SYSTEM PROMPT' },
    { role: 'user', content: 'THE TASK: fix the bug' },
  ];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({ role: 'assistant', content: `<TOOL_CALL>{"tool":"read_file","args":{"path":"f${turn}"}}</TOOL_CALL>`, toolCalls: [{ tool: 'read_file', args: { path: `f${turn}` } }] });
    messages.push({ role: 'tool', content: `TOOL_RESULT: ${String(turn).padEnd(resultSize, 'x')}` });
  }
  return messages;
}

describe('compactHistory', () => {
  it('returns the messages unchanged under budget', () => {
    const messages = transcript(3, 100);
    assert.deepEqual(compactHistory(messages, { budgetChars: 100_000 }), messages);
  });

  it('shortens older tool results first, keeping the recent ones whole', () => {
    const messages = transcript(10, 2000);
    const compacted = compactHistory(messages, { budgetChars: 12_000, keepRecentMessages: 4, shortenedResultChars: 300 });
    assert.equal(compacted.length, messages.length, 'no turn removed');
    assert.ok(historyLength(compacted) <= 12_000);
    assert.equal(compacted[3].compacted, true);
    assert.match(compacted[3].content, /characters omitted/);
    assert.equal(compacted.at(-1), messages.at(-1));
    assert.equal(compacted[0], messages[0]);
    assert.equal(compacted[1], messages[1]);
  });

  it('then folds older turns into a summary, keeping the system prompt, the task and the latest results', () => {
    const messages = transcript(60, 500);
    const compacted = compactHistory(messages, { budgetChars: 6_000, keepRecentMessages: 4, shortenedResultChars: 200 });
    assert.ok(historyLength(compacted) <= 6_000, `length ${historyLength(compacted)}`);
    assert.equal(compacted[0].content, 'SYSTEM PROMPT');
    assert.equal(compacted[1].content, 'THE TASK: fix the bug');
    assert.equal(compacted[2].compacted, true);
    assert.match(compacted[2].content, /^Summary of earlier steps/);
    assert.match(compacted[2].content, /called read_file \{"path":"f57"\}/);
    assert.deepEqual(compacted.slice(-4), messages.slice(-4));
    // Compacting again folds the old summary into the new one.
    const again = compactHistory([...compacted, ...transcript(5, 500).slice(2)], { budgetChars: 6_000, keepRecentMessages: 4, shortenedResultChars: 200 });
    assert.equal(again.filter((message) => message.content.startsWith('Summary of earlier steps')).length, 1);
  });

  it('does not change its input', () => {
    const messages = transcript(10, 2000);
    const before = JSON.stringify(messages);
    compactHistory(messages, { budgetChars: 1000 });
    assert.equal(JSON.stringify(messages), before);
  });

  it('shortenText keeps head and tail', () => {
    const text = `HEAD${'m'.repeat(1000)}TAIL`;
    const short = shortenText(text, 100);
    assert.ok(short.startsWith('HEAD') && short.endsWith('TAIL'));
    assert.ok(short.length < 140);
    assert.equal(shortenText('short', 100), 'short');
  });
});
