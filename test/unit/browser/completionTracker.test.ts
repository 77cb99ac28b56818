import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompletionTracker, type TurnEvidence } from '../../../src/browser/completionTracker';

const base: TurnEvidence = { assistantTurnFound: true, stopVisible: false, streaming: false, actionBarPresent: false, textLength: 0, textChanged: false };

describe('CompletionTracker', () => {
  it('never completes without generation seen active (a finished turn from before is not ours)', () => {
    const tracker = new CompletionTracker(100, 0);
    tracker.observe({ ...base, actionBarPresent: true, textLength: 10 }, 0);
    assert.equal(tracker.decide(10_000).done, false);
  });

  it('a thinking pause (stop visible, no tokens for a long time) does not end the answer', () => {
    const tracker = new CompletionTracker(100, 0);
    tracker.observe({ ...base, stopVisible: true }, 0);
    assert.equal(tracker.decide(60_000).done, false);
    tracker.observe({ ...base, stopVisible: true, textLength: 5, textChanged: true }, 60_000);
    assert.equal(tracker.decide(120_000).done, false);
  });

  it('stop gone but no action bar yet: not done, however quiet', () => {
    const tracker = new CompletionTracker(100, 0);
    tracker.observe({ ...base, stopVisible: true, textLength: 5, textChanged: true }, 0);
    tracker.observe({ ...base, textLength: 5 }, 50);
    assert.equal(tracker.decide(10_000).done, false);
  });

  it('completes after stop gone + action bar + quiet period, and says how long to wait before that', () => {
    const tracker = new CompletionTracker(100, 0);
    tracker.observe({ ...base, stopVisible: true, textLength: 5, textChanged: true }, 1_000);
    tracker.observe({ ...base, actionBarPresent: true, textLength: 5 }, 1_030);
    assert.deepEqual(tracker.decide(1_040), { done: false, recheckInMs: 60 });
    assert.deepEqual(tracker.decide(1_100), { done: true });
  });

  it('text growing counts as generation seen, even when the stop button was never observed', () => {
    const tracker = new CompletionTracker(50, 0);
    tracker.observe({ ...base, textLength: 3, textChanged: true }, 0);
    tracker.observe({ ...base, textLength: 3, actionBarPresent: true }, 10);
    assert.equal(tracker.generationSeen, true);
    assert.equal(tracker.decide(60).done, true);
  });

  it('a streaming indicator holds completion like the stop button', () => {
    const tracker = new CompletionTracker(0, 0);
    tracker.observe({ ...base, streaming: true, actionBarPresent: true, textLength: 4, textChanged: true }, 0);
    assert.equal(tracker.decide(5_000).done, false);
  });
});
