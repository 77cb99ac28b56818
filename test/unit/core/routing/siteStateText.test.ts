import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeSiteState, failoverLine, failoverQuestion, formatClockTime, statesSummary } from '../../../../src/core/routing/siteStateText';

const NOW = new Date(2026, 10, 26, 14, 0).getTime();

describe('site state texts', () => {
  it('a time today reads as HH:MM; another day adds its date', () => {
    assert.equal(formatClockTime(new Date(2026, 10, 26, 9, 5).getTime(), NOW), '09:05');
    assert.equal(formatClockTime(new Date(2026, 10, 27, 9, 5).getTime(), NOW), '2026-11-27 09:05');
  });

  it('each state in a few words', () => {
    const until = new Date(2026, 10, 26, 15, 0).getTime();
    const base = { site: 'chatgpt', label: 'ChatGPT' };
    assert.equal(describeSiteState({ ...base, status: 'ready' }, NOW), 'ready');
    assert.equal(describeSiteState({ ...base, status: 'limited', until }, NOW), 'limited until 15:00');
    assert.equal(describeSiteState({ ...base, status: 'coolingDown', until }, NOW), 'cooling down after errors until 15:00');
    assert.equal(describeSiteState({ ...base, status: 'signedOut', until }, NOW), 'signed out');
    assert.equal(describeSiteState({ ...base, status: 'broken', until }, NOW), 'broken (its page is no longer recognised)');
    assert.equal(statesSummary([{ ...base, status: 'limited', until }, { site: 'claude', label: 'Claude', status: 'ready' }], NOW), 'ChatGPT: limited until 15:00; Claude: ready');
  });

  it('the failover line names both sites, the reason and the time', () => {
    assert.equal(failoverLine('ChatGPT', 'Claude', 'usageLimit', new Date(2026, 10, 26, 15, 0).getTime(), NOW), 'ChatGPT: usage limit until 15:00 — continuing on Claude');
    assert.equal(failoverLine('Gemini', 'Claude', 'pageChanged', undefined, NOW), 'Gemini: page no longer recognised — continuing on Claude');
  });

  it('the failover question names the task when it is known (it may run in a conversation not on screen)', () => {
    const until = new Date(2026, 10, 26, 15, 0).getTime();
    assert.deepEqual(failoverQuestion('ChatGPT', 'Claude', 'usageLimit', until, NOW, undefined, 'Fix the type error in src/main.ts'), {
      question: 'ChatGPT: usage limit until 15:00. Continue the task “Fix the type error in src/main.ts” on Claude? It starts a new chat there with the task so far.',
      action: 'Continue on Claude',
    });
    assert.match(failoverQuestion('ChatGPT', 'Claude', 'usageLimit', until, NOW).question, /Continue this task on Claude\?/);
  });
});
