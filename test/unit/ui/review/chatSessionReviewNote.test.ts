import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PTKExecuteResult } from '../../../../src/core/loop/loopTypes';
import { ChatSession } from '../../../../src/ui/chatSession';
import { ConversationStore } from '../../../../src/ui/conversationStore';
import { changeHunks } from '../../../../src/ui/review/changeHunks';
import { ReviewNotes } from '../../../../src/ui/review/reviewNote';
import { MemoryKeyValueStore } from '../memoryStore';

describe('ChatSession with review notes', () => {
  it('the next prompt carries what the user undid; the message shown is the user\'s own; the note goes once', async () => {
    const prompts: string[] = [];
    const notes = new ReviewNotes();
    const session = new ChatSession({
      runTask: async (prompt) => {
        prompts.push(prompt);
        return { success: true, content: 'ok', messages: [], iterations: 1, totalToolCalls: 0, duration: 0 } as unknown as PTKExecuteResult;
      },
      store: new ConversationStore(new MemoryKeyValueStore()),
      takeReviewNote: (conversationId) => notes.take(conversationId),
    });
    const [hunk] = changeHunks('a\nb\n', 'a\nB\n');
    notes.add(session.state.conversationId, { path: 'src/a.ts', hunk: hunk! });
    notes.add('another conversation', { path: 'src/other.ts', wholeFile: 'restored' });
    await session.send('Go on');
    await session.send('And again');

    assert.match(prompts[0]!, /^Go on\n\n\[Review\] The user reviewed your changes/);
    assert.match(prompts[0]!, /src\/a\.ts line 2: back as before your change/);
    assert.doesNotMatch(prompts[0]!, /other\.ts/, 'only this conversation\'s undos');
    assert.equal(prompts[1], 'And again');
    const shown = session.state.items.filter((item) => item.kind === 'user').map((item) => (item.kind === 'user' ? item.text : ''));
    assert.deepEqual(shown, ['Go on', 'And again']);
  });
});
