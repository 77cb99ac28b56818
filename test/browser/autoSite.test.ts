/**
 * Site `auto` (src/browser/autoSite.ts, src/browser/page/siteDiscovery.ts): every replica of the
 * five original sites, current and older variants, and a page no adapter knows (replicas/sites/
 * madeup-parrot), driven with no selectors at all. The first turn is learned on the page (with a
 * reasoning phase whose action bar flashes mid-thinking, so a learned "end" that comes too soon
 * would cut the answer), the next ones run on what was learned: answers exact, a tool call intact,
 * a preamble's gap that does not end the turn, a virtual list that unmounts our user turn
 * during a long answer. A second made-up page (madeup-heron) has a contenteditable composer, a
 * send button enabled by typing and no copy control, so its answers are read from the DOM. What
 * was learned exports as a `ptk.customSite` that drives the made-up page through the `custom`
 * adapter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BrowserChatModel } from '../../src/browser/browserChatModel';
import { resolveAdapter } from '../../src/browser/adapters/registry';
import { forgetLearnedSite, learnedCustomSite, learnedSiteFor } from '../../src/browser/autoSite';
import { PTKError, PTKErrorCode } from '../../src/core/errors';
import { PTKParser } from '../../src/core/protocol/parser';
import { RENDERED_TEXT_NOTE } from '../../src/browser/outgoingMessage';
import { sharedTestBrowser, startFreshReplica } from './harness';
import type { ReplicaScenario } from './replicas/scenario';
import { replicaSites } from './replicas/sites';

const ORIGINAL_SITES = ['chatgpt', 'claude', 'gemini', 'aistudio', 'deepseek'];
/** The five sites' replica folders, current and older variants (sites.ts). */
const REPLICAS = replicaSites.filter((entry) => ORIGINAL_SITES.includes(entry.adapter));

const FIRST = 'Hello **there**.\n\n```ts\nconst a = 1 < 2;\n```\n\nDone.';
const TOOL_CALL = 'I will read it.\n\n<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "src/a_b__c.ts"}}\n</TOOL_CALL>';
/** The same call as a model writes it when asked for a ```json block inside the tags (a page read as rendered text). */
const FENCED_EDIT_CALL = 'I will fix it.\n\n<TOOL_CALL>\n```json\n{"tool": "edit_file", "args": {"path": "config/broken.json", "edits": [{"search": "  \\"value\\": ", "replace": "  \\"value\\": 1"}]}}\n```\n</TOOL_CALL>';
const EDIT_CALL = 'I will fix it.\n\n<TOOL_CALL>\n{"tool": "edit_file", "args": {"path": "config/broken.json", "edits": [{"search": "  \\"value\\": ", "replace": "  \\"value\\": 1"}]}}\n</TOOL_CALL>';
/** Markdown a page with no copy control must give back from its DOM: inline code, an indented code block, a table. */
const RICH = ['Use `npm test` first.', '', '```ts', 'function ok(): boolean {', '  return a < b && c > d;', '}', '```', '', '| Code | Meaning |', '| --- | --- |', '| `429` | rate limit |', '| `401` | log in |', '', 'Done.'].join('\n');
const PREAMBLE = 'Let me look that up first.';
const AFTER_GAP = 'Found it: the answer is `42`.';

/** A call that starts conversation `key` (a new thread whose whole transcript is `text`). */
function newConversation(key: string, text: string): { thread: { key: string; newThread: true; fullTranscript: () => string } } {
  return { thread: { key, newThread: true, fullTranscript: () => text } };
}

function scenario(thinkingFlash: boolean, preambleGap: boolean): ReplicaScenario {
  return {
    turns: [
      thinkingFlash ? { reply: FIRST, thinkingText: 'Thinking…', thinkingMs: 1_200, actionBarFlashMs: 400, tokenMs: 3 } : { reply: FIRST, tokenMs: 3 },
      { reply: TOOL_CALL, tokenMs: 3 },
      preambleGap ? { preamble: PREAMBLE, preambleGapMs: 700, thinkingText: 'Thinking…', reply: AFTER_GAP, tokenMs: 3 } : { reply: AFTER_GAP, tokenMs: 3 },
    ],
  };
}

describe('site "auto": discovery drives chat pages with no selectors', () => {
  const browser = sharedTestBrowser();

  for (const entry of REPLICAS) {
    const features = entry.supports ?? ['thinkingFlash', 'preambleGap'];
    const flash = features.includes('thinkingFlash');
    const gap = features.includes('preambleGap');
    it(`${entry.replica}: learned on the first turn${flash ? ' (a bar flashing mid-thinking)' : ''}, then a tool call intact${gap ? ' and a preamble gap that does not end the turn' : ''}`, async () => {
      const server = await startFreshReplica({ site: entry.replica, scenario: scenario(flash, gap) });
      const model = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
      try {
        assert.equal(await model.call('Say hello'), FIRST);
        assert.equal(await model.call('Read the file', { thread: { key: 't', newThread: false, fullTranscript: () => 'Read the file' } }), TOOL_CALL);
        const third = await model.call('And the answer?', { thread: { key: 't', newThread: false, fullTranscript: () => 'And the answer?' } });
        assert.ok(third === AFTER_GAP || third === `${PREAMBLE}\n\n${AFTER_GAP}`, `got ${JSON.stringify(third)}`);
        assert.equal(server.submissions.length, 3, 'each prompt sent once');
        const learned = learnedSiteFor(server.url);
        assert.ok(learned.turn && learned.turn.assistantTurn.length > 0 && learned.turn.turnActionBar.length > 0, JSON.stringify(learned));
      } finally {
        await model.close();
        await server.close();
      }
    });
  }

  for (const entry of REPLICAS.filter((candidate) => (candidate.supports ?? ['virtualList']).includes('virtualList'))) {
    it(`${entry.replica}: learned on a short first turn, then a virtualized list drops our user turn during a long answer: the answer completes exact`, async () => {
      const long = Array.from({ length: 24 }, (_, index) => `Line ${index} of a long answer that pushes the question out of the list.`).join('\n\n');
      const server = await startFreshReplica({ site: entry.replica, scenario: { virtualizeAfterChars: 300, turns: [{ reply: FIRST, tokenMs: 3 }, { reply: long, tokenMs: 2, tokenChars: 12 }] } });
      const model = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
      try {
        assert.equal(await model.call('Say hello'), FIRST);
        const fulls: string[] = [];
        const answer = await model.call('write a lot', { thread: { key: 't', newThread: false, fullTranscript: () => 'write a lot' }, onDelta: (delta) => fulls.push(delta.full) });
        assert.equal(answer, long);
        const firstText = fulls.findIndex((full) => full.length > 0);
        assert.ok(firstText >= 0 && fulls.slice(firstText).every((full) => full.length > 0), 'the streamed text never went back to empty');
        assert.equal(server.submissions.length, 2, 'each prompt sent once');
      } finally {
        await model.close();
        await server.close();
      }
    });
  }

  // A first answer with a code block puts a copy control in the answer too; one without leaves
  // the bar's controls alike (span[role=button]): the copy control is learned by its title.
  for (const first of [FIRST, 'Hello there.']) {
    it(`a page no adapter knows (made up for this test): Ctrl+Enter found to send, span controls, its copy control used (first answer ${first === FIRST ? 'with' : 'without'} a code block)`, async () => {
      const server = await startFreshReplica({ site: 'madeup-parrot', scenario: { turns: [{ reply: first, tokenMs: 3 }, { reply: TOOL_CALL, tokenMs: 3 }, { reply: EDIT_CALL, tokenMs: 3 }] } });
      const model = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
      try {
        assert.equal(await model.call('Say hello'), first);
        assert.equal(await model.call('Read the file'), TOOL_CALL);
        // Escaped quotes in prose: the page's markdown shows them without their backslashes, the copy keeps them.
        assert.equal(await model.call('Fix the file'), EDIT_CALL);
        assert.equal(server.submissions.length, 3, 'each prompt sent once');
        const learned = learnedSiteFor(server.url);
        assert.equal(learned.sendButton, null, 'its hidden arrow is no send button');
        assert.equal(learned.sendKey, 'Control+Enter');
        assert.deepEqual(learned.turn?.copyButton, ['span[title="Copy reply"]']);
        assert.deepEqual(
          model.log.entries.map((turn) => turn.extractedVia),
          ['copy', 'copy', 'copy'],
        );
        assert.deepEqual(
          server.submissions.map((submission) => submission.text.includes(RENDERED_TEXT_NOTE)),
          [true, false, false],
          'the code-block request goes with the first message only: from then on the copy control is known',
        );
      } finally {
        await model.close();
        await server.close();
      }
    });
  }

  it('a page whose address reopens the last chat and has no new-chat control: a new conversation says it goes on in that chat, and conversations take turns in it', async () => {
    const server = await startFreshReplica({
      site: 'madeup-parrot',
      scenario: { turns: [{ reply: FIRST, tokenMs: 3 }, { reply: TOOL_CALL, tokenMs: 3 }, { reply: AFTER_GAP, tokenMs: 3 }, { reply: FIRST, tokenMs: 20 }, { reply: TOOL_CALL, tokenMs: 3 }] },
    });
    const model = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false, maxTabs: 2 });
    try {
      assert.equal(await model.call('Say hello', newConversation('a', 'Say hello')), FIRST);
      assert.deepEqual(model.log.entries[0]!.warnings ?? [], [], 'the first conversation starts the chat');
      assert.equal(await model.call('Read the file', newConversation('b', 'Read the file')), TOOL_CALL);
      const warnings = model.log.entries[1]!.warnings ?? [];
      assert.equal(warnings.length, 1, JSON.stringify(warnings));
      assert.match(warnings[0]!, /reopened an earlier chat .* this conversation goes on in that chat, where the model also sees its earlier messages, and conversations take turns in it .* To start new chats, export the learned site/);
      assert.equal(server.conversationCount, 1, 'one chat on the site: the page had no other');
      assert.equal(learnedSiteFor(server.url).newChatButton, null, 'the page has no new-chat control to learn');
      assert.match(model.status.warning ?? '', /reopens its last chat and has no new-chat control PTK knows: your conversations share it and take turns\. To give each its own: PTK: Export Learned Site/, 'said under the chat view\'s header');

      // Conversation a goes on after b used the chat: its last messages are not the chat's, so it sends its whole transcript.
      assert.equal(await model.call('TOOL_RESULT for a', { thread: { key: 'a', newThread: false, fullTranscript: () => 'WHOLE TRANSCRIPT OF A' } }), AFTER_GAP);
      assert.match(server.submissions[2]!.text, /^WHOLE TRANSCRIPT OF A/);

      // Two conversations at once: the second waits until the first's call has ended (two tabs would be allowed).
      const events: string[] = [];
      const first = model.call('Go on, c', newConversation('c', 'Go on, c'));
      const second = model.call('Go on, d', {
        thread: { key: 'd', newThread: true, fullTranscript: () => 'Go on, d' },
        onWaiting: (waiting) => events.push(waiting ? 'd waits' : `d gets the chat after ${model.log.entries.length} turns`),
      });
      assert.deepEqual(await Promise.all([first, second]), [FIRST, TOOL_CALL]);
      assert.deepEqual(events, ['d waits', 'd gets the chat after 4 turns']);
      assert.deepEqual(
        server.submissions.map((submission) => submission.text.split('\n\n')[0]),
        ['Say hello', 'Read the file', 'WHOLE TRANSCRIPT OF A', 'Go on, c', 'Go on, d'],
      );
    } finally {
      await model.close();
      await server.close();
    }
  });

  it('a page whose address reopens the last chat and that has a new-chat control: discovery learns it, and each conversation gets a chat of its own', async () => {
    const server = await startFreshReplica({ site: 'madeup-heron', scenario: { turns: [{ reply: FIRST, tokenMs: 3 }, { reply: TOOL_CALL, tokenMs: 3 }, { reply: AFTER_GAP, tokenMs: 3 }] } });
    const model = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
    try {
      assert.equal(await model.call('Say hello', newConversation('a', 'Say hello')), FIRST);
      assert.equal(learnedSiteFor(server.url).newChatButton, undefined, 'the first chat needed no control');
      assert.equal(await model.call('Read the file', newConversation('b', 'Read the file')), TOOL_CALL);
      assert.equal(learnedSiteFor(server.url).newChatButton, 'a[aria-label="New conversation"]');
      assert.equal(await model.call('And the answer?', newConversation('c', 'And the answer?')), AFTER_GAP);
      assert.deepEqual(
        model.log.entries.map((turn) => turn.warnings ?? []),
        [[], [], []],
      );
      assert.equal(model.status.warning, undefined, 'nothing to say under the header');
      assert.deepEqual(
        server.submissions.map((submission) => submission.conversationId),
        ['conv-1', 'conv-2', 'conv-3'],
      );
      assert.deepEqual(learnedCustomSite(server.url)?.newChatButton, ['a[aria-label="New conversation"]']);
    } finally {
      await model.close();
      await server.close();
    }
  });

  it('learned again after Forget, on a page whose address reopens the last chat: the message that went into it says so, and the next conversation gets a chat of its own', async () => {
    const server = await startFreshReplica({ site: 'madeup-heron', scenario: { turns: [{ reply: FIRST, tokenMs: 3 }, { reply: TOOL_CALL, tokenMs: 3 }, { reply: AFTER_GAP, tokenMs: 3 }] } });
    const first = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
    try {
      assert.equal(await first.call('Say hello', newConversation('a', 'Say hello')), FIRST);
    } finally {
      await first.close();
    }
    // PTK: Forget Learned Site, then the connection starts again with nothing learned.
    forgetLearnedSite(server.url);
    const model = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
    try {
      assert.equal(await model.call('Read the file', newConversation('b', 'Read the file')), TOOL_CALL);
      const warnings = model.log.entries[0]!.warnings ?? [];
      assert.equal(warnings.length, 1, JSON.stringify(warnings));
      assert.match(warnings[0]!, /showed an earlier chat .* when PTK was learning the page, so this message went into it and the model also saw its earlier messages/);
      assert.equal(model.status.warning, warnings[0], 'said under the chat view\'s header');
      assert.equal(await model.call('And the answer?', newConversation('c', 'And the answer?')), AFTER_GAP);
      assert.deepEqual(model.log.entries[1]!.warnings ?? [], []);
      assert.equal(model.status.warning, undefined, 'a fresh chat again: the header says no more of the earlier one');
      assert.deepEqual(
        server.submissions.map((submission) => submission.conversationId),
        ['conv-1', 'conv-1', 'conv-2'],
      );
    } finally {
      await model.close();
      await server.close();
    }
  });

  it('a second page no adapter knows (made up for this test): contenteditable in a form, a send button enabled by typing, no copy control: read from the DOM', async () => {
    const server = await startFreshReplica({ site: 'madeup-heron', scenario: { turns: [{ reply: RICH, tokenMs: 3 }, { reply: TOOL_CALL, tokenMs: 3 }, { reply: FENCED_EDIT_CALL, tokenMs: 3 }] } });
    const model = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
    try {
      // A file's lines as read_file gives them: the runs of spaces are its indentation.
      const indented = 'Show me a table of this:\n\n1 | function ok() {\n2 |   if (a) {\n3 |     return  a < b;\n4 |   }\n5 | }';
      assert.equal(await model.call(indented), RICH);
      assert.equal(await model.call('Read the file'), TOOL_CALL);
      // Escaped quotes: asked for, the model puts the call's JSON in a code block, which the page shows as it is.
      const edit = new PTKParser().parse(await model.call('Fix the file')).toolCall;
      assert.deepEqual(edit?.args, { path: 'config/broken.json', edits: [{ search: '  "value": ', replace: '  "value": 1' }] });
      assert.equal(server.submissions.length, 3, 'each prompt sent once');
      assert.ok(
        server.submissions.every((submission) => submission.text.includes(RENDERED_TEXT_NOTE)),
        'every message to a page read as rendered text asks for calls in a code block',
      );
      // (Its blank lines come back doubled: a plain editable box's own line blocks, which the model reads the same.)
      const lines = (text: string) => text.split('\n').filter((line) => line !== '');
      assert.deepEqual(lines(server.submissions[0]!.text.split('[ptk:')[0]!), [...lines(indented), RENDERED_TEXT_NOTE], 'the plain editable box kept every space');
      const learned = learnedSiteFor(server.url);
      assert.equal(learned.composer?.kind, 'contenteditable');
      assert.equal(learned.sendButton, 'button[aria-label="Submit message"]');
      assert.equal(learned.sendKey, undefined, 'sent by its button, not a key');
      assert.deepEqual(learned.turn?.copyButton, [], 'the page has no copy control');
      assert.deepEqual(learned.turn?.stopButton, ['button[aria-label="Cancel"]']);
      assert.deepEqual(
        model.log.entries.map((turn) => turn.extractedVia),
        ['dom', 'dom', 'dom'],
      );
    } finally {
      await model.close();
      await server.close();
    }
  });

  it('what was learned exports as a ptk.customSite that drives the page through the custom adapter', async () => {
    const server = await startFreshReplica({ site: 'claude', scenario: { turns: [{ reply: FIRST, tokenMs: 3 }, { reply: AFTER_GAP, tokenMs: 3 }] } });
    const model = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
    try {
      assert.equal(await model.call('Say hello'), FIRST);
    } finally {
      await model.close();
    }
    const customSite = learnedCustomSite(server.url);
    assert.ok(customSite, 'learned');
    const custom = new BrowserChatModel({ adapter: resolveAdapter('custom', { customSite }), browser: browser(), temporaryChats: false });
    try {
      assert.equal(await custom.call('Once more'), AFTER_GAP);
      assert.equal(custom.log.entries[0]!.extractedVia, 'copy');
    } finally {
      await custom.close();
      await server.close();
    }
  });

  it('a page with no text box to type in: SELECTOR_NOT_FOUND naming the composer', async () => {
    const server = await startFreshReplica({ site: 'madeup-parrot', scenario: { loggedIn: false } });
    const adapter = resolveAdapter('auto', { siteUrl: server.url });
    // How long the ready check looks for a composer before giving up (the product waits DEFAULTS.browserReadyTimeoutMs).
    adapter.timings = { readyTimeoutMs: 1_000 };
    const model = new BrowserChatModel({ adapter, browser: browser(), temporaryChats: false });
    try {
      await assert.rejects(
        () => model.call('Say hello'),
        (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.SELECTOR_NOT_FOUND && /composer/.test(error.message),
      );
      assert.equal(server.submissions.length, 0, 'nothing sent');
    } finally {
      await model.close();
      await server.close();
    }
  });

  it('without ptk.siteUrl, site "auto" is a configuration error', () => {
    assert.throws(
      () => resolveAdapter('auto', {}),
      (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.CONFIG_INVALID && /ptk\.siteUrl/.test(error.message),
    );
  });
});
