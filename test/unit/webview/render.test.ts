import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { replayChat } from '../../../src/shared/chat/chatReducer';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import { createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';
import { ChatRenderer, formatDuration } from '../../../src/webview/render';
import { ApprovalBroker } from '../../../src/ui/approvalBroker';
import { codeBlocksIn, markupAnswer } from './markupAnswer';

const dom = new JSDOM('<!DOCTYPE html><body><div id="list"></div></body>');
after(() => dom.window.close());

/** A renderer on an empty list whose handlers record their calls; `messageActions` adds Edit and Retry. */
function setup(messageActions = false) {
  const list = dom.window.document.getElementById('list') as HTMLElement;
  list.replaceChildren();
  const calls: string[] = [];
  const renderer = new ChatRenderer(list, createMarkdownRenderer(dom.window as unknown as WindowLike), {
    approve: (id, always) => calls.push(`approve ${id} ${always}`),
    reject: (id, reason) => calls.push(`reject ${id} ${reason}`),
    openDiff: (id) => calls.push(`diff ${id}`),
    action: (action, site) => calls.push(`action ${action}${site === undefined ? '' : ` on ${site}`}`),
    copy: (text) => calls.push(`copy ${text}`),
    ...(messageActions ? { edit: (text: string, mentions: readonly unknown[]) => calls.push(`edit ${text} ${mentions.length}`), retry: () => calls.push('retry') } : {}),
  });
  return { list, calls, renderer };
}

const base: ChatEvent[] = [
  { type: 'userMessage', id: 'u', text: 'Write it', time: 0 },
  { type: 'taskStarted', taskId: 't', title: 'Write it' },
  { type: 'assistantStart', id: 'a' },
  { type: 'assistantDelta', id: 'a', text: 'I will **write**' },
  { type: 'toolCall', id: 'c', taskId: 't', tool: 'write_file', args: { path: 'a.txt', content: 'x' }, dangerous: true, time: 0 },
  { type: 'approvalRequested', approvalId: 'ap', toolName: 'write_file', kind: 'write', summary: 'Write a.txt', path: '/w/a.txt', hasDiff: true },
];

describe('ChatRenderer', () => {
  it('renders messages, markdown and a tool card awaiting approval with working buttons', () => {
    const { list, calls, renderer } = setup();
    renderer.update(replayChat('c', base));
    assert.equal(list.querySelector('[data-testid="user-message"]')?.textContent, 'Write it');
    assert.match(list.querySelector('[data-testid="assistant-message"]')?.innerHTML ?? '', /<strong>write<\/strong>/);
    const card = list.querySelector('[data-testid="tool-card"]') as HTMLElement;
    assert.equal(card.dataset.status, 'awaitingApproval');
    (card.querySelector('[data-testid="reject-reason"]') as HTMLInputElement).value = 'no thanks';
    (card.querySelector('[data-testid="reject"]') as HTMLButtonElement).click();
    (card.querySelector('[data-testid="approve"]') as HTMLButtonElement).click();
    (card.querySelector('[data-testid="open-diff"]') as HTMLElement).click();
    assert.deepEqual(calls, ['reject ap no thanks', 'approve ap false', 'diff ap']);
  });

  it('an approval card shows a shell command after "$", and what a web tool asks (the whole address) in its own words', () => {
    const ask = (tool: string, command: string, summary: string): ChatEvent[] => [
      ...base.slice(0, 4),
      { type: 'toolCall', id: 'c', taskId: 't', tool, args: {}, dangerous: true, time: 0 },
      { type: 'approvalRequested', approvalId: 'ap', toolName: tool, kind: 'command', summary, command, hasDiff: false },
    ];
    const { list, renderer } = setup();
    renderer.update(replayChat('c', ask('run_command', 'npm test', 'Run "npm test" in the workspace')));
    assert.equal(list.querySelector('.approval-summary')?.textContent, '$ npm test');
    renderer.update(replayChat('c', ask('fetch_url', 'fetch_url https://example.com', "Open https://example.com/docs in PTK's own browser.")));
    assert.equal(list.querySelector('.approval-summary')?.textContent, "Open https://example.com/docs in PTK's own browser.");
  });

  it('a protected file\'s card says why it asks and offers no "Always" (the reason travels from the request through the broker)', async () => {
    const events: ChatEvent[] = [...base.slice(0, -1)];
    const broker = new ApprovalBroker({ emit: (event) => events.push(event), isViewVisible: () => true, fallback: () => Promise.reject(new Error('no fallback')), createId: () => 'ap' });
    const pending = broker.request({ toolName: 'write_file', kind: 'write', path: '/w/.vscode/settings.json', before: '', after: '{}', summary: 'Replace .vscode/settings.json', protectedReason: 'this file configures your editor' }).catch((error: unknown) => error);
    const { list, calls, renderer } = setup();
    renderer.update(replayChat('c', events));
    const card = list.querySelector('[data-testid="tool-card"]') as HTMLElement;
    assert.equal(card.dataset.status, 'awaitingApproval');
    assert.match(card.querySelector('[data-testid="approval-protection"]')?.textContent ?? '', /this file configures your editor/);
    assert.equal(card.querySelector('[data-testid="approve-always"]'), null);
    (card.querySelector('[data-testid="approve"]') as HTMLButtonElement).click();
    assert.deepEqual(calls, ['approve ap false']);
    broker.cancelAll();
    await pending;
  });

  it('a card approved without asking says by what; a rejected card offers its change as "View rejected change"', () => {
    const { list, renderer } = setup();
    const auto = (autoBy?: 'always' | 'autoApprove' | 'allowedCommands'): ChatEvent => ({ type: 'approvalRequested', approvalId: 'ap', toolName: 'write_file', kind: 'write', summary: 'Write a.txt', path: '/w/a.txt', hasDiff: true, auto: true, ...(autoBy ? { autoBy } : {}) });
    const autoLabel = (autoBy?: 'always' | 'autoApprove' | 'allowedCommands') => {
      renderer.update(replayChat('c', [...base.slice(0, -1), auto(autoBy)]));
      return list.querySelector('[data-testid="approval-auto"]')?.textContent;
    };
    assert.equal(autoLabel('always'), 'Auto-approved: "Always"');
    assert.equal(autoLabel('autoApprove'), 'Auto-approved by ptk.tools.autoApprove');
    assert.equal(autoLabel(), 'Auto-approved: "Always"', 'a card saved before the reason was kept');
    renderer.update(replayChat('c', [...base, { type: 'approvalResolved', approvalId: 'ap', decision: 'reject' }]));
    assert.equal(list.querySelector('[data-testid="approval-auto"]'), null);
    assert.equal(list.querySelector('[data-testid="open-diff"]')?.textContent, 'View rejected change');
  });

  it('a cancelled card never wrote its change: it offers it as "View proposed change", not "Open diff"', () => {
    const { list, renderer } = setup();
    renderer.update(replayChat('c', [...base, { type: 'approvalResolved', approvalId: 'ap', decision: 'cancelled', reason: 'Stopped: a new conversation was started.' }]));
    assert.equal(list.querySelector<HTMLElement>('[data-testid="tool-card"]')?.dataset.status, 'cancelled');
    assert.equal(list.querySelector('[data-testid="open-diff"]')?.textContent, 'View proposed change');
    renderer.update(replayChat('c', [...base, { type: 'taskFinished', taskId: 't', outcome: 'stopped' }]));
    assert.equal(list.querySelector('[data-testid="open-diff"]')?.textContent, 'View proposed change', 'stopped while waiting for approval');
  });

  it('an approved card says "running" until its result, then how it ended', () => {
    const { list, renderer } = setup();
    const status = () => list.querySelector('[data-testid="tool-status"]')?.textContent;
    renderer.update(replayChat('c', base));
    assert.equal(status(), 'waiting for approval');
    const approved: ChatEvent[] = [...base, { type: 'approvalResolved', approvalId: 'ap', decision: 'approve' }];
    renderer.update(replayChat('c', approved));
    assert.equal(status(), 'running');
    renderer.update(replayChat('c', [...approved, { type: 'toolResult', id: 'c', taskId: 't', success: true, summary: 'Wrote a.txt', durationMs: 5 }]));
    assert.equal(status(), 'done');
  });

  it('"Always" and an "Always"-approved card say the chip that turns it off is above the message box', () => {
    const { list, renderer } = setup();
    renderer.update(replayChat('c', base));
    assert.match((list.querySelector('[data-testid="approve-always"]') as HTMLElement).title, /the chip above the message box/);
    renderer.update(replayChat('c', [...base.slice(0, -1), { ...(base.at(-1) as Extract<ChatEvent, { type: 'approvalRequested' }>), auto: true, autoBy: 'always' }]));
    assert.match((list.querySelector('[data-testid="approval-auto"]') as HTMLElement).title, /the chip above the message box/);
  });

  it('an approved card\'s time is the tool\'s own, and its tooltip says how long the answer took, left out', () => {
    const { list, renderer } = setup();
    renderer.update(replayChat('c', [...base, { type: 'approvalResolved', approvalId: 'ap', decision: 'approve', waitedMs: 14_000 }, { type: 'toolResult', id: 'c', taskId: 't', success: true, summary: 'Wrote a.txt', durationMs: 14_250 }]));
    const duration = list.querySelector<HTMLElement>('.tool-duration')!;
    assert.equal(duration.textContent, '250 ms');
    assert.equal(duration.title, "The tool's own time: the 14.0 s it waited for your answer are left out.");
  });

  it('a rejected card shows its reason once; the reason box has a short placeholder and says the rest on hover', () => {
    const { list, renderer } = setup();
    renderer.update(replayChat('c', base));
    const box = list.querySelector('[data-testid="reject-reason"]') as HTMLInputElement;
    assert.equal(box.placeholder, 'Reason (optional)');
    assert.match(box.title, /sent to the model/);
    renderer.update(replayChat('c', [...base, { type: 'approvalResolved', approvalId: 'ap', decision: 'reject', reason: 'wrong file' }, { type: 'toolResult', id: 'c', taskId: 't', success: false, summary: 'Error: The user rejected write_file: wrong file', durationMs: 3 }]));
    const card = list.querySelector('[data-testid="tool-card"]') as HTMLElement;
    assert.equal(card.querySelector('[data-testid="tool-result"]')?.textContent, 'Rejected');
    assert.equal(card.textContent?.split('wrong file').length, 2, 'the reason appears once');
  });

  it('a card whose change is no longer kept disables its diff link and says why, without claiming a refused change was written', () => {
    const { list, calls, renderer } = setup();
    const gone = (decision: 'approve' | 'reject' | 'cancelled', success: boolean) => {
      const state = replayChat('c', [...base, { type: 'approvalResolved', approvalId: 'ap', decision }, { type: 'toolResult', id: 'c', taskId: 't', success, summary: success ? 'Wrote a.txt' : 'Error', durationMs: 3 }]);
      const items = state.items.map((item) => (item.kind === 'tool' && item.approval ? { ...item, approval: { ...item.approval, diffGone: true } } : item));
      renderer.update({ ...state, items });
      return list.querySelector('[data-testid="open-diff"]') as HTMLElement;
    };
    const rejected = gone('reject', false);
    assert.equal(rejected.getAttribute('aria-disabled'), 'true');
    assert.match(rejected.title, /no longer kept/);
    assert.match(rejected.title, /never written/);
    rejected.click();
    assert.deepEqual(calls, [], 'a disabled link opens nothing');
    assert.match(gone('cancelled', false).title, /never written/);
    const written = gone('approve', true).title;
    assert.doesNotMatch(written, /never written/);
    assert.match(written, /checkpoint/);
  });

  it('an unprotected card has no protection line and offers "Always"', () => {
    const { list, renderer } = setup();
    renderer.update(replayChat('c', base));
    const card = list.querySelector('[data-testid="tool-card"]') as HTMLElement;
    assert.equal(card.querySelector('[data-testid="approval-protection"]'), null);
    assert.ok(card.querySelector('[data-testid="approve-always"]'));
  });

  it('keeps unchanged elements while a bubble streams, and updates the card in place', () => {
    const { list, renderer } = setup();
    renderer.update(replayChat('c', base));
    const userElement = list.querySelector('[data-testid="user-message"]');
    renderer.update(replayChat('c', [...base, { type: 'approvalResolved', approvalId: 'ap', decision: 'approve' }, { type: 'toolResult', id: 'c', taskId: 't', success: true, summary: 'a.txt, bytesWritten: 1', durationMs: 1500 }]));
    assert.equal(list.querySelector('[data-testid="user-message"]'), userElement, 'same element');
    const card = list.querySelector('[data-testid="tool-card"]') as HTMLElement;
    assert.equal(card.dataset.status, 'succeeded');
    assert.equal(card.querySelector('[data-testid="approve"]'), null, 'no buttons after the answer');
    assert.match(card.textContent ?? '', /1\.5 s/);
    assert.equal(list.children.length, 3);
  });

  it('renders an error card whose actions call back', () => {
    const { list, calls, renderer } = setup();
    renderer.update(replayChat('c', [{ type: 'error', message: 'Log in first', code: 'LOGIN_REQUIRED', actions: ['login', 'openTab'] }]));
    (list.querySelector('[data-testid="action-login"]') as HTMLButtonElement).click();
    assert.deepEqual(calls, ['action login']);
    assert.match(list.textContent ?? '', /Log in first \(LOGIN_REQUIRED\)/);
  });

  it("an error card's Retry is live on the last turn once no task runs: not while one runs, not on an earlier turn's error", () => {
    const { list, renderer } = setup();
    const failed: ChatEvent[] = [
      { type: 'userMessage', id: 'u1', text: 'Explain it', time: 0 },
      { type: 'taskStarted', taskId: 't1', title: 'Explain it' },
      { type: 'error', message: 'the browser tab was closed.', code: 'TAB_CLOSED', actions: ['retry', 'openTab'] },
    ];
    const retries = () => list.querySelectorAll('[data-testid="action-retry"]').length;
    renderer.update(replayChat('c', failed));
    assert.equal(retries(), 0, 'the task still runs');
    const ended: ChatEvent[] = [...failed, { type: 'taskFinished', taskId: 't1', outcome: 'failed' }];
    renderer.update(replayChat('c', ended));
    assert.equal(retries(), 1);
    renderer.update(replayChat('c', [...ended, { type: 'userMessage', id: 'u2', text: 'Explain it', time: 1 }, { type: 'taskStarted', taskId: 't2', title: 'Explain it' }, { type: 'assistantStart', id: 'a2' }, { type: 'assistantDone', id: 'a2', text: 'It works.' }, { type: 'taskFinished', taskId: 't2', outcome: 'done' }]));
    assert.equal(retries(), 0, 'an earlier turn\'s error retries no more');
    assert.equal(list.querySelectorAll('[data-testid="action-openTab"]').length, 1, 'its other actions stay');
  });

  it("an error card's actions name the site that failed (several sites)", () => {
    const { list, calls, renderer } = setup();
    renderer.update(replayChat('c', [{ type: 'error', message: 'Claude: signed out.', code: 'LOGIN_REQUIRED', actions: ['login', 'openTab'], site: 'claude' }]));
    (list.querySelector('[data-testid="action-login"]') as HTMLButtonElement).click();
    (list.querySelector('[data-testid="action-openTab"]') as HTMLButtonElement).click();
    assert.deepEqual(calls, ['action login on claude', 'action openTab on claude']);
  });

  it('removes items that are gone (new conversation)', () => {
    const { list, renderer } = setup();
    renderer.update(replayChat('c', base));
    renderer.update(replayChat('d', []));
    assert.equal(list.children.length, 0);
  });
});

describe('ChatRenderer: message actions', () => {
  it('Copy and Edit on user messages, Copy on answers, Retry on the last answer once the task ended; the texts stay the messages alone', () => {
    const { list, calls, renderer } = setup(true);
    const events: ChatEvent[] = [
      { type: 'userMessage', id: 'u1', text: 'First', time: 0 },
      { type: 'assistantDone', id: 'a1', text: 'One **answer**' },
      { type: 'userMessage', id: 'u2', text: 'Second', time: 0 },
      { type: 'taskStarted', taskId: 't', title: 'Second' },
      { type: 'assistantDone', id: 'a2', text: 'Two' },
    ];
    renderer.update(replayChat('c', events));
    assert.equal(list.querySelectorAll('[data-testid="retry-message"]').length, 0, 'no Retry while a task runs');
    renderer.update(replayChat('c', [...events, { type: 'taskFinished', taskId: 't', outcome: 'done' }]));
    const retry = list.querySelectorAll<HTMLElement>('[data-testid="retry-message"]');
    assert.equal(retry.length, 1);
    assert.equal(retry[0]!.closest('[data-id]')?.getAttribute('data-id'), 'a2', 'on the last answer');
    // The last answer's bar always shows (class `last`); the earlier one's only on hover or focus.
    assert.deepEqual([...list.querySelectorAll('.message.assistant')].map((answer) => answer.classList.contains('last')), [false, true]);
    const [first] = list.querySelectorAll<HTMLElement>('[data-testid="user-message"]');
    assert.equal(first!.textContent, 'First', 'button labels come from CSS, not the text');
    first!.querySelector<HTMLElement>('[data-testid="copy-message"]')!.click();
    first!.querySelector<HTMLElement>('[data-testid="edit-message"]')!.click();
    list.querySelector<HTMLElement>('[data-id="a1"] [data-testid="copy-message"]')!.click();
    retry[0]!.click();
    assert.deepEqual(calls, ['copy First', 'edit First 0', 'copy One **answer**', 'retry']);
  });
});

describe('ChatRenderer: the message being edited', () => {
  it('is outlined and says "Editing this message" (aria-current too), across re-renders, until the edit ends; one message at a time', () => {
    const { list, renderer } = setup(true);
    const events: ChatEvent[] = [
      { type: 'userMessage', id: 'u1', text: 'First', time: 0 },
      { type: 'assistantDone', id: 'a1', text: 'One' },
      { type: 'userMessage', id: 'u2', text: 'Second', time: 0 },
    ];
    renderer.update(replayChat('c', events));
    const marked = () => [...list.querySelectorAll<HTMLElement>('[data-testid="user-message"]')].map((message) => ({
      id: message.dataset.id,
      outlined: message.classList.contains('editing-target'),
      current: message.getAttribute('aria-current'),
      says: message.querySelector('[data-testid="editing-mark"]')?.textContent ?? null,
    }));
    assert.deepEqual(marked().filter((message) => message.outlined || message.current || message.says), [], 'nothing marked before Edit');
    renderer.setEditing('u1');
    assert.deepEqual(marked(), [
      { id: 'u1', outlined: true, current: 'true', says: 'Editing this message' },
      { id: 'u2', outlined: false, current: null, says: null },
    ]);
    // A later state (a new answer) keeps the mark; Edit on another message moves it there.
    renderer.update(replayChat('c', [...events, { type: 'assistantDone', id: 'a2', text: 'Two' }]));
    assert.equal(marked()[0]!.says, 'Editing this message');
    renderer.setEditing('u2');
    assert.deepEqual(marked().map((message) => [message.id, message.outlined, message.says]), [['u1', false, null], ['u2', true, 'Editing this message']]);
    // Sent or cancelled: no message is marked.
    renderer.setEditing(undefined);
    assert.deepEqual(marked().filter((message) => message.outlined || message.current || message.says), []);
  });

  it('a message rendered after the edit began (the view was restored) is marked when it appears', () => {
    const { list, renderer } = setup(true);
    renderer.setEditing('u1');
    renderer.update(replayChat('c', [{ type: 'userMessage', id: 'u1', text: 'First', time: 0 }]));
    assert.equal(list.querySelector('[data-id="u1"] [data-testid="editing-mark"]')?.textContent, 'Editing this message');
    assert.equal(list.querySelector('[data-id="u1"]')?.getAttribute('aria-current'), 'true');
  });
});

describe('ChatRenderer: Retry belongs to the last turn', () => {
  it('ask A, ask B, stop B before any answer: B\'s "Stopped." offers Retry, A\'s answer none', () => {
    const { list, calls, renderer } = setup(true);
    const asked: ChatEvent[] = [
      { type: 'userMessage', id: 'uA', text: 'Explain src/greeting.ts', time: 0 },
      { type: 'taskStarted', taskId: 'tA', title: 'A' },
      { type: 'assistantDone', id: 'aA', text: 'It greets.' },
      { type: 'taskFinished', taskId: 'tA', outcome: 'done' },
    ];
    renderer.update(replayChat('c', asked));
    assert.equal(list.querySelector('[data-testid="retry-message"]')?.closest('[data-id]')?.getAttribute('data-id'), 'aA', 'A is the last turn: its answer offers Retry');
    const stopped: ChatEvent[] = [...asked, { type: 'userMessage', id: 'uB', text: 'Explain package.json', time: 1 }, { type: 'taskStarted', taskId: 'tB', title: 'B' }];
    renderer.update(replayChat('c', stopped));
    renderer.update(replayChat('c', [...stopped, { type: 'taskFinished', taskId: 'tB', outcome: 'stopped' }]));
    const retry = [...list.querySelectorAll<HTMLElement>('[data-testid="retry-message"]')];
    assert.deepEqual(retry.map((button) => button.closest('[data-id]')?.getAttribute('data-id')), ['notice:tB'], 'only the stopped turn offers Retry');
    assert.equal(list.querySelector('[data-id="aA"] [data-testid="retry-message"]'), null, 'A\'s answer no longer offers a Retry that would run B');
    assert.ok(list.querySelector('[data-id="notice:tB"]')?.classList.contains('retryable'), 'shown without hovering');
    retry[0]!.click();
    assert.deepEqual(calls, ['retry']);
  });
});

describe('formatDuration', () => {
  it('uses ms below a second and s above', () => {
    assert.equal(formatDuration(35.4), '35 ms');
    assert.equal(formatDuration(1234), '1.2 s');
  });
});

describe('ChatRenderer streaming a long answer', () => {
  it('renders the growing bubble as a whole render would, rendering each finished block once', () => {
    const answer = markupAnswer(6_000);
    const { list, renderer } = setup();
    const events: ChatEvent[] = [{ type: 'assistantStart', id: 'a' }];
    let state = replayChat('c', events);
    renderer.update(state);
    const bubble = list.querySelector('[data-testid="assistant-message"]') as HTMLElement;
    for (let offset = 0; offset < answer.length; offset += 37) {
      state = replayChat('c', [...events, { type: 'assistantDelta', id: 'a', text: answer.slice(0, offset + 37) }]);
      renderer.update(state);
    }
    assert.equal(list.querySelector('[data-testid="assistant-message"]'), bubble, 'the bubble keeps its element while it grows');
    const whole = setup();
    whole.renderer.update(replayChat('c', [...events, { type: 'assistantDelta', id: 'a', text: answer }]));
    const expected = whole.list.querySelector('[data-testid="assistant-message"]')!.innerHTML;
    const streamed = setup();
    let streamedState = replayChat('c', events);
    for (let offset = 0; offset < answer.length; offset += 37) {
      streamedState = { ...streamedState, items: [{ kind: 'assistant', id: 'a', text: answer.slice(0, offset + 37), streaming: true }] };
      streamed.renderer.update(streamedState);
    }
    const shown = streamed.list.querySelector('[data-testid="assistant-message"]')!;
    assert.equal(shown.innerHTML.replace(/>\s+</g, '><'), expected.replace(/>\s+</g, '><'), 'same HTML as the whole answer rendered at once');
    assert.equal(shown.querySelectorAll('.copy-code').length, codeBlocksIn(answer), 'one Copy button per code block');
    const updates = Math.ceil(answer.length / 37);
    assert.ok(streamed.renderer.renderedMarkdownChars < answer.length + updates * 200, `markdown rendered ${streamed.renderer.renderedMarkdownChars} characters for ${answer.length} in ${updates} updates: finished blocks once, the open tail per update`);
  });

  it('renders a rewritten bubble afresh, and the final text replaces the streamed one', () => {
    const { list, renderer } = setup();
    const stream = (text: string, streaming = true) => renderer.update({ ...replayChat('c', []), items: [{ kind: 'assistant', id: 'a', text, streaming }] });
    stream('Draft one\n\nmore');
    stream('Final *answer*');
    const bubble = () => list.querySelector('[data-testid="assistant-message"]') as HTMLElement;
    assert.equal(bubble().textContent?.trim(), 'Final answer');
    stream('Final *answer*. Done.', false);
    assert.equal(bubble().textContent?.trim(), 'Final answer. Done.');
    assert.equal(bubble().classList.contains('streaming'), false);
    stream('', false);
    assert.equal(bubble().textContent?.trim(), '(no text)');
  });
});
