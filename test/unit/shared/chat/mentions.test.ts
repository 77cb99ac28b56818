import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replayChat } from '../../../../src/shared/chat/chatReducer';
import { fuzzyScore, rankByFuzzy } from '../../../../src/shared/chat/fuzzyRank';
import { findMentionTrigger, removeMentionToken } from '../../../../src/shared/chat/mentionTrigger';
import { addMention, MAX_MENTIONS_PER_MESSAGE, type ContextMention } from '../../../../src/shared/chat/mentions';
import { parseHostMessage, parseWebviewMessage } from '../../../../src/shared/chat/protocol';

const file = (path: string): ContextMention => ({ kind: 'file', label: path, path });

describe('findMentionTrigger', () => {
  it('finds a bare @, a partial word and a kind with its query', () => {
    assert.deepEqual(findMentionTrigger('look at @', 9), { start: 8, end: 9, query: '' });
    assert.deepEqual(findMentionTrigger('@fi', 3), { start: 0, end: 3, query: 'fi' });
    assert.deepEqual(findMentionTrigger('see @file:src/ma now', 16), { start: 4, end: 16, kind: 'file', query: 'src/ma' });
    assert.deepEqual(findMentionTrigger('@Problems:', 10), { start: 0, end: 10, kind: 'problems', query: '' });
  });

  it('is not fooled by an e-mail address, white space before the caret, or an unknown kind', () => {
    assert.equal(findMentionTrigger('mail me@example.com', 19), undefined);
    assert.equal(findMentionTrigger('@file done', 10), undefined);
    assert.equal(findMentionTrigger('no mention here', 5), undefined);
    assert.deepEqual(findMentionTrigger('@nope:x', 7), { start: 0, end: 7, query: 'nope:x' });
  });

  it('takes `@https://…` and `@http://…` as a url mention of that address; another scheme is no url', () => {
    assert.deepEqual(findMentionTrigger('read @https://docs.example.com/a?b=1', 36), { start: 5, end: 36, kind: 'url', query: 'https://docs.example.com/a?b=1' });
    assert.deepEqual(findMentionTrigger('@HTTP://localhost:3000/', 23), { start: 0, end: 23, kind: 'url', query: 'HTTP://localhost:3000/' });
    assert.deepEqual(findMentionTrigger('@url:http://localhost', 21), { start: 0, end: 21, kind: 'url', query: 'http://localhost' });
    assert.deepEqual(findMentionTrigger('@file:///etc/passwd', 19), { start: 0, end: 19, kind: 'file', query: '///etc/passwd' });
  });

  it('looks only up to the caret', () => {
    assert.deepEqual(findMentionTrigger('@file:abc', 3), { start: 0, end: 3, query: 'fi' });
  });
});

describe('removeMentionToken', () => {
  it('removes the token and the one space it leaves doubled, and says where the caret goes', () => {
    assert.deepEqual(removeMentionToken('explain @file:src/a.ts please', { start: 8, end: 22 }), { text: 'explain please', cursor: 8 });
    assert.deepEqual(removeMentionToken('@sel', { start: 0, end: 4 }), { text: '', cursor: 0 });
    assert.deepEqual(removeMentionToken('why@x', { start: 3, end: 5 }), { text: 'why', cursor: 3 });
  });
});

describe('fuzzy ranking', () => {
  const paths = ['src/webview/main.ts', 'src/domain/mainframe.ts', 'docs/maintenance.md', 'src/main.ts', 'test/unit/main.test.ts', 'README.md'];

  it('matches in order, ignoring case, and refuses what is not a subsequence', () => {
    assert.notEqual(fuzzyScore('SWM', 'src/webview/main.ts'), undefined);
    assert.equal(fuzzyScore('xyz', 'src/webview/main.ts'), undefined);
    assert.equal(fuzzyScore('niam', 'main.ts'), undefined);
    assert.equal(fuzzyScore('', 'anything'), 0);
  });

  it('puts the file whose name starts with the query first, the shortest path on ties', () => {
    assert.deepEqual(rankByFuzzy('main', paths, (path) => path, 3), ['src/main.ts', 'src/webview/main.ts', 'test/unit/main.test.ts']);
  });

  it('prefers word starts (path segments, camel case) over letters inside words', () => {
    assert.deepEqual(rankByFuzzy('cs', ['src/basics.ts', 'src/chatSession.ts'], (path) => path, 2), ['src/chatSession.ts', 'src/basics.ts']);
    assert.deepEqual(rankByFuzzy('wm', paths, (path) => path, 1), ['src/webview/main.ts']);
  });

  it('ranks a query with a slash against the whole path', () => {
    assert.deepEqual(rankByFuzzy('unit/ma', paths, (path) => path, 5), ['test/unit/main.test.ts']);
  });

  it('keeps at most `limit`; an empty query lists the shortest first', () => {
    assert.deepEqual(rankByFuzzy('', paths, (path) => path, 2), ['README.md', 'src/main.ts']);
  });
});

describe('addMention', () => {
  it('keeps one chip per file and per selected range, and stops at the limit', () => {
    const selection: ContextMention = { kind: 'selection', label: 'a.ts:1-2', path: 'a.ts', range: { startLine: 1, endLine: 2 } };
    let list = addMention([], file('a.ts'));
    list = addMention(list, file('a.ts'));
    list = addMention(list, selection);
    list = addMention(list, { ...selection, range: { startLine: 3, endLine: 4 } });
    assert.equal(list.length, 3);
    for (let index = 0; index < 50; index++) list = addMention(list, file(`f${index}.ts`));
    assert.equal(list.length, MAX_MENTIONS_PER_MESSAGE);
  });
});

describe('mention messages', () => {
  it('accepts a send with chips, a query, an answer and an added chip', () => {
    const send = parseWebviewMessage({ type: 'send', text: 'explain', mentions: [file('src/a.ts')] });
    assert.deepEqual(send, { ok: true, message: { type: 'send', text: 'explain', mentions: [file('src/a.ts')] } });
    assert.equal(parseWebviewMessage({ type: 'mentionQuery', requestId: 3, kind: 'folder', query: 'src' }).ok, true);
    assert.equal(parseHostMessage({ type: 'mentionSuggestions', requestId: 3, items: [{ mention: file('src/a.ts'), detail: 'a.ts' }], note: 'x' }).ok, true);
    assert.equal(parseHostMessage({ type: 'addMention', mention: { kind: 'selection', label: 'a.ts:2', path: 'a.ts', range: { startLine: 2, endLine: 2 } } }).ok, true);
  });

  it('refuses an unknown kind, a chip without a label, a bad range and too many chips, naming the field', () => {
    const kind = parseWebviewMessage({ type: 'mentionQuery', requestId: 1, kind: 'secrets', query: '' });
    assert.equal(kind.ok, false);
    if (!kind.ok) assert.match(kind.error, /kind/);
    const label = parseWebviewMessage({ type: 'send', text: 'x', mentions: [{ kind: 'file', label: '' }] });
    assert.equal(label.ok, false);
    if (!label.ok) assert.match(label.error, /mentions\.0\.label/);
    assert.equal(parseHostMessage({ type: 'addMention', mention: { kind: 'selection', label: 'a', range: { startLine: 0, endLine: 1 } } }).ok, false);
    const many = Array.from({ length: MAX_MENTIONS_PER_MESSAGE + 1 }, (_value, index) => file(`f${index}`));
    assert.equal(parseWebviewMessage({ type: 'send', text: 'x', mentions: many }).ok, false);
  });

  it('the reducer keeps the chips of a user message, and none when there are none', () => {
    const state = replayChat('c', [
      { type: 'userMessage', id: 'u1', text: 'explain', time: 1, mentions: [file('src/a.ts')] },
      { type: 'userMessage', id: 'u2', text: 'thanks', time: 2 },
    ]);
    assert.deepEqual(state.items[0], { kind: 'user', id: 'u1', text: 'explain', time: 1, mentions: [file('src/a.ts')] });
    assert.deepEqual(state.items[1], { kind: 'user', id: 'u2', text: 'thanks', time: 2 });
  });
});
