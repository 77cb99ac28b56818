import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import type { SlashCommandEntry } from '../../../src/shared/chat/protocol';
import { CommandComposer } from '../../../src/webview/commandComposer';

const dom = new JSDOM('<!DOCTYPE html><body><textarea id="input"></textarea><div id="list"></div></body>');
after(() => dom.window.close());
const { document } = dom.window;

const COMMANDS: SlashCommandEntry[] = [
  { name: 'new', description: 'Start a new conversation.', source: 'builtin' },
  { name: 'review', description: 'Review changes.', argumentHint: '[what to review]', source: 'builtin' },
  { name: 'review-pr', description: 'Review a pull request', argumentHint: '<number>', source: 'claude' },
  { name: 'preview', source: 'ptk' },
];

function setUp() {
  const input = document.getElementById('input') as HTMLTextAreaElement;
  const list = document.getElementById('list') as HTMLElement;
  const fresh = input.cloneNode() as HTMLTextAreaElement;
  input.replaceWith(fresh);
  fresh.value = '';
  let changes = 0;
  const composer = new CommandComposer(fresh, list, () => changes++);
  // The composer's own Enter, registered after the menu: it must not see a key the menu used.
  const sent: string[] = [];
  fresh.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') sent.push(fresh.value);
  });
  composer.set(COMMANDS);
  const type = (text: string) => {
    fresh.value = text;
    fresh.setSelectionRange(text.length, text.length);
    fresh.dispatchEvent(new dom.window.Event('input'));
  };
  const key = (name: string) => fresh.dispatchEvent(new dom.window.KeyboardEvent('keydown', { key: name, cancelable: true }));
  const rows = () => [...list.querySelectorAll('[data-testid="mention-option"]')].map((row) => row.textContent);
  return { input: fresh, list, composer, type, key, rows, sent, changes: () => changes };
}

describe('the / menu of the chat input', () => {
  it('lists the matching commands with their source, hint and description, and a choice puts "/name " in the input', () => {
    const { input, list, type, key, rows, sent, changes } = setUp();
    type('/');
    assert.equal(list.hidden, false);
    assert.deepEqual(rows(), ['/newStart a new conversation.', '/review[what to review] · Review changes.', 'Claude/review-pr<number> · Review a pull request', '.ptk/preview']);
    type('/rev');
    assert.deepEqual(rows().map((row) => row?.replace(/^(Claude|\.ptk)/, '').split(/[[<]/)[0]), ['/review', '/review-pr', '/preview']);
    key('ArrowDown');
    key('Enter');
    assert.equal(input.value, '/review-pr ');
    assert.equal(list.hidden, true);
    assert.deepEqual(sent, [], 'Enter chose the command; it did not send');
    assert.equal(changes(), 1);
    // Arguments follow: no menu for them, and Enter sends.
    type('/review-pr 42');
    assert.equal(list.hidden, true);
    key('Enter');
    assert.deepEqual(sent, ['/review-pr 42']);
    // A whole name typed: Enter sends it as it is (the menu closes); Tab completes it.
    type('/new');
    assert.equal(list.hidden, false);
    key('Enter');
    assert.equal(list.hidden, true);
    assert.deepEqual(sent, ['/review-pr 42', '/new']);
    type('/review');
    key('Tab');
    assert.equal(input.value, '/review ');
  });

  it('is not offered for text that is not a command name being typed, and Escape closes it until the text changes', () => {
    const { list, type, key } = setUp();
    for (const text of ['review', 'fix /rev', '/zzz']) {
      type(text);
      assert.equal(list.hidden, true, text);
    }
    type('/re');
    assert.equal(list.hidden, false);
    key('Escape');
    assert.equal(list.hidden, true);
    type('/re');
    assert.equal(list.hidden, true, 'the same text after Escape');
    type('/rev');
    assert.equal(list.hidden, false);
  });
});
