import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { replayChat } from '../../../src/shared/chat/chatReducer';
import type { ContextMention } from '../../../src/shared/chat/mentions';
import type { WebviewToHostMessage } from '../../../src/shared/chat/protocol';
import { createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';
import { MentionComposer } from '../../../src/webview/mentionComposer';
import { ChatRenderer } from '../../../src/webview/render';

const dom = new JSDOM('<!DOCTYPE html><body><div id="chips"></div><textarea id="input"></textarea><div id="list"></div></body>');
after(() => dom.window.close());
const document = dom.window.document;

const file = (path: string): ContextMention => ({ kind: 'file', label: path, path });

function setup() {
  const input = document.getElementById('input') as HTMLTextAreaElement;
  const fresh = input.cloneNode() as HTMLTextAreaElement;
  input.replaceWith(fresh);
  const chips = document.getElementById('chips') as HTMLElement;
  const list = document.getElementById('list') as HTMLElement;
  chips.replaceChildren();
  list.replaceChildren();
  const posted: WebviewToHostMessage[] = [];
  let changes = 0;
  const composer = new MentionComposer({ input: fresh, chips, list, post: (message) => posted.push(message), onChange: () => changes++ });
  // The composer's own send on Enter, registered after the mention composer as in main.ts.
  const sent: string[] = [];
  fresh.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) sent.push(fresh.value);
  });
  const type = (text: string) => {
    fresh.focus();
    fresh.value = text;
    fresh.setSelectionRange(text.length, text.length);
    fresh.dispatchEvent(new dom.window.Event('input'));
  };
  const key = (name: string) => fresh.dispatchEvent(new dom.window.KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
  const rows = () => [...list.querySelectorAll('[data-testid="mention-option"]')].map((row) => row.textContent);
  const labels = () => [...list.querySelectorAll('.mention-option .mention-label')].map((label) => label.textContent);
  const active = () => list.querySelector('.mention-option.active')?.textContent;
  const lastQuery = () => posted.filter((message): message is Extract<WebviewToHostMessage, { type: 'mentionQuery' }> => message.type === 'mentionQuery').at(-1);
  return { input: fresh, chips, list, composer, posted, sent, type, key, rows, labels, active, lastQuery, changes: () => changes };
}

describe('MentionComposer', () => {
  it('"@" lists the kinds; arrows move, Enter on "file" asks the host for files, Enter on a file makes a chip', () => {
    const ui = setup();
    ui.type('Explain @');
    assert.deepEqual(ui.labels(), ['file', 'folder', 'selection', 'problems', 'changes', 'terminal', 'url']);
    assert.equal(ui.list.hidden, false);
    assert.equal(ui.input.getAttribute('aria-expanded'), 'true');
    ui.key('ArrowDown');
    ui.key('ArrowUp');
    assert.match(ui.active() ?? '', /^@file/);
    assert.equal(ui.input.getAttribute('aria-activedescendant'), ui.list.querySelector('.mention-option.active')?.id);
    ui.key('Enter');
    assert.equal(ui.sent.length, 0, 'Enter chose a row, it did not send');
    assert.equal(ui.input.value, 'Explain @file:');
    assert.deepEqual(ui.lastQuery(), { type: 'mentionQuery', requestId: ui.lastQuery()!.requestId, kind: 'file', query: '' });

    ui.type('Explain @file:conf');
    const query = ui.lastQuery()!;
    assert.equal(query.query, 'conf');
    ui.composer.receive({ requestId: query.requestId, items: [{ mention: file('src/config.ts'), detail: 'config.ts' }, { mention: file('src/configLoader.ts') }] });
    assert.deepEqual(ui.rows(), ['@filesrc/config.tsconfig.ts', '@filesrc/configLoader.ts']);
    ui.key('ArrowDown');
    ui.key('Tab');
    assert.equal(ui.input.value, 'Explain ');
    assert.deepEqual(ui.composer.mentions, [file('src/configLoader.ts')]);
    assert.equal(ui.chips.querySelectorAll('[data-testid="mention-chip"]').length, 1);
    assert.equal(ui.chips.hidden, false);
    assert.equal(ui.list.hidden, true);
    ui.key('Enter');
    assert.deepEqual(ui.sent, ['Explain '], 'with the list closed, Enter sends again');
  });

  it('ignores a stale answer and shows the host\'s note when nothing matches', () => {
    const ui = setup();
    ui.type('@file:a');
    const first = ui.lastQuery()!;
    ui.type('@file:ab');
    ui.composer.receive({ requestId: first.requestId, items: [{ mention: file('stale.ts') }] });
    assert.equal(ui.rows().length, 0);
    ui.composer.receive({ requestId: ui.lastQuery()!.requestId, items: [], note: 'No file matches "ab".' });
    assert.equal(ui.list.querySelector('[data-testid="mention-note"]')?.textContent, 'No file matches "ab".');
  });

  it('"@text" lists the matching kinds and then the matching files', () => {
    const ui = setup();
    ui.type('@f');
    assert.deepEqual(ui.labels(), ['file', 'folder']);
    assert.equal(ui.lastQuery()!.kind, 'file');
    assert.equal(ui.lastQuery()!.query, 'f');
    ui.composer.receive({ requestId: ui.lastQuery()!.requestId, items: [{ mention: file('src/format.ts') }] });
    assert.equal(ui.rows().at(-1), '@filesrc/format.ts');
  });

  it('a kind with one answer (the selection) becomes a chip at once', () => {
    const ui = setup();
    ui.type('@sel');
    ui.key('Enter');
    const query = ui.lastQuery()!;
    assert.equal(query.kind, 'selection');
    const selection: ContextMention = { kind: 'selection', label: 'src/a.ts:3-5', path: 'src/a.ts', range: { startLine: 3, endLine: 5 } };
    ui.composer.receive({ requestId: query.requestId, items: [{ mention: selection }] });
    assert.deepEqual(ui.composer.mentions, [selection]);
    assert.equal(ui.input.value, '');
  });

  it('Escape closes the list until a new "@"; a mouse click chooses; Backspace at the start removes the last chip', () => {
    const ui = setup();
    ui.type('@');
    ui.key('Escape');
    assert.equal(ui.list.hidden, true);
    ui.type('@c');
    assert.equal(ui.list.hidden, true, 'the same "@" stays closed');
    ui.type('@c @');
    assert.equal(ui.list.hidden, false);
    const changes = ui.list.querySelectorAll('[data-testid="mention-option"]')[4] as HTMLElement;
    changes.dispatchEvent(new dom.window.MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    assert.equal(ui.lastQuery()!.kind, 'changes');
    ui.composer.receive({ requestId: ui.lastQuery()!.requestId, items: [{ mention: { kind: 'changes', label: 'changes' } }] });
    assert.deepEqual(ui.composer.mentions, [{ kind: 'changes', label: 'changes' }]);
    ui.input.setSelectionRange(0, 0);
    ui.key('Backspace');
    assert.deepEqual(ui.composer.mentions, []);
    assert.equal(ui.chips.hidden, true);
  });

  it('Enter on "@terminal:" with no terminal to offer sends nothing', () => {
    const ui = setup();
    ui.type('@terminal:');
    ui.composer.receive({ requestId: ui.lastQuery()!.requestId, items: [], note: 'No terminal is open.' });
    ui.key('Enter');
    assert.deepEqual(ui.sent, [], 'no "@terminal:" message');
    assert.equal(ui.input.value, '@terminal:');
    ui.type('Look at @terminal: please');
    ui.key('Enter');
    assert.deepEqual(ui.sent, ['Look at @terminal: please'], 'a caret after the token sends as usual');
  });

  it('adds chips from the host once each, removes one with its button, clears after a send', () => {
    const ui = setup();
    ui.composer.add(file('a.ts'));
    ui.composer.add(file('a.ts'));
    ui.composer.add(file('b.ts'));
    assert.equal(ui.composer.mentions.length, 2);
    (ui.chips.querySelector('[data-testid="mention-remove"]') as HTMLElement).click();
    assert.deepEqual(ui.composer.mentions, [file('b.ts')]);
    ui.composer.clear();
    assert.deepEqual(ui.composer.mentions, []);
  });
});

describe('ChatRenderer: chips of a sent message', () => {
  it('shows the message\'s chips under its text, and plain text without them', () => {
    const list = document.createElement('div');
    const renderer = new ChatRenderer(list, createMarkdownRenderer(dom.window as unknown as WindowLike), { approve() {}, reject() {}, openDiff() {}, action() {}, copy() {} });
    renderer.update(replayChat('c', [
      { type: 'userMessage', id: 'u1', text: 'Explain', time: 0, mentions: [file('src/<b>.ts'), { kind: 'terminal', label: 'terminal: bash', terminal: 'bash' }] },
      { type: 'userMessage', id: 'u2', text: 'Plain', time: 0 },
    ]));
    const [first, second] = [...list.querySelectorAll('[data-testid="user-message"]')];
    assert.deepEqual([...first!.querySelectorAll('[data-testid="mention-chip"]')].map((chip) => (chip as HTMLElement).dataset.kind), ['file', 'terminal']);
    assert.equal(first!.querySelector('.mention-label')?.textContent, 'src/<b>.ts');
    assert.equal(first!.querySelector('b'), null, 'labels are text, never HTML');
    assert.equal(first!.querySelector('[data-testid="mention-remove"]'), null);
    assert.equal(second!.textContent, 'Plain');
  });

  it('a sent chip naming a file opens it when clicked; a terminal chip is not a link', () => {
    const list = document.createElement('div');
    const opened: string[] = [];
    const renderer = new ChatRenderer(list, createMarkdownRenderer(dom.window as unknown as WindowLike), { approve() {}, reject() {}, openDiff() {}, action() {}, copy() {}, openFile: (path) => opened.push(path) });
    const selection: ContextMention = { kind: 'selection', label: 'src/a.ts:3-5', path: 'src/a.ts', range: { startLine: 3, endLine: 5 } };
    renderer.update(replayChat('c', [{ type: 'userMessage', id: 'u1', text: 'Explain', time: 0, mentions: [file('src/b.ts'), selection, { kind: 'terminal', label: 'terminal: bash', terminal: 'bash' }] }]));
    for (const chip of list.querySelectorAll<HTMLElement>('[data-testid="mention-chip"]')) chip.click();
    assert.deepEqual(opened, ['src/b.ts', 'src/a.ts']);
    assert.deepEqual([...list.querySelectorAll<HTMLElement>('[data-testid="mention-chip"]')].map((chip) => chip.getAttribute('role')), ['link', 'link', null]);
  });
});
