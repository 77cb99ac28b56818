import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ContextMention } from '../../../src/shared/chat/mentions';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import { ChatSession } from '../../../src/ui/chatSession';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { renderAttachedContext } from '../../../src/ui/mentionContext';
import { MemoryKeyValueStore } from './memoryStore';

const mention: ContextMention = { kind: 'file', label: 'src/config.ts', path: 'src/config.ts' };

/** A session over the real engine whose mentions resolve to a marked file content. */
function setup(keepsThread: boolean) {
  const model = new ScriptedChatModel(['First answer.', 'Second answer.', 'Third answer.'], { keepsThread });
  const manager = new PTKManager(model, new ToolRegistry([]));
  const events: ChatEvent[] = [];
  const resolutions: ContextMention[][] = [];
  let nextId = 0;
  const session = new ChatSession({
    runTask: (prompt, options) => manager.orchestrateToolCalling(prompt, options),
    store: new ConversationStore(new MemoryKeyValueStore()),
    createId: () => `id${++nextId}`,
    resolveContext: async (mentions) => {
      resolutions.push([...mentions]);
      return renderAttachedContext(mentions.map((chosen) => ({ mention: chosen, content: `CONTENT-OF-${chosen.path} (read ${resolutions.length})` })));
    },
  });
  session.onEvent((_conversationId, event) => events.push(event));
  return { session, model, events, resolutions };
}

for (const keepsThread of [false, true]) {
  describe(`ChatSession with mentions (${keepsThread ? 'a backend keeping its thread' : 'a stateless backend'})`, () => {
    it('attaches the context to that message only: later messages carry a note, not the content', async () => {
      const { session, model, events } = setup(keepsThread);
      await session.send('Explain the config', { mentions: [mention] });
      assert.match(model.prompts[0]!, /Explain the config\n\nThe user attached this context[^\n]*\n<context kind="file" path="src\/config\.ts">\nCONTENT-OF-src\/config\.ts \(read 1\)\n<\/context>/);

      await session.send('And now the tests?');
      const second = model.prompts[1]!;
      assert.equal(second.includes('CONTENT-OF-src/config.ts'), false, 'the content is not sent again');
      assert.match(second, /Explain the config\n\n\[Context attached when this message was sent, not repeated here: file src\/config\.ts\]/);
      assert.match(second, /And now the tests\?/);

      const userMessages = events.filter((event): event is Extract<ChatEvent, { type: 'userMessage' }> => event.type === 'userMessage');
      assert.deepEqual(userMessages[0]!.mentions, [mention]);
      assert.equal(userMessages[0]!.text, 'Explain the config', 'the transcript shows the text, the chips show the context');
      assert.equal('mentions' in userMessages[1]!, false);
    });
  });
}

describe('ChatSession retry with mentions', () => {
  it('reads the mentions again when the message is sent again', async () => {
    const { session, model, resolutions } = setup(false);
    await session.send('Explain the config', { mentions: [mention] });
    await session.retry();
    assert.equal(resolutions.length, 2);
    assert.match(model.prompts[1]!, /CONTENT-OF-src\/config\.ts \(read 2\)/);
  });

  it('sends the plain text when there are no mentions (the resolver is not asked)', async () => {
    const { session, model, resolutions } = setup(false);
    await session.send('Just a question');
    assert.equal(resolutions.length, 0);
    assert.equal(model.prompts[0]!.includes('The user attached'), false);
  });
});

describe('ChatSession with a web page mention', () => {
  it("shows each @url page as fetch_url's card of the task: attached with its size, or why not (an error, a page with no text)", async () => {
    const model = new ScriptedChatModel(['Read it.']);
    const manager = new PTKManager(model, new ToolRegistry([]));
    let nextId = 0;
    const pages: ContextMention[] = [
      { kind: 'url', label: 'http://localhost:3000/', url: 'http://localhost:3000/' },
      { kind: 'url', label: 'https://offline.example/', url: 'https://offline.example/' },
      { kind: 'url', label: 'http://localhost:8080/', url: 'http://localhost:8080/' },
    ];
    const session = new ChatSession({
      runTask: (prompt, options) => manager.orchestrateToolCalling(prompt, options),
      store: new ConversationStore(new MemoryKeyValueStore()),
      createId: () => `id${++nextId}`,
      resolveContext: async (mentions, _signal, onResolved) => {
        const resolved = mentions.map((chosen) =>
          chosen.url === 'http://localhost:3000/'
            ? { mention: chosen, content: 'x'.repeat(1234), attributes: { title: 'Dev page' } }
            : chosen.url === 'http://localhost:8080/'
              ? { mention: chosen, content: '', attributes: { title: 'Blank app' } }
              : { mention: chosen, content: '', error: 'the host offline.example could not be found' },
        );
        for (const entry of resolved) onResolved?.(entry.mention, entry.error ? { chars: 0, error: entry.error } : { chars: entry.content.length, title: entry.attributes?.title });
        return renderAttachedContext(resolved);
      },
    });
    await session.send('What do these pages say?', { mentions: pages });
    const cards = session.state.items.filter((item) => item.kind === 'tool');
    assert.deepEqual(
      cards.map((card) => card.kind === 'tool' && [card.tool, card.args.url, card.status, card.resultSummary]),
      [
        ['fetch_url', 'http://localhost:3000/', 'succeeded', 'Attached to the message: “Dev page”, 1,234 characters'],
        ['fetch_url', 'https://offline.example/', 'failed', 'Not attached: the host offline.example could not be found'],
        ['fetch_url', 'http://localhost:8080/', 'failed', 'Nothing to attach: the page “Blank app” shows no text'],
      ],
    );
  });
});
