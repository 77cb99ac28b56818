/**
 * A long answer streaming into the chat view, in a REAL VS Code: the extension's browser backend
 * drives the ChatGPT replica site, which streams a 50 KB and then a 200 KB answer with real
 * markup (headings, inline code, lists, tables, code blocks). The view's work must grow
 * linearly with the answer: the text the host posts for it (appends; the whole prose only on a
 * rewrite) and the markdown the view renders (finished blocks once, the open tail per frame),
 * both counted by the view itself. For 4× the text each may grow at most 5×. The time each
 * answer took is printed as information only. Screenshots: test-artifacts/vscode-ui-streaming-answer/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/streamingAnswer.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { BROWSER_ENTRY, startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { codeBlocksIn, markupAnswer } from '../../unit/webview/markupAnswer';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

const ASK_SMALL = 'Explain the parser module briefly';
const ASK_LARGE = 'Explain the parser module in full';
const ANSWERS = { small: markupAnswer(50_000), large: markupAnswer(200_000) };

/** What the view counted while one answer streamed. */
interface AnswerWork {
  streamedChars: number;
  renderedChars: number;
  seconds: number;
}

describe('A long answer streams into the chat view with linear work (real VS Code, replica site)', { skip: skipReason || undefined, timeout: 480_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const chat = () => workbench!.chat();

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-streaming-answer'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      // The prompt of the second task carries the first ask too: the latest ask decides. Large
      // tokens keep a 200 KB answer to a few seconds of streaming (still about a hundred deltas).
      responder: (prompt) => ({ reply: prompt.lastIndexOf(ASK_LARGE) > prompt.lastIndexOf(ASK_SMALL) ? ANSWERS.large : ANSWERS.small, tokenChars: 2_000, tokenMs: 20 }),
    });
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  /** The view's counters (characters streamed to it and of markdown rendered, since it opened). */
  const counters = async () => {
    const list = chat().locator('[data-testid="messages"]');
    return { streamed: Number((await list.getAttribute('data-streamed-chars')) ?? 0), rendered: Number((await list.getAttribute('data-rendered-chars')) ?? 0) };
  };

  /** Sends `ask`, waits for its finished answer (the `index`th), and returns what the view counted for it. */
  const answer = async (ask: string, index: number): Promise<AnswerWork> => {
    const before = await counters();
    const started = Date.now();
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill(ask);
    await input.press('Enter');
    const finished = chat().locator('.message.assistant:not(.streaming)', { hasText: 'That is the whole module.' });
    const errorCard = chat().locator('[data-testid="error-card"]');
    await finished
      .nth(index)
      .or(errorCard.first())
      .waitFor({ timeout: 180_000 })
      .catch(async (error: unknown) => {
        await workbench!.shot(`no-answer-${index}`);
        throw error;
      });
    assert.equal(await errorCard.count(), 0, `no error: ${await errorCard.allTextContents()}`);
    await chat().locator('body[data-busy="false"]').waitFor({ timeout: 30_000 });
    const seconds = (Date.now() - started) / 1000;
    const after = await counters();
    return { streamedChars: after.streamed - before.streamed, renderedChars: after.rendered - before.rendered, seconds };
  };

  it('streams a 50 KB then a 200 KB answer: text posted and markdown rendered grow linearly, and the bubble shows the whole answer', async () => {
    const small = await answer(ASK_SMALL, 0);
    await workbench!.shot('small-answer');
    const large = await answer(ASK_LARGE, 1);
    await workbench!.shot('large-answer');
    console.log(`# streamed ${ANSWERS.small.length} then ${ANSWERS.large.length} characters in ${small.seconds.toFixed(1)} s and ${large.seconds.toFixed(1)} s (information only)`);
    console.log(`# text posted to the view: ${small.streamedChars} → ${large.streamedChars}; markdown rendered: ${small.renderedChars} → ${large.renderedChars}`);

    const textRatio = ANSWERS.large.length / ANSWERS.small.length;
    assert.ok(textRatio > 3.9 && textRatio < 4.1, `4× the text (${textRatio.toFixed(2)}×)`);
    for (const [name, work, length] of [['50 KB', small, ANSWERS.small.length], ['200 KB', large, ANSWERS.large.length]] as const) {
      // Appends add up to the answer once; a rewrite (the page re-rendered) would resend it whole.
      assert.ok(work.streamedChars >= length * 0.9 && work.streamedChars <= length * 2, `${name}: ${work.streamedChars} characters posted for a ${length}-character answer`);
      assert.ok(work.renderedChars >= length * 0.9 && work.renderedChars <= length * 3, `${name}: ${work.renderedChars} characters of markdown rendered for a ${length}-character answer`);
    }
    // Linear: at every size at most two characters are posted per character of the answer (above).
    // The raw growth is printed only: one rare rewrite at one size moves it without breaking that bound.
    console.log(`# text posted grows ${(large.streamedChars / small.streamedChars).toFixed(2)}× for ${textRatio.toFixed(2)}× the answer`);
    assert.ok(large.renderedChars / small.renderedChars <= 5, `markdown rendered grows ${(large.renderedChars / small.renderedChars).toFixed(2)}× for ${textRatio.toFixed(2)}× the answer`);

    const bubble = chat().locator('.message.assistant:not(.streaming)', { hasText: 'That is the whole module.' }).nth(1);
    assert.equal(await bubble.locator('pre').count(), codeBlocksIn(ANSWERS.large), 'every code block of the answer is shown');
    assert.equal(await bubble.locator('table').count(), codeBlocksIn(ANSWERS.large), 'and every table');
  });
});
