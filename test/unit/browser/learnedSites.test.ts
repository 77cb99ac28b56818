/**
 * What site discovery learned, kept across restarts (src/browser/autoSite.ts): records of the
 * origins something was learned of, restored with a shape check (records of another shape are
 * dropped and counted, an origin learned in this run keeps what it learned now), the report's
 * lines for Diagnose Site, and the `ptk.customSite` export with its send key.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCustomAdapter, parseCustomSite } from '../../../src/browser/adapters/custom';
import { describeLearnedSite, forgetLearnedSite, learnedCustomSite, learnedSiteFor, learnedSiteRecords, restoreLearnedSites, type LearnedSiteRecord } from '../../../src/browser/autoSite';
import { formatDiagnosis, type SiteDiagnosis } from '../../../src/browser/diagnose/diagnoseSite';

const TURN = {
  userTurn: ['li.mine'],
  assistantTurn: ['li.theirs'],
  answerContent: ['li.theirs > div.said'],
  turnScope: [],
  turnActionBar: ['li.theirs > div.tools'],
  copyButton: ['span[title="Copy reply"]'],
  stopButton: ['span[title="Cancel"]'],
};

/** A whole record of a page that sends with Ctrl+Enter. */
function parrot(origin: string): LearnedSiteRecord {
  return { origin, learned: { composer: { selector: 'textarea.field', kind: 'textarea' }, sendButton: null, sendKey: 'Control+Enter', turn: structuredClone(TURN) } };
}

const recordOf = (origin: string) => learnedSiteRecords().find((record) => record.origin === origin);

describe('learned sites (site "auto"): kept across restarts', () => {
  it('records only the origins something was learned of, as copies', () => {
    const url = 'http://records.test:8080/chat';
    learnedSiteFor('http://empty.test/'); // an adapter made for a page, nothing learned yet
    const learned = learnedSiteFor(url);
    learned.composer = { selector: '#prompt', kind: 'contenteditable' };
    try {
      const record = recordOf('http://records.test:8080');
      assert.deepEqual(record, { origin: 'http://records.test:8080', learned: { composer: { selector: '#prompt', kind: 'contenteditable' } } });
      assert.equal(recordOf('http://empty.test'), undefined, 'an empty entry is no record');
      record!.learned.composer!.selector = 'changed';
      assert.equal(learnedSiteFor(url).composer!.selector, '#prompt', 'a record is a copy');
    } finally {
      forgetLearnedSite(url);
      forgetLearnedSite('http://empty.test/');
    }
  });

  it('restores the records of an earlier run: learnedSiteFor then has them, and they export', () => {
    const origin = 'http://restored.test:9000';
    try {
      assert.deepEqual(restoreLearnedSites(JSON.parse(JSON.stringify([parrot(origin)]))), { restored: 1, dropped: 0 });
      assert.deepEqual(learnedSiteFor(`${origin}/any/path`), parrot(origin).learned);
      assert.deepEqual(recordOf(origin), parrot(origin));
      const customSite = learnedCustomSite(`${origin}/`);
      assert.equal(customSite?.sendKey, 'Control+Enter');
      assert.equal(customSite?.sendButton, undefined);
      assert.deepEqual(customSite?.input, ['textarea.field']);
    } finally {
      forgetLearnedSite(`${origin}/`);
    }
    assert.equal(recordOf(origin), undefined, 'forgotten');
  });

  it('drops records of another shape, keeps the good ones, and counts what it dropped', () => {
    const good = 'http://good.test';
    const bad: unknown[] = [
      null,
      'text',
      { origin: 'http://no-learned.test' },
      { origin: 'file:///etc', learned: {} },
      { origin: 'http://path.test/chat', learned: {} },
      { origin: 'http://kind.test', learned: { composer: { selector: 'textarea', kind: 'input' } } },
      { origin: 'http://key.test', learned: { sendKey: 'Shift+Enter' } },
      { origin: 'http://extra.test', learned: { sendButton: '#send', script: 'alert(1)' } },
      { origin: 'http://list.test', learned: { turn: { ...TURN, userTurn: 'li.mine' } } },
      { origin: 'http://empty-selector.test', learned: { sendButton: '' } },
    ];
    try {
      assert.deepEqual(restoreLearnedSites([...bad, parrot(good)]), { restored: 1, dropped: bad.length });
      assert.deepEqual(recordOf(good), parrot(good));
      for (const record of bad) {
        const origin = (record as { origin?: string } | null)?.origin;
        if (origin?.startsWith('http')) assert.equal(recordOf(new URL(origin).origin), undefined, origin);
      }
      assert.deepEqual(restoreLearnedSites({ not: 'a list' }), { restored: 0, dropped: 1 });
      assert.deepEqual(restoreLearnedSites(undefined), { restored: 0, dropped: 0 }, 'nothing stored yet');
    } finally {
      forgetLearnedSite(`${good}/`);
    }
  });

  it('an origin learned in this run keeps what it learned now over a stored record', () => {
    const url = 'http://fresh.test/';
    learnedSiteFor(url).sendButton = '#send-now';
    try {
      assert.deepEqual(restoreLearnedSites([parrot('http://fresh.test')]), { restored: 0, dropped: 0 });
      assert.equal(learnedSiteFor(url).sendButton, '#send-now');
      assert.equal(learnedSiteFor(url).composer, undefined);
    } finally {
      forgetLearnedSite(url);
    }
  });

  it("Diagnose Site's lines: what was learned (composer, send key, turn selectors), or that nothing is yet", () => {
    const origin = 'http://diagnosed.test';
    assert.match(describeLearnedSite(`${origin}/`).join('\n'), /Learned by site discovery \(http:\/\/diagnosed\.test\)\nNothing is learned yet/);
    restoreLearnedSites([parrot(origin)]);
    try {
      const lines = describeLearnedSite(`${origin}/`).join('\n');
      assert.match(lines, /- composer: `textarea\.field` \(textarea\)/);
      assert.match(lines, /- send: the Ctrl\+Enter key \(no send button\)/);
      assert.match(lines, /- answer: `li\.theirs`/);
      assert.match(lines, /- copy: `span\[title="Copy reply"\]`/);
      assert.match(lines, /- new chat: the address \(it has opened a fresh chat so far\)/);
      const diagnosis = { site: 'auto', siteName: 'diagnosed.test', url: `${origin}/`, capturedAt: '2026-11-28T00:00:00.000Z', lists: {}, problems: [], learned: describeLearnedSite(`${origin}/`), userTurnCount: 0, assistantTurnCount: 0, composerPresent: true } as unknown as SiteDiagnosis;
      assert.match(formatDiagnosis(diagnosis), /## Learned by site discovery[^\n]*\n- composer: `textarea\.field`/);
    } finally {
      forgetLearnedSite(`${origin}/`);
    }
  });

  it('the new-chat control: kept across restarts, exported, and said by Diagnose Site; none found is said too', () => {
    const withControl = 'http://newchat.test';
    const withNone = 'http://nonewchat.test';
    assert.deepEqual(
      restoreLearnedSites([
        { ...parrot(withControl), learned: { ...parrot(withControl).learned, newChatButton: 'a[aria-label="New conversation"]' } },
        { ...parrot(withNone), learned: { ...parrot(withNone).learned, newChatButton: null } },
        { ...parrot('http://badnewchat.test'), learned: { ...parrot('http://badnewchat.test').learned, newChatButton: 42 } },
      ]),
      { restored: 2, dropped: 1 },
    );
    try {
      assert.equal(learnedSiteFor(`${withControl}/`).newChatButton, 'a[aria-label="New conversation"]');
      assert.deepEqual(learnedCustomSite(`${withControl}/`)?.newChatButton, ['a[aria-label="New conversation"]']);
      assert.match(describeLearnedSite(`${withControl}/`).join('\n'), /- new chat: the control `a\[aria-label="New conversation"\]` \(the address reopens the last chat\)/);
      assert.equal(learnedCustomSite(`${withNone}/`)?.newChatButton, undefined);
      assert.match(describeLearnedSite(`${withNone}/`).join('\n'), /- new chat: none found: the address reopens the last chat, so conversations take turns in it/);
    } finally {
      forgetLearnedSite(`${withControl}/`);
      forgetLearnedSite(`${withNone}/`);
    }
  });

  it("Diagnose Site on a built-in site: what discovery found when the site's selectors missed, with how to repair; no section when it never stood in", () => {
    const origin = 'http://drifted.test';
    assert.deepEqual(describeLearnedSite(`${origin}/`, { id: 'chatgpt', name: 'ChatGPT' }), [], 'nothing discovered: no section');
    restoreLearnedSites([parrot(origin)]);
    try {
      const lines = describeLearnedSite(`${origin}/`, { id: 'chatgpt', name: 'ChatGPT' }).join('\n');
      assert.match(lines, /^## Discovered when ChatGPT's selectors missed \(http:\/\/drifted\.test\)\n- composer: `textarea\.field`/);
      assert.match(lines, /PTK runs ChatGPT on these while its own selectors miss\. To repair the site for good, put them in ptk\.siteOverrides/);
      assert.match(lines, /e\.g\. `\{"chatgpt":\{"selectors":\{"composer":\{"prepend":\["textarea\.field"\]\}\}\}\}`/, 'the example names the composer found, not a placeholder');
    } finally {
      forgetLearnedSite(`${origin}/`);
    }
  });

  it('ptk.customSite takes a sendKey (Enter by default, Control+Enter, nothing else) and the custom adapter carries it', () => {
    const minimal = { url: 'https://chat.example.test/', input: 'textarea', stopButton: '#stop', userTurn: '.user', answerContainer: '.bot', actionBar: '.actions' };
    assert.equal(parseCustomSite(minimal).sendKey, 'Enter');
    assert.equal(createCustomAdapter({ ...minimal, sendKey: 'Control+Enter' }).sendKey, 'Control+Enter');
    assert.throws(() => parseCustomSite({ ...minimal, sendKey: 'Shift+Enter' }), /sendKey/);
  });

  it('a learned page with a send button exports no send key; one learned to send with Enter exports Enter', () => {
    const withButton = 'http://button.test';
    const withEnter = 'http://enter.test';
    restoreLearnedSites([
      { origin: withButton, learned: { ...parrot(withButton).learned, sendButton: 'button.send', sendKey: undefined } },
      { origin: withEnter, learned: { ...parrot(withEnter).learned, sendKey: undefined } },
    ]);
    try {
      const button = learnedCustomSite(`${withButton}/`)!;
      assert.deepEqual([button.sendButton, button.sendKey], [['button.send'], undefined]);
      assert.equal(learnedCustomSite(`${withEnter}/`)!.sendKey, 'Enter');
    } finally {
      forgetLearnedSite(`${withButton}/`);
      forgetLearnedSite(`${withEnter}/`);
    }
  });
});
