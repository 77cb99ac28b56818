import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompletionTracker, type TurnEvidence } from '../../../src/browser/completionTracker';

const base: TurnEvidence = { assistantTurnFound: true, stopVisible: false, streaming: false, thinking: false, actionBarPresent: false, textLength: 0, textChanged: false };
const finished: TurnEvidence = { ...base, actionBarPresent: true, textLength: 5 };

/** Feeds `evidence` at each of `times`. */
function feed(tracker: CompletionTracker, evidence: TurnEvidence, times: number[]): void {
  for (const time of times) tracker.observe(evidence, time);
}

describe('CompletionTracker', () => {
  it('never completes without generation seen active (a finished turn from before is not ours)', () => {
    const tracker = new CompletionTracker(100, 0);
    feed(tracker, { ...base, actionBarPresent: true, textLength: 10 }, [0, 30, 60, 90]);
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
    feed(tracker, { ...base, textLength: 5 }, [50, 100, 150]);
    assert.equal(tracker.decide(10_000).done, false);
  });

  it('completes once the finished state held over 3 observations and the hold span, with the text quiet; says how long to wait', () => {
    const tracker = new CompletionTracker(100, 0, { barObservations: 3, barHoldMs: 60 });
    tracker.observe({ ...base, stopVisible: true, textLength: 5, textChanged: true }, 1_000);
    tracker.observe(finished, 1_030);
    assert.deepEqual(tracker.decide(1_040), { done: false }, 'one observation of the bar is not enough');
    feed(tracker, finished, [1_055, 1_080]);
    assert.deepEqual(tracker.decide(1_080), { done: false, recheckInMs: 20 }, 'the text has been quiet for 80 of 100 ms');
    assert.deepEqual(tracker.decide(1_100), { done: true });
  });

  it('the hold span counts from the first observation of the bar', () => {
    const tracker = new CompletionTracker(0, 0, { barObservations: 3, barHoldMs: 300 });
    tracker.observe({ ...base, textLength: 5, textChanged: true }, 0);
    feed(tracker, finished, [10, 20, 30]);
    assert.deepEqual(tracker.decide(30), { done: false, recheckInMs: 280 });
    assert.deepEqual(tracker.decide(310), { done: true });
  });

  it('a bar that flashes mid-thinking never ends a turn, however long it stays, while the thinking indicator shows', () => {
    const tracker = new CompletionTracker(100, 0);
    tracker.observe({ ...base, thinking: true }, 0);
    feed(tracker, { ...base, thinking: true, actionBarPresent: true }, [100, 200, 300, 400, 5_000]);
    assert.equal(tracker.decide(10_000).done, false);
  });

  it('a short bar flash (no stop, no indicator) goes before it has held, and the debounce restarts', () => {
    const tracker = new CompletionTracker(100, 0);
    tracker.observe({ ...base, stopVisible: true, textLength: 8, textChanged: true }, 0);
    feed(tracker, { ...finished, textLength: 8 }, [500, 525]); // flash: two observations
    tracker.observe({ ...base, stopVisible: true, textLength: 8 }, 550); // thinking again
    tracker.observe({ ...finished, textLength: 8 }, 2_000); // the real end: one observation so far
    assert.equal(tracker.decide(2_010).done, false, 'observations before the flash ended do not count');
    feed(tracker, { ...finished, textLength: 8 }, [2_025, 2_050]);
    assert.equal(tracker.decide(2_060).done, true);
  });

  it('a preamble gap (stop gone, text stable, no action bar) never ends a turn', () => {
    const tracker = new CompletionTracker(100, 0);
    tracker.observe({ ...base, stopVisible: true, textLength: 20, textChanged: true }, 0);
    feed(tracker, { ...base, textLength: 20 }, [100, 200, 400, 600]);
    assert.equal(tracker.decide(650).done, false);
    tracker.observe({ ...base, thinking: true, textLength: 20 }, 700);
    tracker.observe({ ...base, stopVisible: true, textLength: 60, textChanged: true }, 900);
    assert.equal(tracker.decide(2_000).done, false);
  });

  it('a text change resets the debounce (a bar appearing with the first tokens)', () => {
    const tracker = new CompletionTracker(0, 0, { barHoldMs: 0 });
    tracker.observe({ ...finished, textChanged: true }, 0);
    feed(tracker, finished, [10, 20]);
    assert.equal(tracker.decide(20).done, false);
    tracker.observe({ ...finished, textLength: 9, textChanged: true }, 30);
    feed(tracker, { ...finished, textLength: 9 }, [40, 50]);
    assert.equal(tracker.decide(50).done, false);
    tracker.observe({ ...finished, textLength: 9 }, 60);
    assert.equal(tracker.decide(60).done, true);
  });

  it('text growing counts as generation seen, even when the stop button was never observed', () => {
    const tracker = new CompletionTracker(50, 0);
    tracker.observe({ ...base, textLength: 3, textChanged: true }, 0);
    feed(tracker, { ...base, textLength: 3, actionBarPresent: true }, [10, 40, 70]);
    assert.equal(tracker.generationSeen, true);
    assert.equal(tracker.decide(80).done, true);
  });

  it('a streaming indicator holds completion like the stop button', () => {
    const tracker = new CompletionTracker(0, 0);
    feed(tracker, { ...base, streaming: true, actionBarPresent: true, textLength: 4, textChanged: true }, [0, 10, 20, 30]);
    assert.equal(tracker.decide(5_000).done, false);
  });
  it('text the page released once the turn looked finished counts its quiet period from the answer DOM\'s last change', () => {
    const tracker = new CompletionTracker(100, 0, { barObservations: 3, barHoldMs: 60 });
    tracker.observe({ ...base, stopVisible: true, textLength: 5, textChanged: true, answerQuietMs: 0 }, 1_000);
    // The finished report releases a held-back closing fence: the answer's DOM last changed 5 ms before it.
    tracker.observe({ ...finished, textLength: 9, textChanged: true, answerQuietMs: 5 }, 1_010);
    feed(tracker, { ...finished, textLength: 9, answerQuietMs: 25 }, [1_030, 1_050, 1_070]);
    assert.deepEqual(tracker.decide(1_090), { done: false, recheckInMs: 15 }, 'quiet since 1 005, not since the report at 1 010');
    assert.deepEqual(tracker.decide(1_105), { done: true });
  });

  it('the bar hold still restarts on the released text, whatever the answer DOM\'s age', () => {
    const tracker = new CompletionTracker(100, 0, { barObservations: 3, barHoldMs: 60 });
    tracker.observe({ ...base, stopVisible: true, textLength: 5, textChanged: true }, 0);
    tracker.observe({ ...finished, textLength: 9, textChanged: true, answerQuietMs: 500 }, 500);
    feed(tracker, { ...finished, textLength: 9 }, [520, 540]);
    assert.equal(tracker.decide(560).done, false, 'two observations after the change are not three');
    tracker.observe({ ...finished, textLength: 9 }, 580);
    assert.deepEqual(tracker.decide(580), { done: true }, 'three observations after the change, spanning 60 ms');
  });

  it('a DOM age never moves the last change before an earlier one', () => {
    const tracker = new CompletionTracker(100, 0, { barObservations: 1, barHoldMs: 0 });
    tracker.observe({ ...base, stopVisible: true, textLength: 5, textChanged: true }, 1_000);
    tracker.observe({ ...finished, textLength: 9, textChanged: true, answerQuietMs: 400 }, 1_010);
    tracker.observe({ ...finished, textLength: 9 }, 1_020);
    assert.deepEqual(tracker.decide(1_050), { done: false, recheckInMs: 50 });
  });
});
