import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { chatgptAdapter } from '../../../src/browser/adapters/chatgpt';
import { CompletionTracker, type TurnEvidence } from '../../../src/browser/completionTracker';
import type { PageSnapshot } from '../../../src/browser/page/pageRuntime';
import { CONFIRM_POLL_MS, TurnWatch, type TurnWatchOptions } from '../../../src/browser/turnWatch';
import { PTKErrorCode } from '../../../src/core/errors';
import type { StreamDelta } from '../../../src/core/ports';

const NONCE = 'abc123xyz0';

/** A snapshot of our turn with nothing on the page yet; fields overridden per test. */
function snapshot(change: Partial<PageSnapshot> = {}): PageSnapshot {
  return {
    nonce: NONCE,
    sequence: 2,
    answerQuietMs: 0,
    composerPresent: true,
    composerText: '',
    userTurnFound: true,
    assistantTurnFound: true,
    append: '',
    rewrite: null,
    textLength: 0,
    stopVisible: false,
    streaming: false,
    thinking: false,
    actionBarPresent: false,
    banners: [],
    loginWall: false,
    guest: false,
    botCheck: false,
    matched: {},
    ...change,
  };
}

/** The String.prototype methods that read a string's characters (slicing a rope flattens it whole). */
const READING_METHODS = ['slice', 'substring', 'substr', 'startsWith', 'endsWith', 'indexOf', 'lastIndexOf', 'includes', 'charAt', 'charCodeAt', 'codePointAt', 'at', 'split', 'match', 'matchAll', 'replace', 'replaceAll', 'search', 'trim', 'trimStart', 'trimEnd', 'localeCompare', 'normalize', 'toLowerCase', 'toUpperCase', 'concat', 'padEnd', 'padStart', 'repeat'] as const;

/**
 * Records the longest string (over 100,000 characters) any reading String method, RegExp
 * method or JSON.stringify was applied to, until restore().
 */
function readsOfStrings(): { longest(): number; restore(): void } {
  let longest = 0;
  const note = (value: unknown): void => {
    if (typeof value === 'string' && value.length > 100_000) longest = Math.max(longest, value.length);
  };
  const restorers: Array<() => void> = [];
  const wrap = <T extends object>(target: T, name: keyof T, argument: boolean): void => {
    const original = target[name] as (...args: unknown[]) => unknown;
    (target as Record<keyof T, unknown>)[name] = function spied(this: unknown, ...args: unknown[]): unknown {
      note(argument ? args[0] : this);
      return original.apply(this, args);
    };
    restorers.push(() => ((target as Record<keyof T, unknown>)[name] = original));
  };
  for (const name of READING_METHODS) wrap(String.prototype, name, false);
  for (const name of ['exec', 'test'] as const) wrap(RegExp.prototype, name, true);
  const stringify = JSON.stringify;
  JSON.stringify = ((value: unknown, ...rest: unknown[]) => {
    note(value);
    if (value && typeof value === 'object') for (const field of Object.values(value)) note(field);
    return (stringify as (...args: unknown[]) => string)(value, ...rest);
  }) as typeof JSON.stringify;
  restorers.push(() => (JSON.stringify = stringify));
  return { longest: () => longest, restore: () => restorers.reverse().forEach((restore) => restore()) };
}

/** A tracker that records what it was shown. */
function recordingTracker(): TurnWatchOptions['tracker'] & { seen: TurnEvidence[] } {
  const seen: TurnEvidence[] = [];
  return { seen, observe: (evidence) => seen.push(evidence), decide: () => ({ done: false, recheckInMs: 40 }) };
}

function watchWith(change: Partial<TurnWatchOptions> = {}): TurnWatch {
  return new TurnWatch({ nonce: NONCE, adapter: chatgptAdapter, tracker: recordingTracker(), call: {}, earlyStop: false, ...change });
}

/**
 * Whether `promise` has settled once pending callbacks have run. The tests mock setTimeout,
 * so no sleep can end by its timer here: a settled sleep was ended by the event under test.
 */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise<void>((resolve) => setImmediate(resolve));
  return done;
}

describe('TurnWatch reports', () => {
  it('folds appends, rewrites and the whole text of a re-armed watch, and passes each change to onDelta', () => {
    const deltas: StreamDelta[] = [];
    const tracker = recordingTracker();
    const watch = watchWith({ tracker, call: { onDelta: (delta) => deltas.push(delta) } });
    assert.equal(watch.report(snapshot({ sequence: 1, append: 'Hel' })), true);
    watch.report(snapshot({ append: 'lo' }));
    watch.report(snapshot({ rewrite: 'Help' }));
    watch.report(snapshot({ sequence: 1, append: 'Help me' })); // after a reload: the whole text again
    watch.report(snapshot({ append: '' })); // no change
    assert.equal(watch.text, 'Help me');
    assert.deepEqual(deltas, [
      { text: 'Hel', full: 'Hel', rewrite: false },
      { text: 'lo', full: 'Hello', rewrite: false },
      { text: '', full: 'Help', rewrite: true },
      { text: ' me', full: 'Help me', rewrite: false },
    ]);
    assert.deepEqual(
      tracker.seen.map((evidence) => [evidence.textLength, evidence.textChanged]),
      [
        [3, true],
        [5, true],
        [4, true],
        [7, true],
        [7, false],
      ],
    );
    assert.ok(watch.firstTokenAt !== undefined && watch.lastMutationAt !== undefined && watch.lastReportAt !== undefined);
  });

  it('an append costs the new text only: no string operation reads the text before it', () => {
    const earlier = 'x'.repeat(1_000_000);
    const deltas: StreamDelta[] = [];
    const checked: Array<StreamDelta | undefined> = [];
    const watch = watchWith({ earlyStop: true, call: { onDelta: (delta) => deltas.push(delta), isComplete: (_text, delta) => (checked.push(delta), false) } });
    watch.report(snapshot({ sequence: 1, append: earlier }));
    const read = readsOfStrings();
    try {
      for (let index = 0; index < 50; index++) watch.report(snapshot({ sequence: index + 2, append: `piece ${index}. ` }));
    } finally {
      read.restore();
    }
    assert.equal(read.longest(), 0, 'a string method read the whole text during an append');
    assert.equal(watch.text.length, earlier.length + deltas.slice(1).reduce((sum, delta) => sum + delta.text.length, 0));
    assert.deepEqual(
      deltas.slice(1).map((delta) => [delta.text, delta.rewrite]),
      Array.from({ length: 50 }, (_, index) => [`piece ${index}. `, false]),
    );
    assert.deepEqual(
      checked.slice(1).map((delta) => delta?.text),
      deltas.slice(1).map((delta) => delta.text),
      'the completeness check gets the delta',
    );
  });

  it('passes the age of the answer DOM\'s last change on to the tracker with the text change it came with', () => {
    const tracker = recordingTracker();
    const watch = watchWith({ tracker });
    watch.report(snapshot({ sequence: 1, append: 'Hel', answerQuietMs: 0 }));
    watch.report(snapshot({ append: 'lo```', actionBarPresent: true, answerQuietMs: 7 }));
    assert.deepEqual(
      tracker.seen.map((evidence) => [evidence.textChanged, evidence.answerQuietMs]),
      [
        [true, 0],
        [true, 7],
      ],
    );
  });

  it('ignores a report of another turn, and an empty one', () => {
    const tracker = recordingTracker();
    const watch = watchWith({ tracker });
    assert.equal(watch.report(snapshot({ nonce: 'someoneelse', append: 'x', banners: ['Something went wrong.'] })), false);
    assert.equal(watch.report(null), false);
    assert.equal(watch.text, '');
    assert.equal(watch.lastSnapshot, undefined);
    assert.equal(watch.problem, undefined);
    assert.equal(tracker.seen.length, 0);
  });

  it('asks for an early stop once the text holds a complete answer, only when early stop is on', () => {
    const isComplete = (text: string): boolean => text.includes('</TOOL_CALL>');
    const on = watchWith({ earlyStop: true, call: { isComplete } });
    const off = watchWith({ earlyStop: false, call: { isComplete } });
    for (const watch of [on, off]) {
      watch.report(snapshot({ append: '<TOOL_CALL>{}' }));
      assert.equal(watch.earlyStopRequested, false);
      watch.report(snapshot({ append: '</TOOL_CALL>' }));
    }
    assert.equal(on.earlyStopRequested, true);
    assert.equal(off.earlyStopRequested, false);
  });

  it('survives a throwing onDelta and a throwing completeness test', () => {
    const watch = watchWith({
      earlyStop: true,
      call: {
        onDelta: () => {
          throw new Error('listener bug');
        },
        isComplete: () => {
          throw new Error('test bug');
        },
      },
    });
    assert.equal(watch.report(snapshot({ append: 'text' })), true);
    assert.equal(watch.text, 'text');
    assert.equal(watch.earlyStopRequested, false);
  });

  it('keeps the first problem the page shows, and each notice once (warnings and the status)', () => {
    const notices: string[] = [];
    let guestReports = 0;
    const watch = watchWith({ onNotice: (notice) => notices.push(notice), onGuest: () => guestReports++ });
    const limitNotice = "You've hit the Plus plan limit for GPT-5. Responses will use another model until your limit resets.";
    watch.report(snapshot({ banners: [limitNotice] }));
    assert.equal(watch.problem?.code, undefined, 'a notice is never an error');
    watch.report(snapshot({ banners: [limitNotice, 'Too many requests in 1 hour. Try again later.'], guest: true }));
    watch.report(snapshot({ banners: ['Something went wrong.'] }));
    assert.equal(watch.problem?.code, PTKErrorCode.RATE_LIMITED);
    assert.deepEqual(watch.notices, [limitNotice]);
    assert.deepEqual(notices, [limitNotice]);
    assert.equal(guestReports, 1);
    watch.addNotices(['The requested model was not offered.']);
    assert.deepEqual(watch.notices, [limitNotice, 'The requested model was not offered.']);
  });

  it('a login wall or a bot check in a report is the turn problem', () => {
    const wall = watchWith();
    wall.report(snapshot({ loginWall: true }));
    assert.equal(wall.problem?.code, PTKErrorCode.LOGIN_REQUIRED);
    const check = watchWith();
    check.report(snapshot({ botCheck: true }));
    assert.equal(check.problem?.code, PTKErrorCode.BOT_CHECK);
  });

  it('keeps the latest match of each selector list; a later miss never hides a match', () => {
    const watch = watchWith();
    watch.noteMatched({ sendButton: 1 });
    watch.report(snapshot({ matched: { stopButton: 0, actionBar: -1 } }));
    watch.report(snapshot({ matched: { stopButton: -1, actionBar: 2 } }));
    watch.noteMatched({ copyButton: -1 });
    assert.deepEqual(watch.matched, { sendButton: 1, stopButton: 0, actionBar: 2, copyButton: -1 });
  });
});

describe('TurnWatch reading the page', () => {
  it('tells a taken send, a dropped message, a settled stop and a finished-looking turn', () => {
    const watch = watchWith();
    assert.equal(watch.submitTaken(), false, 'nothing reported yet');
    watch.report(snapshot({ userTurnFound: false, composerText: 'still here [ptk:abc123xyz0]' }));
    assert.equal(watch.submitTaken(), false);
    assert.equal(watch.messageMissing(), true);
    watch.report(snapshot({ userTurnFound: false, composerText: '  ' }));
    assert.equal(watch.submitTaken(), true, 'the composer was emptied');
    watch.report(snapshot({ userTurnFound: false, composerPresent: false, stopVisible: true }));
    assert.equal(watch.submitTaken(), true, 'the stop button shows');
    assert.equal(watch.messageMissing(), false, 'no composer: nothing to say');
    assert.equal(watch.settledAfterStop(), false);
    assert.equal(watch.looksFinished(), false);
    watch.report(snapshot({ actionBarPresent: true }));
    assert.equal(watch.settledAfterStop(), true);
    assert.equal(watch.looksFinished(), true);
    watch.report(snapshot({ actionBarPresent: true, thinking: true }));
    assert.equal(watch.looksFinished(), false, 'a bar that shows while thinking is no finish');
  });

  it('asks for a confirmation once a finished-looking turn has gone quiet, and sleeps shorter meanwhile', () => {
    const watch = watchWith();
    watch.report(snapshot({ stopVisible: true }));
    const reportedAt = watch.lastReportAt ?? 0;
    assert.equal(watch.confirmationOverdue(reportedAt + 1_000), false, 'still generating');
    assert.equal(watch.recheckDelay({ done: false }), 500);
    assert.equal(watch.recheckDelay({ done: false, recheckInMs: 30 }), 30);
    watch.report(snapshot({ actionBarPresent: true }));
    const finishedAt = watch.lastReportAt ?? 0;
    assert.equal(watch.confirmationOverdue(finishedAt + CONFIRM_POLL_MS - 1), false);
    assert.equal(watch.confirmationOverdue(finishedAt + CONFIRM_POLL_MS), true);
    assert.equal(watch.recheckDelay({ done: false }), CONFIRM_POLL_MS);
  });

  it('decides with its tracker', () => {
    const watch = watchWith({ tracker: new CompletionTracker(0, 0, { barObservations: 2, barHoldMs: 0 }) });
    watch.report(snapshot({ stopVisible: true, append: 'done' }));
    assert.equal(watch.decide(Date.now()).done, false);
    watch.report(snapshot({ actionBarPresent: true }));
    watch.report(snapshot({ actionBarPresent: true }));
    assert.equal(watch.decide(Date.now() + 10).done, true);
  });
});

describe('TurnWatch waking and tab events', () => {
  it('sleeps the whole time when nothing happens', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const watch = watchWith();
    const sleeping = watch.waitForWake(60);
    t.mock.timers.tick(59);
    assert.equal(await settled(sleeping), false);
    t.mock.timers.tick(1);
    assert.equal(await settled(sleeping), true);
  });

  it('a report ends the sleep at once', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const watch = watchWith();
    const sleeping = watch.waitForWake(5_000);
    assert.equal(await settled(sleeping), false);
    watch.report(snapshot({ append: 'x' }));
    assert.equal(await settled(sleeping), true);
  });

  it("the call's abort ends the sleep at once", async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const controller = new AbortController();
    const watch = watchWith({ call: { signal: controller.signal } });
    const sleeping = watch.waitForWake(5_000);
    assert.equal(await settled(sleeping), false);
    controller.abort();
    assert.equal(await settled(sleeping), true);
  });

  it('a closed or crashed tab sets pageGone, a load sets reloaded; each wakes the loop', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const page = new EventEmitter();
    const watch = watchWith();
    watch.follow(page);
    let sleeping = watch.waitForWake(5_000);
    page.emit('crash');
    assert.equal(await settled(sleeping), true);
    assert.equal(watch.pageGone, true);
    sleeping = watch.waitForWake(5_000);
    assert.equal(await settled(sleeping), false);
    page.emit('domcontentloaded');
    assert.equal(await settled(sleeping), true);
    assert.equal(watch.reloaded, true);
    watch.pageGone = false;
    page.emit('close');
    assert.equal(watch.pageGone, true);
  });

  it('follows one tab at a time and lets go of it on release', () => {
    const first = new EventEmitter();
    const second = new EventEmitter();
    const events = ['close', 'crash', 'domcontentloaded'] as const;
    const listening = (page: EventEmitter): number[] => events.map((event) => page.listenerCount(event));
    const watch = watchWith();
    watch.follow(first);
    assert.deepEqual(listening(first), [1, 1, 1]);
    watch.follow(second);
    assert.deepEqual(listening(first), [0, 0, 0], 'the previous tab is let go');
    assert.deepEqual(listening(second), [1, 1, 1]);
    first.emit('close');
    assert.equal(watch.pageGone, false, 'a tab no longer followed changes nothing');
    watch.release();
    watch.release(); // twice is harmless
    assert.deepEqual(listening(second), [0, 0, 0]);
    second.emit('domcontentloaded');
    assert.equal(watch.reloaded, false);
  });
});
