import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { messageKey } from '../../../../src/core/modelProvider/messageIdentity';
import type { ProviderMessage } from '../../../../src/core/modelProvider/providerMessages';
import { ThreadTracker } from '../../../../src/core/modelProvider/threadTracker';

const user = (text: string): ProviderMessage => ({ role: 'user', parts: [{ type: 'text', text }] });
const callAnswer = (text: string, callId: string): ProviderMessage => ({ role: 'assistant', parts: [{ type: 'text', text }, { type: 'toolCall', callId, name: 'get_weather', input: { city: 'Paris' } }] });
const result = (callId: string, text: string): ProviderMessage => ({ role: 'user', parts: [{ type: 'toolResult', callId, text }] });

describe('messageKey', () => {
  it('ignores how the text was split and its whitespace', () => {
    const split: ProviderMessage = { role: 'user', parts: [{ type: 'text', text: 'Hello  ' }, { type: 'text', text: '\nworld' }] };
    assert.equal(messageKey(split), messageKey(user('Hello world')));
    assert.notEqual(messageKey(user('Hello world')), messageKey(user('Hello there')));
    assert.notEqual(messageKey(user('Hello')), messageKey({ role: 'assistant', parts: [{ type: 'text', text: 'Hello' }] }));
  });

  it('knows an assistant message that called tools by its call ids only (callers may drop its prose)', () => {
    assert.equal(messageKey(callAnswer('Let me check.', 'call_1')), messageKey({ role: 'assistant', parts: [{ type: 'toolCall', callId: 'call_1', name: 'get_weather', input: {} }] }));
    assert.notEqual(messageKey(callAnswer('x', 'call_1')), messageKey(callAnswer('x', 'call_2')));
  });

  it('tells tool results apart by id and content', () => {
    assert.notEqual(messageKey(result('call_1', 'sunny')), messageKey(result('call_1', 'rain')));
    assert.notEqual(messageKey(result('call_1', 'sunny')), messageKey(result('call_2', 'sunny')));
  });
});

describe('ThreadTracker', () => {
  it('continues when the request starts with the last request and the answer given, sending only the rest', () => {
    const tracker = new ThreadTracker('t');
    const first = [user('Weather in Paris?')];
    const plan = tracker.plan('m', first, 'tools');
    assert.equal(plan.kind, 'new');
    tracker.record(plan, 'm', 'tools', first, callAnswer('Let me check.', 'call_a'));
    const second = [...first, callAnswer('Let me check.', 'call_a'), result('call_a', 'sunny')];
    const next = tracker.plan('m', second, 'tools');
    assert.equal(next.kind, 'continue');
    assert.equal(next.threadId, plan.threadId);
    assert.deepEqual(next.kind === 'continue' && next.newMessages, [result('call_a', 'sunny')]);
    assert.equal(next.kind === 'continue' && next.turn, 1);
    tracker.record(next, 'm', 'tools', second, { role: 'assistant', parts: [{ type: 'text', text: 'Sunny.' }] });
    const third = tracker.plan('m', [...second, { role: 'assistant', parts: [{ type: 'text', text: 'Sunny.' }] }, user('And tomorrow?')], 'tools');
    assert.equal(third.kind, 'continue');
    assert.equal(third.kind === 'continue' && third.turn, 2);
  });

  it('starts a new chat for another conversation, another model, other tools, an edited history, or after forget()', () => {
    const tracker = new ThreadTracker('t');
    const first = [user('Weather in Paris?')];
    const plan = tracker.plan('m', first, 'tools');
    tracker.record(plan, 'm', 'tools', first, callAnswer('', 'call_a'));
    const second = [...first, callAnswer('', 'call_a'), result('call_a', 'sunny')];
    assert.equal(tracker.plan('m', [user('Something else'), callAnswer('', 'call_a'), result('call_a', 'sunny')], 'tools').kind, 'new');
    assert.equal(tracker.plan('other', second, 'tools').kind, 'new');
    assert.equal(tracker.plan('m', second, 'other tools').kind, 'new');
    assert.equal(tracker.plan('m', first, 'tools').kind, 'new', 'nothing new: a retry of the same request');
    assert.equal(tracker.plan('m', [...first, callAnswer('', 'call_a'), { role: 'assistant', parts: [{ type: 'text', text: 'written by the caller' }] }], 'tools').kind, 'new');
    const continued = tracker.plan('m', second, 'tools');
    assert.equal(continued.kind, 'continue');
    tracker.forget();
    assert.equal(tracker.plan('m', second, 'tools').kind, 'new');
  });

  it('leaves the caller\'s system messages out: a rewritten system prompt still continues the thread', () => {
    const tracker = new ThreadTracker('t');
    const system = (text: string): ProviderMessage => ({ role: 'system', parts: [{ type: 'text', text }] });
    const first = [system('Today is Monday.'), user('Weather in Paris?')];
    const plan = tracker.plan('m', first, 'tools');
    tracker.record(plan, 'm', 'tools', first, callAnswer('', 'call_a'));
    const next = tracker.plan('m', [system('Today is Tuesday.'), user('Weather in Paris?'), callAnswer('', 'call_a'), result('call_a', 'sunny')], 'tools');
    assert.equal(next.kind, 'continue');
    assert.deepEqual(next.kind === 'continue' && next.newMessages, [result('call_a', 'sunny')]);
  });

  it('gives every new chat its own id', () => {
    const tracker = new ThreadTracker('s');
    const ids = new Set([1, 2, 3].map(() => tracker.plan('m', [user('x')], 'k').threadId));
    assert.equal(ids.size, 3);
  });
});
