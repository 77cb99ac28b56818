import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { replayChat } from '../../../src/shared/chat/chatReducer';
import { planAnswerIds } from '../../../src/shared/chat/planAnswers';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import type { WindowLike } from '../../../src/webview/markdown';
import { ModeMenu } from '../../../src/webview/modeMenu';
import { rendererOnList } from './rendererFixture';

const dom = new JSDOM('<!DOCTYPE html><body><div id="list"></div></body>');
after(() => dom.window.close());
const document = dom.window.document;

const PLAN = 'Here is the plan:\n\n1. Read src/a.ts.\n2. Change parse().\n\nOpen questions: none.';
const PLAN_MODE = { id: 'plan', name: 'Plan' };

/** A finished task: the user's message in `mode`, and its answer `text`. */
function task(n: number, mode: { id: string; name: string } | undefined, text: string, outcome: 'done' | 'failed' = 'done'): ChatEvent[] {
  return [
    { type: 'userMessage', id: `u${n}`, text: `Request ${n}`, time: 0, ...(mode ? { mode } : {}) },
    { type: 'taskStarted', taskId: `t${n}`, title: `Request ${n}` },
    { type: 'assistantStart', id: `a${n}` },
    { type: 'assistantDone', id: `a${n}`, text },
    // A failed task shows its error card before it finishes, as the session reports it.
    ...(outcome === 'failed' ? [{ type: 'error', message: 'The site stopped answering.', actions: [] } as ChatEvent] : []),
    { type: 'taskFinished', taskId: `t${n}`, outcome },
  ];
}

function renderer() {
  const acted: string[] = [];
  const { list, renderer: chat } = rendererOnList(dom.window as unknown as WindowLike & { document: Document }, { actOnPlan: (itemId) => acted.push(itemId) });
  return { list, acted, chat };
}

describe('chat modes in the view', () => {
  it("a user message shows its mode's badge, and its text stays its text", () => {
    const { list, chat } = renderer();
    chat.update(replayChat('c', [...task(1, { id: 'ask', name: 'Ask' }, 'An answer.'), ...task(2, undefined, 'Another.')]));
    const [asked, older] = [...list.querySelectorAll<HTMLElement>('[data-testid="user-message"]')];
    const badge = asked.querySelector<HTMLElement>('[data-testid="mode-badge"]');
    assert.equal(badge?.dataset.mode, 'Ask');
    assert.equal(badge?.getAttribute('aria-label'), 'Ask mode');
    assert.equal(asked.firstChild?.textContent, 'Request 1');
    assert.equal(older.querySelector('[data-testid="mode-badge"]'), null, 'a message saved before modes has no badge');
  });

  it('"Act on this plan" is offered on a finished Plan-mode answer with a numbered list, and only there', () => {
    const { list, acted, chat } = renderer();
    const events = [
      ...task(1, PLAN_MODE, PLAN),
      ...task(2, PLAN_MODE, 'No list in this one.'),
      ...task(3, { id: 'agent', name: 'Agent' }, PLAN),
      ...task(4, PLAN_MODE, PLAN, 'failed'),
    ];
    const state = replayChat('c', events);
    assert.deepEqual([...planAnswerIds(state)], ['a1']);
    chat.update(state);
    const buttons = [...list.querySelectorAll<HTMLButtonElement>('[data-testid="act-on-plan"]')];
    assert.equal(buttons.length, 1);
    assert.equal(buttons[0].closest<HTMLElement>('[data-id]')?.dataset.id, 'a1');
    assert.equal(buttons[0].textContent, 'Act on this plan');
    buttons[0].click();
    assert.deepEqual(acted, ['a1']);
  });

  it('a Plan-mode answer offers nothing while it streams or its task runs, and the button appears once it is done', () => {
    const { list, chat } = renderer();
    const streaming: ChatEvent[] = [
      { type: 'userMessage', id: 'u1', text: 'Plan it', time: 0, mode: PLAN_MODE },
      { type: 'taskStarted', taskId: 't1', title: 'Plan it' },
      { type: 'assistantStart', id: 'a1' },
      { type: 'assistantDelta', id: 'a1', text: '1. Read it.\n2. Change it.' },
    ];
    chat.update(replayChat('c', streaming));
    assert.equal(list.querySelector('[data-testid="act-on-plan"]'), null);
    chat.update(replayChat('c', [...streaming, { type: 'assistantDone', id: 'a1', text: '1. Read it.\n2. Change it.' }]));
    assert.equal(list.querySelector('[data-testid="act-on-plan"]'), null, 'the task still runs');
    chat.update(replayChat('c', [...streaming, { type: 'assistantDone', id: 'a1', text: '1. Read it.\n2. Change it.' }, { type: 'taskFinished', taskId: 't1', outcome: 'done' }]));
    assert.equal(list.querySelectorAll('[data-testid="act-on-plan"]').length, 1);
  });

  it('the mode menu lists the built-ins, then the workspace modes; shows the conversation mode; tells the choice; and names each bad file', () => {
    const chosen: string[] = [];
    const menu = new ModeMenu(document, (mode) => chosen.push(mode));
    assert.equal(menu.element.hidden, true, 'hidden until the host lists the modes');
    menu.show('plan');
    menu.setModes(
      [
        { id: 'ask', name: 'Ask', description: 'Answer questions' },
        { id: 'plan', name: 'Plan' },
        { id: 'agent', name: 'Agent' },
        { id: 'reviewer', name: 'Reviewer', source: '.ptk/modes/reviewer.md' },
      ],
      ['.ptk/modes/bad.md: the mode has no instructions: write them below the front matter.'],
    );
    assert.equal(menu.element.hidden, false);
    assert.deepEqual([...menu.element.options].map((option) => option.textContent), ['Ask', 'Plan', 'Agent', 'Reviewer']);
    assert.equal(menu.element.querySelector('optgroup')?.label, 'This workspace');
    assert.equal(menu.element.value, 'plan', 'the mode shown before the list came is kept');
    assert.equal(menu.problems.hidden, false);
    assert.equal(menu.problems.textContent, 'Mode not loaded: .ptk/modes/bad.md: the mode has no instructions: write them below the front matter.');

    menu.element.value = 'reviewer';
    menu.element.dispatchEvent(new dom.window.Event('change'));
    assert.deepEqual(chosen, ['reviewer']);

    menu.show(undefined);
    assert.equal(menu.element.value, 'agent', 'a conversation without a mode is in Agent mode');
    menu.show('gone');
    assert.equal(menu.element.value, 'ask', 'a mode no longer offered shows as Ask, the mode it runs in');
    menu.setModes([{ id: 'ask', name: 'Ask' }, { id: 'plan', name: 'Plan' }, { id: 'agent', name: 'Agent' }], []);
    assert.equal(menu.problems.hidden, true, 'the notice goes once the file is fixed');
  });
});
