import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULTS } from '../../../../src/core/constants';
import { LLMBackendError, ModelBehaviorError, PTKAbortError, PTKErrorCode } from '../../../../src/core/errors';
import type { StreamDelta } from '../../../../src/core/ports';
import { SiteRouter } from '../../../../src/core/routing/siteRouter';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { abortableSleep } from '../../../../src/core/util/abortSignals';
import { HOUR, MINUTE, rejectionOf, routerOver, siteError, T0, threadOf, TRANSCRIPT, usageLimit } from './helpers';

describe('SiteRouter: failover policy', () => {
  it("'auto' continues on the next ready site in a new chat that starts with the task's state", async () => {
    const { router, models, failovers } = routerOver({ chatgpt: [usageLimit('ChatGPT', HOUR)], claude: ['Answer from Claude'] });
    const reply = await router.call('TOOL_RESULT: only the new part', { thread: threadOf(false) });
    assert.equal(reply, 'Answer from Claude');
    const [handoff] = models.claude.calls;
    assert.equal(handoff.prompt, TRANSCRIPT);
    assert.equal(handoff.newThread, true);
    assert.equal(handoff.options.thread?.fullTranscript(), TRANSCRIPT);
    assert.deepEqual(failovers.map((event) => event.message), ['ChatGPT: usage limit until 15:00 — continuing on Claude']);
    assert.equal(failovers[0].until, T0 + HOUR);
    assert.equal(failovers[0].reason, 'usageLimit');
  });

  it("'ask' asks first and continues when the user says yes", async () => {
    const questions: unknown[] = [];
    const { router, models } = routerOver(
      { chatgpt: [usageLimit('ChatGPT', HOUR)], claude: ['Answer from Claude'] },
      { failover: 'ask', confirm: async (question) => (questions.push(question), true) },
    );
    assert.equal(await router.call('Hello', { thread: threadOf(true) }), 'Answer from Claude');
    assert.deepEqual(questions, [{ from: 'ChatGPT', to: 'Claude', fromSite: 'chatgpt', toSite: 'claude', reason: 'usageLimit', until: T0 + HOUR }]);
    assert.equal(models.claude.calls.length, 1);
  });

  it("'ask' asks only to move a task: a new chat starts past a site known to be limited without a question, saying so", async () => {
    const questions: unknown[] = [];
    const { router, models, failovers } = routerOver(
      { chatgpt: [usageLimit('ChatGPT', HOUR)], claude: ['Answer from Claude', 'Second task on Claude', 'Third turn on Claude'] },
      { failover: 'ask', confirm: async (question) => (questions.push(question), true) },
    );
    assert.equal(await router.call('First task', { thread: threadOf(true, 'a') }), 'Answer from Claude');
    assert.equal(questions.length, 1, 'the task in flight moved after a question');
    assert.equal(await router.call('Second task', { thread: threadOf(true, 'b') }), 'Second task on Claude');
    assert.equal(questions.length, 1, 'the new chat asked nothing');
    assert.equal(failovers.length, 2);
    assert.equal(failovers[1]!.message, 'ChatGPT: usage limit until 15:00 — continuing on Claude');
    assert.equal(models.chatgpt.calls.length, 1);
    // A conversation that Claude holds goes on there.
    assert.equal(await router.call('Go on', { thread: threadOf(false, 'b') }), 'Third turn on Claude');
    assert.equal(questions.length, 1);
  });

  it("'ask' asks again to move a conversation whose site became limited since", async () => {
    const questions: unknown[] = [];
    const { router, models, clock } = routerOver(
      { chatgpt: ['One', usageLimit('ChatGPT', HOUR)], claude: ['Moved'] },
      { failover: 'ask', confirm: async (question) => (questions.push(question), true) },
    );
    assert.equal(await router.call('First', { thread: threadOf(true, 'a') }), 'One');
    clock.time = T0 + MINUTE;
    assert.equal(await router.call('Next', { thread: threadOf(false, 'a') }), 'Moved');
    assert.equal(questions.length, 1);
    assert.equal(models.chatgpt.calls.length, 2);
  });

  it("starts where the caller chose (a provider model's site), and moves on from there", async () => {
    const { router, models } = routerOver({ chatgpt: ['From ChatGPT', 'First listed'], claude: [usageLimit('Claude', HOUR)], gemini: ['From Gemini'] });
    assert.equal(await router.call('Hello', { site: 'gemini', thread: threadOf(true, 'a') }), 'From Gemini');
    assert.equal(models.chatgpt.calls.length, 0);
    assert.equal(await router.call('Hello', { site: 'claude', thread: threadOf(true, 'b') }), 'From ChatGPT', 'the first ready site of the list');
    assert.equal(models.claude.calls.length, 1);
    assert.equal(await router.call('Hello', { site: 'unknown', thread: threadOf(true, 'c') }), 'First listed', 'a site not listed is no choice: the first listed');
  });

  it("'ask' answered no fails with the site's failure and sends nothing elsewhere", async () => {
    const limit = usageLimit('ChatGPT', HOUR);
    const { router, models, failovers } = routerOver({ chatgpt: [limit], claude: ['never'] }, { failover: 'ask', confirm: async () => false });
    assert.equal(await rejectionOf(router.call('Hello', { thread: threadOf(true) })), limit);
    assert.equal(models.claude.calls.length, 0);
    assert.equal(failovers.length, 0);
  });

  it("'off' rethrows the failure; the state is still remembered", async () => {
    const limit = usageLimit('ChatGPT', HOUR);
    const { router, models } = routerOver({ chatgpt: [limit], claude: ['never'] }, { failover: 'off' });
    assert.equal(await rejectionOf(router.call('Hello', { thread: threadOf(true) })), limit);
    assert.equal(models.claude.calls.length, 0);
    assert.deepEqual(router.states().map((state) => [state.site, state.status]), [['chatgpt', 'limited'], ['claude', 'ready']]);
  });

  it("'ask' without a confirm function is a setup error", () => {
    assert.throws(() => new SiteRouter([{ site: 'chatgpt', label: 'ChatGPT', model: new ScriptedChatModel([]) }]), /needs a confirm/);
  });
});

describe('SiteRouter: remembered states', () => {
  it('a capped site is skipped until its time, then used again', async () => {
    const { router, models, clock } = routerOver({ chatgpt: [usageLimit('ChatGPT', HOUR), 'ChatGPT is back'], claude: ['one', 'two'] });
    assert.equal(await router.call('task 1', { thread: threadOf(true, 'a') }), 'one');
    clock.time = T0 + 30 * MINUTE;
    assert.equal(await router.call('task 2', { thread: threadOf(true, 'b') }), 'two');
    assert.equal(models.chatgpt.calls.length, 1, 'the limited site is not called before its time');
    clock.time = T0 + HOUR;
    assert.equal(await router.call('task 3', { thread: threadOf(true, 'c') }), 'ChatGPT is back');
    assert.equal(models.chatgpt.calls.length, 2);
    assert.equal(router.states()[0].status, 'ready');
  });

  it('a usage limit without a stated time gets the default back-off', async () => {
    const { router } = routerOver({ chatgpt: [usageLimit('ChatGPT')], claude: ['ok'] });
    await router.call('Hello', { thread: threadOf(true) });
    const [chatgpt] = router.states();
    assert.equal(chatgpt.status, 'limited');
    assert.equal(chatgpt.until, T0 + DEFAULTS.routerLimitBackoffMs);
  });

  it('site errors move on only when they make a run; the cool-down then doubles', async () => {
    const { router, models, clock } = routerOver(
      { chatgpt: [siteError('ChatGPT'), siteError('ChatGPT'), siteError('ChatGPT'), siteError('ChatGPT'), siteError('ChatGPT'), siteError('ChatGPT')], claude: ['ok 1', 'ok 2'] },
      { errorsBeforeCooldown: 3, cooldownMs: MINUTE },
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      assert.equal((await rejectionOf(router.call('Hello', { thread: threadOf(true) })) as LLMBackendError).code, PTKErrorCode.SITE_ERROR);
    }
    assert.equal(models.claude.calls.length, 0, 'two errors: the site is not left yet');
    assert.equal(await router.call('Hello', { thread: threadOf(true) }), 'ok 1');
    assert.deepEqual([router.states()[0].status, router.states()[0].until], ['coolingDown', T0 + MINUTE]);
    clock.time = T0 + MINUTE;
    await rejectionOf(router.call('Hello', { thread: threadOf(true) }));
    await rejectionOf(router.call('Hello', { thread: threadOf(true) }));
    assert.equal(await router.call('Hello', { thread: threadOf(true) }), 'ok 2');
    assert.equal(router.states()[0].until, T0 + MINUTE + 2 * MINUTE, 'the second cool-down in a row is twice as long');
  });

  it('states() and the change listener report each transition', async () => {
    const { router, clock } = routerOver({ chatgpt: [new LLMBackendError('ChatGPT needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED }), 'ok'], claude: ['ok'] });
    const seen: string[] = [];
    router.onDidChangeStates((states) => seen.push(states.map((state) => `${state.site}:${state.status}`).join(',')));
    await router.call('Hello', { thread: threadOf(true) });
    assert.deepEqual(seen, ['chatgpt:signedOut,claude:ready']);
    assert.equal(router.nextStateChangeAt(), T0 + DEFAULTS.routerLimitBackoffMs);
    router.resetSite('chatgpt');
    assert.deepEqual(seen.at(-1), 'chatgpt:ready,claude:ready');
    clock.time += MINUTE;
    assert.equal(await router.call('Hello', { thread: threadOf(true) }), 'ok');
  });
});

describe('SiteRouter: when every site is limited', () => {
  it("'stop' fails with RATE_LIMITED naming each site and its time", async () => {
    const { router } = routerOver({ chatgpt: [usageLimit('ChatGPT', HOUR)], claude: [usageLimit('Claude', 2.5 * HOUR)] });
    const error = await rejectionOf(router.call('Hello', { thread: threadOf(true) }));
    assert.ok(error instanceof LLMBackendError);
    assert.equal(error.code, PTKErrorCode.RATE_LIMITED);
    assert.match(error.message, /ChatGPT: limited until 15:00; Claude: limited until 16:30/);
    assert.equal(error.retryAfterMs, HOUR);
  });

  it("'stop' names a signed-out site as such", async () => {
    const { router } = routerOver({ chatgpt: [usageLimit('ChatGPT', HOUR)], claude: [new LLMBackendError('Claude needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED })] });
    const error = await rejectionOf(router.call('Hello', { thread: threadOf(true) }));
    assert.match((error as Error).message, /ChatGPT: limited until 15:00; Claude: signed out/);
  });

  it('with no site limited, the error names each site and keeps the code and words of the failure met', async () => {
    const { router } = routerOver({
      chatgpt: [new LLMBackendError('ChatGPT needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED })],
      claude: [new LLMBackendError('Claude needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED })],
    });
    const error = await rejectionOf(router.call('Hello', { thread: threadOf(true) }));
    assert.ok(error instanceof LLMBackendError);
    assert.equal(error.code, PTKErrorCode.LOGIN_REQUIRED);
    assert.equal(error.message, 'No site can go on: ChatGPT: signed out; Claude: signed out. Claude needs you to log in.');
  });

  it("under 'off', 'wait' waits for the conversation's own site only", async () => {
    const slept: number[] = [];
    const setup = routerOver(
      { chatgpt: ['first', usageLimit('ChatGPT', HOUR), 'after the wait'], claude: ['never'] },
      {
        failover: 'off',
        whenAllLimited: 'wait',
        sleep: async (ms) => {
          slept.push(ms);
          setup.clock.time += ms;
        },
      },
    );
    await setup.router.call(TRANSCRIPT, { thread: threadOf(true) });
    assert.equal(await setup.router.call('TOOL_RESULT: a', { thread: threadOf(false) }), 'after the wait');
    assert.deepEqual(slept, [HOUR]);
    assert.equal(setup.models.claude.calls.length, 0);
    assert.deepEqual([setup.models.chatgpt.calls[2].prompt, setup.models.chatgpt.calls[2].newThread], [TRANSCRIPT, true], 'a new chat after the failed turn');
  });

  it("'wait' waits until the earliest site's time, then continues there in a new chat", async () => {
    const slept: number[] = [];
    const setup = routerOver(
      { chatgpt: [usageLimit('ChatGPT', 2 * HOUR)], claude: [usageLimit('Claude', HOUR), 'Claude again'] },
      {
        whenAllLimited: 'wait',
        sleep: async (ms) => {
          slept.push(ms);
          setup.clock.time += ms;
        },
      },
    );
    const reply = await setup.router.call('TOOL_RESULT: new part', { thread: threadOf(false) });
    assert.equal(reply, 'Claude again');
    assert.deepEqual(slept, [HOUR]);
    assert.deepEqual(setup.waits.map((wait) => [wait.label, wait.until]), [['Claude', T0 + HOUR]]);
    const resumed = setup.models.claude.calls[1];
    assert.equal(resumed.prompt, TRANSCRIPT);
    assert.equal(resumed.newThread, true);
    assert.equal(setup.models.chatgpt.calls.length, 1);
  });

  it("'wait' is cancelled by the signal, and its timer with it", async () => {
    const controller = new AbortController();
    const { router, models } = routerOver(
      { chatgpt: [usageLimit('ChatGPT', HOUR)], claude: [usageLimit('Claude', HOUR)] },
      { whenAllLimited: 'wait', sleep: abortableSleep, onWait: () => queueMicrotask(() => controller.abort()) },
    );
    const error = await rejectionOf(router.call('Hello', { thread: threadOf(true), signal: controller.signal }));
    assert.ok(error instanceof PTKAbortError);
    assert.equal(models.chatgpt.calls.length + models.claude.calls.length, 2);
  });
});

describe('SiteRouter: failures that never move a task', () => {
  it('a lost sign-in moves on to the next site', async () => {
    const { router, models, failovers } = routerOver({ chatgpt: [new LLMBackendError('ChatGPT needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED })], claude: ['ok'] });
    assert.equal(await router.call('Hello', { thread: threadOf(true) }), 'ok');
    assert.equal(models.claude.calls.length, 1);
    assert.equal(failovers[0].message, 'ChatGPT: signed out — continuing on Claude');
    assert.equal(router.states()[0].status, 'signedOut');
  });

  it('an adapter that no longer finds its page, and a bot check, move on too', async () => {
    const { router, failovers } = routerOver({
      gemini: [new LLMBackendError('Gemini: no composer found.', { code: PTKErrorCode.SELECTOR_NOT_FOUND })],
      chatgpt: [new LLMBackendError('ChatGPT is showing a bot check.', { code: PTKErrorCode.BOT_CHECK })],
      claude: ['ok'],
    });
    assert.equal(await router.call('Hello', { thread: threadOf(true) }), 'ok');
    assert.deepEqual(router.states().map((state) => state.status), ['broken', 'blocked', 'ready']);
    assert.deepEqual(failovers.map((event) => event.message), ['Gemini: page no longer recognised — continuing on ChatGPT', 'ChatGPT: bot check — continuing on Claude']);
  });

  it('a cancelled call never moves on', async () => {
    const controller = new AbortController();
    const cancelling = (): Error => {
      controller.abort();
      return new PTKAbortError();
    };
    const { router, models } = routerOver({ chatgpt: [cancelling], claude: ['never'] });
    assert.ok((await rejectionOf(router.call('Hello', { thread: threadOf(true), signal: controller.signal }))) instanceof PTKAbortError);
    assert.equal(models.claude.calls.length, 0);
    assert.equal(router.states()[0].status, 'ready');
  });

  it('an abort error from the backend (the signal not fired) is not the site\'s failure either', async () => {
    const { router, models } = routerOver({ chatgpt: [new PTKAbortError()], claude: ['never'] });
    assert.ok((await rejectionOf(router.call('Hello', { thread: threadOf(true) }))) instanceof PTKAbortError);
    assert.equal(models.claude.calls.length, 0);
  });

  it("the model's own mistakes and site-independent failures never move on", async () => {
    const failures = [
      new ModelBehaviorError('unreadable', { code: PTKErrorCode.PARSE_ERROR }),
      new LLMBackendError('too long', { code: PTKErrorCode.PROMPT_TOO_LONG, recoverable: false }),
      new LLMBackendError('no browser', { code: PTKErrorCode.BROWSER_NOT_FOUND }),
    ];
    for (const failure of failures) {
      const { router, models } = routerOver({ chatgpt: [failure], claude: ['never'] });
      assert.equal(await rejectionOf(router.call('Hello', { thread: threadOf(true) })), failure);
      assert.equal(models.claude.calls.length, 0, failure.message);
      assert.equal(router.states()[0].status, 'ready');
    }
  });

  it('a failure wrapped as LLM_CALL_FAILED is read by the code it wraps', async () => {
    const wrapped = new LLMBackendError('LLM call failed: limited', { code: PTKErrorCode.LLM_CALL_FAILED, cause: usageLimit('ChatGPT', HOUR) });
    const { router } = routerOver({ chatgpt: [wrapped], claude: ['ok'] });
    assert.equal(await router.call('Hello', { thread: threadOf(true) }), 'ok');
    assert.deepEqual([router.states()[0].status, router.states()[0].until], ['limited', T0 + HOUR]);
  });
});

describe('SiteRouter: the conversation after a handoff', () => {
  it('the following calls of the same conversation go to the new site, in its chat', async () => {
    const { router, models } = routerOver({ chatgpt: ['first', usageLimit('ChatGPT', HOUR)], claude: ['second', 'third'] });
    assert.equal(await router.call(TRANSCRIPT, { thread: threadOf(true) }), 'first');
    assert.equal(await router.call('TOOL_RESULT: a', { thread: threadOf(false) }), 'second');
    assert.equal(await router.call('TOOL_RESULT: b', { thread: threadOf(false) }), 'third');
    assert.deepEqual(models.claude.calls.map((call) => [call.prompt, call.newThread]), [[TRANSCRIPT, true], ['TOOL_RESULT: b', false]]);
    assert.equal(models.chatgpt.calls.length, 2);
    assert.equal(router.siteOf(), 'claude');
  });

  it('each conversation keeps its own site; a conversation on a limited site moves when it next calls', async () => {
    const { router, models } = routerOver({ chatgpt: ['a1', 'b1', usageLimit('ChatGPT', HOUR)], claude: ['a2', 'b2'] });
    assert.equal(await router.call(TRANSCRIPT, { thread: threadOf(true, 'a') }), 'a1');
    assert.equal(await router.call(TRANSCRIPT, { thread: threadOf(true, 'b') }), 'b1');
    assert.equal(await router.call('TOOL_RESULT: a', { thread: threadOf(false, 'a') }), 'a2');
    assert.deepEqual([router.siteOf('a'), router.siteOf('b')], ['claude', 'chatgpt']);
    assert.equal(await router.call('TOOL_RESULT: b', { thread: threadOf(false, 'b') }), 'b2');
    assert.equal(models.chatgpt.calls.length, 3, 'the limited site is not called for the other conversation');
    assert.deepEqual(models.claude.calls.map((call) => [call.prompt, call.newThread]), [[TRANSCRIPT, true], [TRANSCRIPT, true]]);
    assert.equal(router.siteOf('b'), 'claude');
  });

  it('a later turn of a conversation the router never saw starts a new chat with the whole state', async () => {
    const { router, models } = routerOver({ chatgpt: ['ok'], claude: [] });
    await router.call('TOOL_RESULT: x', { thread: threadOf(false, 'unknown') });
    assert.deepEqual([models.chatgpt.calls[0].prompt, models.chatgpt.calls[0].newThread], [TRANSCRIPT, true]);
  });

  it('a site that keeps no thread gets the whole transcript and no thread option', async () => {
    const { router, models } = routerOver({ chatgpt: [usageLimit('ChatGPT', HOUR)], claude: ['ok'] }, {}, { claude: false });
    await router.call('TOOL_RESULT: x', { thread: threadOf(false) });
    assert.equal(models.claude.calls[0].prompt, TRANSCRIPT);
    assert.equal(models.claude.calls[0].options.thread, undefined);
  });

  it("a model name goes only to the first listed site (another site uses its own)", async () => {
    const { router, models } = routerOver({ chatgpt: [usageLimit('ChatGPT', HOUR)], claude: ['ok'] });
    await router.call('Hello', { thread: threadOf(true), model: 'gpt-5' });
    assert.equal(models.chatgpt.calls[0].options.model, 'gpt-5');
    assert.equal(models.claude.calls[0].options.model, undefined);
  });

  it('text streamed by the failed site is withdrawn; the next site\'s text replaces it', async () => {
    const streamingThenLimited = (_prompt: string, call: { options: { onDelta?: (delta: StreamDelta) => void } }): Error => {
      call.options.onDelta?.({ text: 'Half an ans', full: 'Half an ans', rewrite: false });
      return usageLimit('ChatGPT', HOUR);
    };
    const { router } = routerOver({ chatgpt: [streamingThenLimited], claude: ['Whole answer'] });
    let shown = '';
    const deltas: StreamDelta[] = [];
    const checked: Array<[string, boolean | undefined]> = [];
    await router.call('Hello', {
      thread: threadOf(true),
      onDelta: (delta) => {
        deltas.push(delta);
        shown = delta.rewrite ? delta.full : shown + delta.text;
      },
      isComplete: (text, delta) => (checked.push([text, delta?.rewrite]), false),
    });
    assert.equal(shown, 'Whole answer');
    assert.deepEqual(deltas.map((delta) => delta.rewrite), [false, true, true]);
    assert.deepEqual(deltas[1], { text: '', full: '', rewrite: true });
    assert.deepEqual(checked.at(-1), ['Whole answer', true], 'the completion check starts over too');
  });
});
