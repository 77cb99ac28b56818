/**
 * Long answers streaming into the chat view, in a REAL VS Code: the extension's browser backend
 * drives the ChatGPT replica site, which streams a 50 KB and then a 200 KB answer of each shape:
 * real markup (headings, inline code, lists, tables, code blocks), one unbroken paragraph with
 * inline markup, and one code block. The view's work must grow linearly with the answer: the
 * text the host posts for it (appends; the whole prose only on a rewrite) and the markdown the
 * view renders (finished blocks once, the open block as it grows), both counted by the view
 * itself, stay within a bound per character of the answer at each size, and for 4× the text
 * the markdown rendered may grow at most 5×. The time each answer took is printed as
 * information only. Screenshots: test-artifacts/vscode-ui-streaming-answer/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/streamingAnswer.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { missingTools } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { codeAnswer, codeBlocksIn, markupAnswer, paragraphAnswer } from '../../unit/webview/markupAnswer';
import { openReplicaChat } from './replicaChat';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

/** The answer shapes, each streamed at both sizes. */
const SHAPES = { markup: markupAnswer, paragraph: paragraphAnswer, code: codeAnswer };
type Shape = keyof typeof SHAPES;
const SIZES = { small: 50_000, large: 200_000 };
type Size = keyof typeof SIZES;
const ANSWERS = Object.fromEntries(Object.entries(SHAPES).map(([shape, answer]) => [shape, { small: answer(SIZES.small), large: answer(SIZES.large) }])) as Record<Shape, Record<Size, string>>;
const ask = (shape: Shape, size: Size) => `Explain the parser module (${shape}, ${size})`;

/** The answer to the latest ask in `prompt` (a task's prompt carries the earlier asks too). */
function answerTo(prompt: string): string {
  const asks = [...prompt.matchAll(/Explain the parser module \((\w+), (\w+)\)/g)];
  const [, shape, size] = asks.at(-1) ?? [];
  return ANSWERS[shape as Shape]?.[size as Size] ?? 'Hello.';
}

/** What the view counted while one answer streamed. */
interface AnswerWork {
  streamedChars: number;
  renderedChars: number;
  seconds: number;
}

describe('Long answers stream into the chat view with linear work (real VS Code, replica site)', { skip: skipReason || undefined, timeout: 1_200_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  /** Answers finished so far (each ends with the same closing sentence). */
  let answered = 0;
  const chat = () => workbench!.chat();

  before(async () => {
    // Large tokens keep a 200 KB answer to a few seconds of streaming (still about a hundred deltas).
    workbench = await openReplicaChat('vscode-ui-streaming-answer', { responder: (prompt) => ({ reply: answerTo(prompt), tokenChars: 2_000, tokenMs: 20 }) });
  });

  after(async () => {
    await workbench?.stop();
  });

  /** The view's counters (characters streamed to it and of markdown rendered, since it opened). */
  const counters = async () => {
    const list = chat().locator('[data-testid="messages"]');
    return { streamed: Number((await list.getAttribute('data-streamed-chars')) ?? 0), rendered: Number((await list.getAttribute('data-rendered-chars')) ?? 0) };
  };

  /** Sends `text`, waits for its finished answer, and returns what the view counted for it. */
  const answer = async (text: string): Promise<AnswerWork> => {
    const index = answered++;
    const before = await counters();
    const started = Date.now();
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill(text);
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
    await chat().locator('body[data-busy="false"]').waitFor();
    const seconds = (Date.now() - started) / 1000;
    const after = await counters();
    return { streamedChars: after.streamed - before.streamed, renderedChars: after.rendered - before.rendered, seconds };
  };

  for (const shape of Object.keys(SHAPES) as Shape[]) {
    it(`streams a 50 KB then a 200 KB answer (${shape}): text posted and markdown rendered grow linearly, and the bubble shows the whole answer`, async () => {
      const small = await answer(ask(shape, 'small'));
      await workbench!.shot(`${shape}-small-answer`);
      const large = await answer(ask(shape, 'large'));
      await workbench!.shot(`${shape}-large-answer`);
      const answers = ANSWERS[shape];
      console.log(`# ${shape}: streamed ${answers.small.length} then ${answers.large.length} characters in ${small.seconds.toFixed(1)} s and ${large.seconds.toFixed(1)} s (information only)`);
      console.log(`# ${shape}: text posted to the view: ${small.streamedChars} → ${large.streamedChars}; markdown rendered: ${small.renderedChars} → ${large.renderedChars}`);

      const textRatio = answers.large.length / answers.small.length;
      assert.ok(textRatio > 3.9 && textRatio < 4.1, `4× the text (${textRatio.toFixed(2)}×)`);
      for (const [name, work, length] of [['50 KB', small, answers.small.length], ['200 KB', large, answers.large.length]] as const) {
        // Appends add up to the answer once; a rewrite (the page re-rendered) would resend it whole.
        assert.ok(work.streamedChars >= length * 0.9 && work.streamedChars <= length * 2, `${name}: ${work.streamedChars} characters posted for a ${length}-character answer`);
        // The open tail is rendered again once per frame: a faster machine draws more frames of the
        // same stream, so the bound leaves room for that (a quadratic view renders tens of times the answer).
        assert.ok(work.renderedChars >= length * 0.9 && work.renderedChars <= length * 4, `${name}: ${work.renderedChars} characters of markdown rendered for a ${length}-character answer`);
      }
      // Linear: at every size at most two characters are posted per character of the answer (above).
      // The raw growth is printed only: one rare rewrite at one size moves it without breaking that bound.
      console.log(`# ${shape}: text posted grows ${(large.streamedChars / small.streamedChars).toFixed(2)}× for ${textRatio.toFixed(2)}× the answer`);
      assert.ok(large.renderedChars / small.renderedChars <= 5, `markdown rendered grows ${(large.renderedChars / small.renderedChars).toFixed(2)}× for ${textRatio.toFixed(2)}× the answer`);

      const bubble = chat().locator('.message.assistant:not(.streaming)', { hasText: 'That is the whole module.' }).nth(answered - 1);
      assert.equal(await bubble.locator('pre').count(), shape === 'paragraph' ? 0 : codeBlocksIn(answers.large), 'every code block of the answer is shown');
      if (shape === 'markup') assert.equal(await bubble.locator('table').count(), codeBlocksIn(answers.large), 'and every table');
      if (shape === 'paragraph') assert.equal(await bubble.locator('p').count(), 1, 'the paragraph is one paragraph');
      if (shape === 'code') assert.equal(await bubble.locator('pre code').evaluate((code) => code.textContent?.split('\n').length), answers.large.split('\n').length - 3, 'the code block holds every line');
    });
  }
});
